"""What the pointer can be over on the table: a small value naming one thing."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Target:
    """``kind`` says what; ``a``/``b``/``c``/``s`` say which (seat, card, space, tile...).

    kinds: reserve(a=card) market(a=level) tree_kind(a=kind) space(a=seat,b=x,c=y)
    rock(a=rock) centre_fire(a=value,b=index) help_card(a=seat,b=index,c=card)
    draw_pile(a) discard(a) fragments(a) fires(a) victory(a=seat,s=kind,b=season)
    tracks(a) totals(a) name(a) standee(a) fragment_supply varan_supply fire_supply
    sacred_tree(a) log button(s=name)
    """

    kind: str
    a: int = -1
    b: int = -1
    c: int = -1
    s: str = ""
