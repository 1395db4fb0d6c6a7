"""China controls: the words on them and the short codes their custom_ids carry.

Codes keep payloads small and readable: cards are letters (``r y g o p``, e.g. ``ryy``) and pieces are
``h<n>`` (house on space n), ``f<n>`` (fortification on space n) and ``e`` (emissary) joined by ``-``
(``f4-h4``, ``h3-e``), where n is the number printed on the board picture. Parsing accepts only what the
codes can express and raises UserError otherwise; whether the move is legal is the engine's business.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.errors import UserError
from bot.games.base.language import mark, tr, trn, trp
from bot.games.china.schema import ChinaView, RegionView
from bot.games.china.text import colour_word, space_label
from cogs.controls.routes import UNREADABLE
from cogs.controls.views import typed_view

if TYPE_CHECKING:
    from bot.tables import Table


COLOURS = ("red", "yellow", "green", "orange", "purple")
LETTER = {"red": "r", "yellow": "y", "green": "g", "orange": "o", "purple": "p"}
COLOUR_OF = {letter: colour for colour, letter in LETTER.items()}
# Colour is never the only cue: every card also carries its colour's name.
EMOJI = {"red": "🟥", "yellow": "🟨", "green": "🟩", "orange": "🟧", "purple": "🟪"}

_PIECE = re.compile(r"(?P<kind>[hf])(?P<space>[0-9]{1,2})|e")
_KIND_ORDER = {"fortification": 0, "house": 1, "emissary": 2}


# -- cards -------------------------------------------------------------------------------------------
def card(colour: str) -> str:
    return f"{EMOJI.get(colour, '')} {colour_word(colour)}".strip()


def cards_list(colours: Sequence[str]) -> str:
    """["red", "green", "green"] -> "🟥 red, 2 × 🟩 green" (in the fixed colour order)."""
    counts = Counter(colours)
    parts = [card(c) if counts[c] == 1 else f"{counts[c]} × {card(c)}" for c in COLOURS if counts[c]]
    return trp("china list", ", ").join(parts) or tr("no cards")


def payment_text(colours: Sequence[str], region_colour: str) -> str:
    """How a card set pays in a region: its own-colour cards, then the wild pair named as such."""
    own = sum(1 for c in colours if c == region_colour)
    pair = [c for c in colours if c != region_colour]
    parts = [card(region_colour) if own == 1 else f"{own} × {card(region_colour)}"] if own else []
    if pair:
        parts.append(tr("2 × {card} (wild pair)", card=card(pair[0])))
    return " + ".join(parts)


def cards_code(colours: Sequence[str]) -> str:
    return "".join(LETTER[c] for c in colours)


def read_cards(code: str) -> list[str]:
    if not 1 <= len(code) <= 3 or any(letter not in COLOUR_OF for letter in code):
        raise UserError(UNREADABLE)
    return sorted((COLOUR_OF[letter] for letter in code), key=COLOURS.index)


# -- pieces ------------------------------------------------------------------------------------------
def pieces_code(pieces: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for piece in pieces:
        if piece["kind"] == "emissary":
            parts.append("e")
        else:
            parts.append(f"{'h' if piece['kind'] == 'house' else 'f'}{space_label(str(piece['space']))}")
    return "-".join(parts)


def read_pieces(code: str, region: RegionView) -> list[dict[str, str]]:
    """A pieces code as the engine's piece dicts (canonical order), for the spaces of ``region`` only."""
    spaces = {space_label(s): s for s in region["spaces"]}
    parts = code.split("-")
    if not 1 <= len(parts) <= 2:
        raise UserError(UNREADABLE)
    pieces: list[dict[str, str]] = []
    for part in parts:
        match = _PIECE.fullmatch(part)
        if match is None:
            raise UserError(UNREADABLE)
        if part == "e":
            pieces.append({"kind": "emissary"})
            continue
        if match["space"] not in spaces:
            raise UserError(UNREADABLE)
        kind = "house" if match["kind"] == "h" else "fortification"
        pieces.append({"kind": kind, "space": spaces[match["space"]]})
    return sorted(pieces, key=lambda p: (_KIND_ORDER[p["kind"]], p.get("space", "")))


