"""High Lantern's alt text: the same facts its picture draws, from the same view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import theme


def seat_colours(view: Mapping[str, Any]) -> list[str]:
    return list(theme.SEAT_ORDER[: len(view["seats"])])


def _seats(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    said = []
    for s, seat in enumerate(view["seats"]):
        state = "out of the game" if seat["left"] else f"{seat['cards']} cards in hand"
        said.append(f"{names[s]}: {state}, {seat['tricks']} tricks.")
    return said


def _trick(view: Mapping[str, Any], names: Sequence[str]) -> str:
    played = ", ".join(f"{names[s]} {card}" for s, card in view["trick"])
    return f"The trick: {played}." if played else "No card played in this trick yet."


def board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    turn = f"{names[view['turn']]} to play." if view["turn"] >= 0 else "The game is over."
    return [f"High Lantern. {turn}", *_seats(view, names), _trick(view, names)]


def hand(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    if "hand" not in view:
        raise ValueError("a public view has no hand")
    return [f"Your hand: {', '.join(map(str, view['hand']))}.", *board(view, names)]


def final(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    if view["result"] is None:
        raise ValueError("the game is not over")
    ranking = view["result"]["ranking"]
    order = sorted(range(len(ranking)), key=lambda s: ranking[s])
    return ["High Lantern, final ranking.", *(f"{ranking[s]}. {names[s]}, {view['seats'][s]['tricks']} tricks."
                                              for s in order)]
