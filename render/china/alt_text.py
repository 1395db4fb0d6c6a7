"""Alt text for China, from a view (``bot/games/china/schema.py``) only.

Other players' hands are only ever counts; the deck only its size. Words for cards, regions and spaces
come from the engine (``bot/games/china/text.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.games.base import Event
from bot.games.base.language import tr, trn, trp
from bot.games.base.words import join
from bot.games.china.text import cards_text, colour_word, describe, region_name, space_label
from render import leaving, theme
from render.alt_text.words import final_result, own, placed, places
from render.china.crops import region_of
from render.game import Part

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView, PlayerView, RegionView

TITLE = "China"


def seat_colours(view: ChinaView) -> list[str]:
    # The picture gives China's seats the theme's colours in seat order (render/china.py).
    return list(theme.SEAT_ORDER[: view["num_players"]])


def _points(n: int) -> str:
    return trn("{n} point", "{n} points", n)


def _houses(n: int) -> str:
    return trn("{n} house", "{n} houses", n)


def _emissaries(n: int) -> str:
    return trn("{n} emissary", "{n} emissaries", n)


def _counted(colours: Mapping[str, int]) -> str:
    """{"red": 2, "green": 0} -> "2 red"; "no cards" when all are 0."""
    return cards_text([c for c, n in colours.items() for _ in range(n)])


def _status(view: ChinaView, names: Sequence[str]) -> str:
    who = names[view["active"]] if view["active"] is not None else trp("china", "Nobody")
    if view["phase"] == "refill":
        return trn("{player} draws {n} more card", "{player} draws {n} more cards", view["draws_owed"], player=who)
    return tr("{player} to play", player=who)


def _deck(view: ChinaView) -> str:
    if view["final_round"]:
        return tr("the deck ran out twice: this round is the last")
    return tr("the deck has run out once") if view["exhaustions"] == 1 else ""


def _game_over(view: ChinaView, names: Sequence[str]) -> str:
    """The engine's own end-of-game sentence: why it ended and the new Emperor."""
    result = theme.finished(view["result"])
    ranking = result["ranking"]
    winners = [s for s in places(ranking) if ranking[s] == 1]
    event = Event("game_over", {"reason": result["reason"], "scores": result["scores"], "winners": winners})
    return describe(event, names) or tr("The game is over.")


def _score(player: PlayerView, names: Sequence[str]) -> str:
    """ "Ann 12 points", marked when the player left play (out of time is no resignation)."""
    fields = {"player": names[player["seat"]], "points": _points(player["score"])}
    if leaving.dropped(player):
        return tr("{player} {points} (dropped)", **fields)
    if player["timed_out"]:
        return tr("{player} {points} (out of time)", **fields)
    if player["resigned"]:
        return tr("{player} {points} (resigned)", **fields)
    return tr("{player} {points}", **fields)


def _scores(view: ChinaView, names: Sequence[str]) -> str:
    parts = [_score(p, names) for p in view["players"]]
    # At the end the Emperor is the winner, not the start marker's holder: the marker is not worth a word.
    if view["result"] is None:
        return tr("Scores: {scores}; {player} holds the Emperor marker.", scores=trp("china list", ", ").join(parts),
                  player=names[view["start_seat"]])
    return tr("Scores: {scores}.", scores=trp("china list", ", ").join(parts))


def _supply(player: PlayerView) -> str:
    pieces = [_houses(player["houses"]), _emissaries(player["emissaries"])]
    if player["fortifications"]:
        pieces.append(trn("{n} fortification", "{n} fortifications", player["fortifications"]))
    return join(pieces)


def _deck_and_display(view: ChinaView) -> str:
    deck = trn("Deck: {n} card", "Deck: {n} cards", view["deck_count"])
    if _deck(view):
        deck = tr("{deck}; {state}", deck=deck, state=_deck(view))
    shown = cards_text(view["display"]) if view["display"] else trp("china", "none left")
    return tr("Face-up cards: {cards}. {deck}.", cards=shown, deck=deck)