def pieces_order(pieces: Sequence[Mapping[str, Any]]) -> tuple[int, tuple[int, ...]]:
    """Reading order of piece options: houses, then with an emissary, emissaries, fortifications; by space."""
    kinds = tuple(p["kind"] for p in pieces)
    shapes = [("house",), ("emissary",), ("fortification",), ("house", "house"), ("house", "emissary"),
              ("emissary", "emissary"), ("fortification", "house"), ("fortification", "emissary")]
    rank = shapes.index(kinds) if kinds in shapes else len(shapes)
    return rank, tuple(int(space_label(str(p["space"])) or 0) for p in pieces if "space" in p)


def houses_in(pieces: Sequence[Mapping[str, Any]]) -> int:
    return sum(1 for p in pieces if p["kind"] == "house")


# -- the table ---------------------------------------------------------------------------------------
def region_of(view: ChinaView, region_id: str) -> RegionView:
    for region in view["regions"]:
        if region["id"] == region_id:
            return region
    raise UserError(UNREADABLE)


def region_label(region: RegionView) -> str:
    return f"{EMOJI[region['color']]} {tr(region['name'])}"


def region_detail(region: RegionView, seat: int) -> str:
    """One line on a region as a player weighs it (for a select option's description)."""
    total, free, mine = len(region["spaces"]), region["free_spaces"], region["houses"][seat]
    state = trp("china", "open") if region["open"] else tr("empty: 1 piece only")
    parts = [trp("china", "scored") if region["scored"] else state]
    parts.append(
        trn("{free} of {n} space free", "{free} of {n} spaces free", total, free=free) if free else tr("no space free")
    )
    if region["cap"]:
        parts.append(tr("emissaries {placed} of at most {cap}", placed=sum(region["emissaries"]), cap=region["cap"]))
    if mine:
        parts.append(trn("you have {n} house", "you have {n} houses", mine))
    return " · ".join(parts)


def table_line(view: ChinaView) -> str:
    """The face-up cards and the deck, which every refill and exchange chooses among."""
    deck = trn("Deck: {n} card", "Deck: {n} cards", view["deck_count"])
    if view["exhaustions"] == 1:
        deck = trn(
            "Deck: {n} card (it ran out once; the next time, the game ends with that round)",
            "Deck: {n} cards (it ran out once; the next time, the game ends with that round)",
            view["deck_count"],
        )
    elif view["exhaustions"] >= 2:
        deck = tr("The deck is gone: this is the last round")
    shown = cards_list(view["display"]) if view["display"] else trp("china", "none")
    return tr("Face-up: {cards}. {deck}.", cards=shown, deck=deck)


def supply_line(view: ChinaView, seat: int) -> str:
    me = view["players"][seat]
    parts = [trn("{n} house", "{n} houses", me["houses"]), trn("{n} emissary", "{n} emissaries", me["emissaries"])]
    if view["options"].get("fortifications"):
        parts.append(tr("1 fortification") if me["fortifications"] else tr("your fortification is placed"))
    return tr(
        "In supply: {pieces}. Score: {score}.",
        pieces=trp("china list", ", ").join(parts), score=trn("{n} point", "{n} points", me["score"]),
    )


# -- the Rules button ------------------------------------------------------------------------------------
def phase_summary(table: Table) -> str:
    """The rules of the phase China is in now, in a few plain lines (public view only); the first names it."""
    view = typed_view(ChinaView, table, None)
    if view["phase"] == "refill":
        owed = view["draws_owed"]
        lines = [
            tr("**Refill** (after placing)"),
            tr("Draw back up to 3 cards, one at a time ({owed} more), each from the deck or the face-up cards.",
               owed=owed),
            tr("You see each card before choosing where the next comes from."),
        ]
    else:
        lines = [
            tr("**Your turn: place or exchange**"),
            tr("Place: play 1-3 cards to put 1 or 2 pieces into one region; each piece costs a card of the region's "
               "colour, or two cards of one other colour."),
            tr("A region empty when your turn began takes only 1 piece; its emissaries may never outnumber the most "
               "houses one player has there."),
            tr("Or exchange: give up one card and take one from the deck or the face-up cards (no refill)."),
            tr("A region scores as soon as its last house space fills."),
        ]
    if view["final_round"]:
        lines.append(tr("Last round: the deck has run out twice; the game ends when this round is over."))
    return "\n".join(lines)


