"""Hand-written Great Wall views that follow ``bot/games/great_wall/schema.py`` to the letter.

The builders derive what a real view derives (card values, progress, leader, participants) with the
rules of docs/rules/great_wall.md §5.2, so the pictures look like real games even without the engine.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.games.great_wall.schema import (
        CardView,
        GreatWallView,
        PlayerView,
        SectionView,
    )

COLOURS = ("BLUE", "GREEN", "RED", "GREY", "YELLOW")
DECK_INDEX = {"WALL": 0, "GATE": 7, "TOWER": 10, "INFANTRY": 11, "CAVALRY": 16, "NOBLE": 18, "DRAGON": 19}
DECK_COUNTS = {"WALL": 7, "GATE": 3, "TOWER": 1, "INFANTRY": 5, "CAVALRY": 2, "NOBLE": 1, "DRAGON": 1}
BASE = {"WALL": 1, "GATE": 2, "TOWER": 3, "INFANTRY": 1, "CAVALRY": 2, "NOBLE": 1, "DRAGON": 1}

Spec = tuple[int, str]  # (owner seat, card type)


class Cards:
    """Hands out the stable ids ``seat*20 + index`` so no card appears twice in one view."""

    def __init__(self) -> None:
        self.used: dict[tuple[int, str], int] = {}

    def take(self, owner: int, kind: str) -> int:
        n = self.used.get((owner, kind), 0)
        if n >= DECK_COUNTS[kind]:
            raise ValueError(f"seat {owner} has only {DECK_COUNTS[kind]} {kind}")
        self.used[(owner, kind)] = n + 1
        return owner * 20 + DECK_INDEX[kind] + n


def section(
    cards: Cards,
    slot: int,
    num_players: int,
    markers: Sequence[int],
    stacks: Sequence[Sequence[Spec]] = (),
    first_marker: tuple[int, int] | None = None,
) -> SectionView:
    """An open section. ``stacks`` bottom -> top; ``first_marker`` = (value, index of the stack whose top
    card bears it)."""
    row: list[list[CardView]] = [
        [
            {"id": cards.take(o, k), "owner": o, "type": k, "value": 0, "covered": i < len(s) - 1, "marker": None}  # type: ignore[typeddict-item]
            for i, (o, k) in enumerate(s)
        ]
        for s in stacks
    ]
    noble = any(stack[-1]["type"] == "NOBLE" for stack in row)
    ranks: dict[int, int] = {}
    for stack in row:  # only Dragons cover, so stack bottoms are in placement order
        for card in stack:
            rank = 0
            if card["type"] == "INFANTRY":
                rank = ranks[card["owner"]] = ranks.get(card["owner"], 0) + 1
            base = rank or BASE[card["type"]]
            card["value"] = 0 if card["covered"] else 1 if noble else base
    first = None
    if first_marker is not None:
        value, index = first_marker
        top = row[index][-1]
        top["marker"] = value
        first = {"value": value, "card": top["id"], "owner": top["owner"]}
    progress: list[int | None] = [None] * num_players
    for stack in row:
        for card in stack:
            progress[card["owner"]] = (progress[card["owner"]] or 0) + card["value"]
    if first is not None:
        progress[first["owner"]] = (progress[first["owner"]] or 0) - first["value"]
    leader = None
    for seat, p in enumerate(progress):
        if p is not None and all(q is None or q < p for s, q in enumerate(progress) if s != seat):
            leader = seat
    return {
        "slot": slot,
        "open": True,
        "markers": sorted(markers),
        "first_marker": first,  # type: ignore[typeddict-item]
        "row": row,
        "progress": progress,
        "leader": leader,
        "noble_active": noble,
    }


def closed(slot: int, num_players: int) -> SectionView:
    return {
        "slot": slot,
        "open": False,
        "markers": [],
        "first_marker": None,
        "row": [],
        "progress": [None] * num_players,
        "leader": None,
        "noble_active": False,
    }


def player(seat: int, hand: int = 5, deck: int = 15, markers: Sequence[int] = (), resigned: bool = False,
           visible: bool = False, timed_out: bool = False) -> PlayerView:
    return {
        "seat": seat,
        "colour": COLOURS[seat],  # type: ignore[typeddict-item]
        "hand_count": hand,
        "deck_count": deck,
        "markers_count": len(markers),
        "markers": list(markers) if visible else None,
        "score": sum(markers) if visible else None,
        "unplayed": {},
        "resigned": resigned,
        "timed_out": timed_out,
    }


def view(num_players: int, sections: list[SectionView], players: list[PlayerView], **fields: Any
         ) -> GreatWallView:
    base: dict[str, Any] = {
        "key": "great_wall",
        "viewer": None,
        "num_players": num_players,
        "options": {"first_seat": None, "infantry_covered": "keep_rank", "open_scores": False},
        "phase": "actions",
        "active": 0,
        "actions_left": 2,
        "cavalry_allowed": True,
        "pending_claim": None,
        "last_round": None,
        "sections": sections,
        "supply_count": 36 - 2 * len(sections),
        "supply_values": {},
        "removed_pairs": [],
        "removed_cards": 0,
        "players": players,
        "hand": None,
        "deck_composition": None,
        "last_move": None,
        "result": None,
    }
    base.update(fields)
    return base  # type: ignore[return-value]


def private(public: GreatWallView, seat: int, hand: Sequence[str], deck: dict[str, int],
            markers: Sequence[int] = (3, 5)) -> GreatWallView:
    """``seat``'s own view of the same table: its hand, deck composition and marker values."""
    own = copy.deepcopy(public)
    cards = Cards()
    own["viewer"] = seat
    own["hand"] = [
        {"id": cards.take(seat, k), "owner": seat, "type": k, "value": BASE[k], "covered": False,  # type: ignore[typeddict-item]
         "marker": None}
        for k in hand
    ]
    own["deck_composition"] = deck
    me = own["players"][seat]
    me["hand_count"], me["deck_count"] = len(hand), sum(deck.values())
    me["markers"], me["markers_count"], me["score"] = list(markers), len(markers), sum(markers)
    return own


