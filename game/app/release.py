"""Release checks run on the installed game and the desktop bundle (see ``.ci/run``).

``--first-frame`` draws the menu once through the real composition root and prints the wall
clock time, so a caller that noted when it launched the process gets the time to first frame
(bundle start-up, imports, fonts and art included).
"""

from __future__ import annotations

import time


def first_frame() -> int:
    import pygame

    from game.app.launch import build
    from game.ui.app import TableApp
    from game.ui.scenes.menu import MenuScene

    services = build(use_workers=False, sound=False)
    try:
        app = TableApp(services.ctx, (1280, 720))
        app.stack.push(MenuScene(services.ctx))
        app.step(1 / 60)
        print(f"first_frame_at {time.time():.6f}", flush=True)
    finally:
        services.close()
        pygame.quit()
    return 0