def awaited(view: ChinaView, players: str, count: int) -> str | None:
    """The whole sentence on whom the game waits for and what for now; None for the plain one."""
    if view["phase"] == "refill":
        return trn("The game is waiting for {players} to refill their hand.",
                   "The game is waiting for {players} to refill their hands.", count, players=players)
    if view["phase"] == "action":
        return trn("The game is waiting for {players} to place pieces or exchange a card.",
                   "The game is waiting for {players} to place pieces or exchange cards.", count, players=players)
    return None


def due(view: ChinaView) -> str:
    """What the seat to act is asked for now, for its notifications ("place pieces or exchange a card")."""
    if view["phase"] == "refill":
        return tr("refill your hand")
    if view["phase"] != "action":
        return tr("your move")
    return _placeable(view)


def _placeable(view: ChinaView) -> str:
    """The most pieces the seat to act may place, from what everybody sees: two into a region that holds a
    piece, else one; no more than its cards (one card each at best) nor its supply."""
    me = next((p for p in view["players"] if p["seat"] == view["active"]), None)
    if me is None:
        return tr("place pieces or exchange a card")
    houses = me["houses"] > 0 and any(r["free_spaces"] for r in view["regions"] if not r["scored"])
    emissaries = me["emissaries"] > 0
    most = min(2 if any(r["open"] and not r["scored"] for r in view["regions"]) else 1, me["hand_count"],
               me["houses"] * houses + me["emissaries"])
    if most < 1:
        return tr("exchange a card")
    if houses and emissaries:
        return trn("place a house or an emissary, or exchange a card",
                   "place up to {n} houses or emissaries, or exchange a card", most)
    if houses:
        return trn("place a house, or exchange a card", "place up to {n} houses, or exchange a card", most)
    return trn("place an emissary, or exchange a card", "place up to {n} emissaries, or exchange a card", most)


# One description per option value, in plain words (the lobby shows it under the value).
OPTION_HELP: dict[str, dict[Any, str]] = {
    "board_side": {
        "auto": mark("3 players play on the 3-4 side of the board, 4 or 5 players on the 4-5 side."),
        "3-4": mark("The 3-4 side of the board, for 3 or 4 players (only the roads differ)."),
        "4-5": mark("The 4-5 side of the board, for 4 or 5 players (only the roads differ)."),
    },
    "fortifications": {
        False: mark("The basic game, without fortifications."),
        True: mark("Expert game: each player also has one fortification, which doubles their points there."),
    },
}


RULES_SUMMARY = mark(
    "**Goal**: the most points, from houses and emissaries in the nine regions of China.\n"
    "**Your turn**: one of\n"
    "• *Place*: play 1-3 cards to put 1 or 2 pieces into **one** region. Each piece costs one card of the "
    "region's colour, or two cards of one other colour (a wild pair). A region that was empty at the start of "
    "your turn takes only 1 piece. A house needs a free space. Emissaries in a region may never outnumber the "
    "most houses any one player has there (you need no house of your own). Then refill to 3 cards, one at a "
    "time, from the deck or the 4 face-up cards.\n"
    "• *Exchange*: give up one card and take one from the deck or the face-up cards (no refill).\n"
    "**Region scoring**: when a region's last house space fills, it scores at once. Most houses: 1 point per "
    "house there, of any colour. The next: the leader's house count; the next: the second's count, and so on. "
    "Ties share a place.\n"
    "**End**: after the round in which the deck runs out a second time (the discard pile is reshuffled the "
    "first time), or as soon as no piece can be placed.\n"
    "**Final scoring**: regions not yet scored, as above. Each alliance (the 15 numbers on the borders): every "
    "emissary in its two regions counts for each player with the most emissaries in both (ties count; you need "
    "one in each). Roads: every row of 4 or more of your houses linked by roads scores 1 per house; branches "
    "score nothing and no house counts twice.\n"
    "**Fortifications** (expert option): one each, placed and paid like a piece, with your house on it in the "
    "same turn whenever you can. It doubles its house owner's points in that region and any road row through it.\n"
    "**Tie**: the most pieces left in supply.\n"
    "**Board sides**: 3 players use the 3-4 side, 5 the 4-5 side, 4 either; only the roads differ."
)