def _spent(view: ChinaView) -> str:
    return tr("Discards: {discards}; out of the game: {removed}.", discards=_counted(view["discard"]),
              removed=_counted(view["removed"]))


# -- the map --------------------------------------------------------------------------------------------
def _region(region: RegionView, fortified: Mapping[int, int], names: Sequence[str]) -> str:
    """ "Qin (yellow, scored): Ann 2 houses (1 fortified) and 1 emissary, Bo 1 house; 4 of 7 spaces free." """
    holders = []
    for seat, name in enumerate(names):
        houses, envoys = region["houses"][seat], region["emissaries"][seat]
        if not houses and not envoys:
            continue
        pieces = []
        if houses:
            forts = fortified.get(seat, 0)
            fortified_houses = trn("{houses} ({n} fortified)", "{houses} ({n} fortified)", forts,
                                   houses=_houses(houses))
            pieces.append(fortified_houses if forts else _houses(houses))
        if envoys:
            pieces.append(_emissaries(envoys))
        holders.append(tr("{player} {pieces}", player=name, pieces=join(pieces)))
    colour = colour_word(region["color"])
    about = tr("{colour}, scored", colour=colour) if region["scored"] else colour
    free = trn("{free} of {n} space free", "{free} of {n} spaces free", len(region["spaces"]),
               free=region["free_spaces"])
    return tr("{region} ({about}): {holders}; {free}.", region=tr(region["name"]), about=about,
              holders=trp("china list", ", ").join(holders) or tr("no houses"), free=free)


def _regions(view: ChinaView, names: Sequence[str]) -> list[str]:
    forts: dict[str, dict[int, int]] = {}
    for space in view["spaces"]:
        if space["fortified"] and space["house"] is not None:
            per_seat = forts.setdefault(space["region"], {})
            per_seat[space["house"]] = per_seat.get(space["house"], 0) + 1
    # Regions still to be scored first: that is where the game is being played.
    used = [r for r in view["regions"] if r["open"] and not r["scored"]] + [r for r in view["regions"] if r["scored"]]
    empty = [tr(r["name"]) for r in view["regions"] if not (r["open"] or r["scored"])]
    sentences = [_region(r, forts.get(r["id"], {}), names) for r in used]
    if empty:
        sentences.append(tr("Empty regions: {regions}.", regions=join(empty)))
    return sentences


def _last_placement(view: ChinaView, names: Sequence[str]) -> str:
    last = view["last_placement"]
    if last is None:
        return ""
    pieces = []
    if last["spaces"]:
        spaces = join([space_label(s) for s in last["spaces"]])
        pieces.append(trn("a piece on space {spaces}", "pieces on space {spaces}", len(last["spaces"]), spaces=spaces))
    if last["emissaries"]:
        pieces.append(_emissaries(last["emissaries"]))
    placed = join(pieces, empty=trp("china", "nothing"))
    return tr("Last placement: {player} in {region}, {pieces}.", player=names[last["seat"]],
              region=region_name(last["region"]), pieces=placed)


def _supplies(view: ChinaView, names: Sequence[str]) -> str:
    parts = [
        trn("{player} {supply}, {n} card in hand", "{player} {supply}, {n} cards in hand", p["hand_count"],
            player=names[p["seat"]], supply=_supply(p))
        for p in view["players"]
    ]
    return tr("Left in supply: {supplies}.", supplies=trp("china list", "; ").join(parts))


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: ChinaView, names: Sequence[str]) -> list[str]:
    now = _game_over(view, names) if view["result"] is not None else tr("{status}.", status=_status(view, names))
    return [
        tr("{game}, {side} board: {now}", game=tr(TITLE), side=view["board_side"], now=now),
        _scores(view, names),
        _last_placement(view, names),
        _deck_and_display(view),
        *_regions(view, names),
        _supplies(view, names),
        _spent(view),
    ]