# -- the scenes -----------------------------------------------------------------------------------
def opening(n: int) -> GreatWallView:
    """A fresh table: empty open sections, five cards in every hand."""
    cards = Cards()
    count = {2: 2, 3: 3, 4: 4, 5: 4}[n]
    pairs = [(2, 5), (3, 4), (1, 8), (4, 7)]
    sections = [section(cards, slot, n, pairs[slot]) for slot in range(count)]
    return view(n, sections, [player(s) for s in range(n)], actions_left=0, phase="check",
                cavalry_allowed=False, removed_pairs=[4, 4] if n == 2 else [])


def midgame(n: int) -> GreatWallView:
    """Cards everywhere: a covered stack, a Noble, a first marker, a closed slot (4+ players), a last move."""
    cards = Cards()
    b, g = 0, 1
    r = 2 % n
    sections = [
        section(cards, 0, n, [3, 5], [[(b, "GATE")], [(g, "WALL")], [(b, "INFANTRY")], [(g, "TOWER")],
                                      [(b, "INFANTRY")], [(g, "WALL"), (b, "DRAGON")]]),
        section(cards, 1, n, [4], [[(g, "GATE")], [(b, "WALL")], [(g, "GATE")], [(r, "CAVALRY")],
                                   [(r, "CAVALRY")]], first_marker=(7, 0)),
    ]
    if n >= 3:
        sections.append(section(cards, 2, n, [2, 8], [[(2, "TOWER")], [(0, "WALL")], [(1, "INFANTRY")],
                                                      [(2, "NOBLE")]]))
    if n >= 4:
        sections.append(closed(3, n))
    dragon = sections[0]["row"][-1][-1]["id"]
    players = [player(0, 4, 9, [5, 3]), player(1, 6, 10, [8]), *[player(s, 5, 12) for s in range(2, n)]]
    return view(n, sections, players, active=1, actions_left=1, supply_count=14,
                last_move={"seat": 0, "kind": "play", "section": 0, "cards": [dragon]})


def long_rows() -> GreatWallView:
    """Five players, 20+ cards in one section, a Dragon on a Dragon on a Tower, and long names."""
    n = 5
    cards = Cards()
    heavy: list[list[Spec]] = []
    for kind, count in DECK_COUNTS.items():
        if kind not in ("TOWER", "DRAGON", "NOBLE"):
            heavy += [[(0, kind)]] * count
    heavy += [[(1, "GATE")]] * 3 + [[(1, "WALL")]] * 7 + [[(1, "INFANTRY")]] * 5 + [[(1, "CAVALRY")]] * 2
    heavy += [[(3, "TOWER"), (4, "DRAGON"), (2, "DRAGON")], [(0, "TOWER"), (0, "DRAGON")]]
    sections = [
        section(cards, 0, n, [5], heavy, first_marker=(8, 3)),
        section(cards, 1, n, [2, 3], [[(s, "WALL")] for s in (2, 3, 4)] * 3),
        section(cards, 2, n, [1, 4], [[(2, "GATE")], [(3, "GATE")], [(4, "GATE")], [(4, "TOWER")]]),
        section(cards, 3, n, [4, 5]),
    ]
    players = [player(s, 2, 0 if s == 0 else 3, [5, 4, 3, 2] if s < 2 else []) for s in range(n)]
    last = [c["id"] for stack in sections[1]["row"][-3:] for c in stack if c["owner"] == 2]
    return view(n, sections, players, active=2, supply_count=0, removed_cards=41,
                last_move={"seat": 2, "kind": "play", "section": 1, "cards": last})


