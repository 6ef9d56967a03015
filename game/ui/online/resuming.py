"""Back to an online table held here, from the menu or the Your tables list: a hosted
table's server reopens on its port and file first (with the certificate the settings hold,
if it spoke wss://), then the seats are resumed in a lobby that goes straight on to the
table."""

from __future__ import annotations

from game.ui.online.held import HeldSeat
from game.ui.online.service import (
    BadCertificate,
    HostTls,
    PortInUse,
    ServingElsewhere,
    TlsMismatch,
)
from game.ui.scene import Scene


def resume_table(scene: Scene, held: HeldSeat) -> str:
    """Open the table of ``held`` from ``scene`` (a hosted one's server reopens on its port
    and file first); the error to show if it cannot, else ""."""
    ctx = scene.ctx
    settings = ctx.settings
    tls = HostTls(settings.host_cert, settings.host_key) if settings.host_cert else None
    try:
        session = ctx.online.resume(held, tls)
    except PortInUse as e:
        return ctx.tr("online.error.port_taken", port=e.port)
    except ServingElsewhere as e:
        return ctx.tr("online.error.port_running", port=e.port)
    except TlsMismatch as e:
        return ctx.tr("online.error.tls_running" if e.tls else "online.error.plain_running")
    except BadCertificate:
        return ctx.tr("online.error.certificate")
    except RuntimeError:
        return ctx.tr("online.error.host")
    scene.push("online_lobby", session, held.hosted, True)
    return ""