def hand(view: ChinaView, names: Sequence[str]) -> list[str]:
    seat, cards = own(view["viewer"], view["hand"])
    if view["result"] is not None:
        now = _game_over(view, names)
    elif view["active"] == seat:
        now = tr("It is your turn.") if view["phase"] == "action" else trn(
            "You draw {n} more card.", "You draw {n} more cards.", view["draws_owed"])
    else:
        now = tr("Now: {status}.", status=_status(view, names))
    pays: dict[str, list[str]] = {}
    for region in view["regions"]:
        pays.setdefault(region["color"], []).append(tr(region["name"]))
    uses = [tr("{colour} pays for {regions}", colour=colour_word(c), regions=join(pays.get(c, [])))
            for c in dict.fromkeys(cards)]
    if any(cards.count(c) >= 2 for c in cards):
        uses.append(tr("a pair of one colour pays for a region of any other colour"))
    uses_text = trp("china list", "; ").join(uses)
    held = (tr("In your hand: {cards} ({uses}).", cards=cards_text(cards), uses=uses_text) if cards
            else tr("You have no cards in hand."))
    me = view["players"][seat]
    return [
        tr("{game}: {player}'s cards. {now}", game=tr(TITLE), player=names[seat], now=now),
        held,
        tr("Your supply: {supply}; your score: {points}.", supply=_supply(me), points=_points(me["score"])),
        _scores(view, names),
        _deck_and_display(view),
    ]


def final(view: ChinaView, names: Sequence[str]) -> list[str]:
    scores = final_result(view)[1]
    rows = []
    for seat, place, part in placed(view):
        fields = {
            "place": theme.ordinal(place), "player": names[seat], "points": _points(scores[seat]),
            "regions": part["regions"], "alliances": part["alliances"], "roads": part["roads"],
            "supply": part["tiebreak"]["supply"],
        }
        if leaving.dropped(view["players"][seat]):
            rows.append(tr("{place} {player} {points}: regions {regions}, alliances {alliances}, roads {roads}, "
                           "{supply} pieces left, dropped", **fields))
        elif view["players"][seat]["timed_out"]:
            rows.append(tr("{place} {player} {points}: regions {regions}, alliances {alliances}, roads {roads}, "
                           "{supply} pieces left, out of time", **fields))
        elif view["players"][seat]["resigned"]:
            rows.append(tr("{place} {player} {points}: regions {regions}, alliances {alliances}, roads {roads}, "
                           "{supply} pieces left, resigned", **fields))
        else:
            rows.append(tr("{place} {player} {points}: regions {regions}, alliances {alliances}, roads {roads}, "
                           "{supply} pieces left", **fields))
    return [
        tr("{game}, final scores. {result}", game=tr(TITLE), result=_game_over(view, names)),
        tr("Places: {places}.", places=trp("china list", "; ").join(rows)),
        tr("Ties are broken by the most pieces left in supply."),
    ]


def close_up(view: ChinaView, names: Sequence[str], part: Part) -> list[str]:
    """A region's close-up (``render.crops.china``): its house spaces by number, who built on them, its dragon."""
    region = region_of(view, part)
    spaces = [s for s in view["spaces"] if s["region"] == region["id"]]
    forts: dict[int, int] = {}
    for space in spaces:
        if space["fortified"] and space["house"] is not None:
            forts[space["house"]] = forts.get(space["house"], 0) + 1
    free = [space_label(s["id"]) for s in spaces if s["house"] is None]
    built = [
        tr("{space} {player} (fortified)", space=space_label(s["id"]), player=names[s["house"]]) if s["fortified"]
        else tr("{space} {player}", space=space_label(s["id"]), player=names[s["house"]])
        for s in spaces if s["house"] is not None
    ]
    return [
        tr("{game}, a close-up of {region} with its house spaces numbered as on the board; the neighbouring regions "
           "are faded.", game=tr(TITLE), region=tr(region["name"])),
        _region(region, forts, names),
        tr("Free house spaces: {spaces}.", spaces=join(free) or trp("china", "none")),
        tr("Houses by space: {houses}.", houses=trp("china list", ", ").join(built)) if built else "",
        trn("Emissaries: {n} placed, at most {cap} allowed.", "Emissaries: {n} placed, at most {cap} allowed.",
            sum(region["emissaries"]), cap=region["cap"]),
    ]