def pending_claim() -> GreatWallView:
    """Seat 1 leads section 2 and must choose the first marker and the card to put it on."""
    n = 3
    cards = Cards()
    sections = [
        section(cards, 0, n, [2, 7], [[(0, "WALL")], [(2, "GATE")]]),
        section(cards, 1, n, [3, 5], [[(1, "TOWER")], [(1, "GATE")], [(0, "GATE")], [(1, "WALL"), (0, "DRAGON")],
                                      [(1, "INFANTRY")]]),
        section(cards, 2, n, [1, 4]),
    ]
    candidates = [stack[-1]["id"] for stack in sections[1]["row"] if stack[-1]["owner"] == 1]
    return view(n, sections, [player(s, 5, 10, [4] if s == 2 else []) for s in range(n)], active=1,
                phase="check", actions_left=0, cavalry_allowed=False,
                pending_claim={"section": 1, "markers": [3, 5], "cards": candidates},
                last_move={"seat": 0, "kind": "draw", "section": None, "cards": []})


def last_round() -> GreatWallView:
    """Red declared; Grey's final check is next, two seats still owed one."""
    n = 4
    cards = Cards()
    sections = [
        section(cards, 0, n, [5], [[(0, "TOWER")], [(2, "GATE")], [(3, "WALL")]], first_marker=(2, 1)),
        closed(1, n),
        section(cards, 2, n, [3, 4], [[(1, "NOBLE")], [(3, "GATE")], [(3, "GATE")]]),
        closed(3, n),
    ]
    players = [player(0, 1, 0, [5, 2]), player(1, 0, 0, [7, 3], resigned=True), player(2, 0, 0, [4, 4, 8]),
               player(3, 2, 0, [1])]
    return view(n, sections, players, active=3, phase="final_check", actions_left=0, cavalry_allowed=False,
                supply_count=0, last_round={"declarer": 2, "stage": "final_check", "remaining": [0, 2]},
                last_move={"seat": 2, "kind": "claim", "section": 0, "cards": []})


def game_over(n: int, reason: str = "normal") -> GreatWallView:
    """The end: every marker public, one first marker lost on a card, a shared first place."""
    cards = Cards()
    sections = [section(cards, 0, n, [4], [[(0, "GATE")], [(1, "WALL")]], first_marker=(8, 0))]
    sections += [closed(slot, n) for slot in range(1, {2: 2, 3: 3, 4: 4, 5: 4}[n])]
    won = [[5, 3], [7, 1], [4, 2, 1], [8, 5, 3, 2], [2]][:n]
    won[1] = [7, 1]
    players = [player(s, 0, 0, won[s], visible=True) for s in range(n)]
    scores = [sum(m) for m in won]
    ranking = [1 + sum(1 for o in scores if o > mine) for mine in scores]
    breakdown = [
        {"markers": sorted(won[s], reverse=True), "total": scores[s], "lost_on_cards": [8] if s == 0 else [],
         "resigned": False, "timed_out": False}
        for s in range(n)
    ]
    return view(n, sections, players, phase="over", active=None, actions_left=0, cavalry_allowed=False,
                supply_count=0, result={"scores": scores, "ranking": ranking, "breakdown": breakdown,
                                        "reason": reason})


def resigned_over() -> GreatWallView:
    """Ended because all but one player left: the leavers rank last."""
    over = game_over(3, "resignation")
    for seat in (1, 2):
        over["players"][seat]["resigned"] = True
        breakdown: Any = over["result"]["breakdown"]  # type: ignore[index]
        breakdown[seat]["resigned"] = True
    over["result"]["ranking"] = [1, 3, 2]  # type: ignore[index]
    return over


def timed_out_over() -> GreatWallView:
    """As :func:`resigned_over`, but the last to leave (seat 2) ran out of time: that was the last move."""
    over = resigned_over()
    over["players"][2]["timed_out"] = True
    breakdown: Any = over["result"]["breakdown"]  # type: ignore[index]
    breakdown[2]["timed_out"] = True
    over["last_move"] = {"seat": 2, "kind": "resign", "section": None, "cards": []}
    return over
