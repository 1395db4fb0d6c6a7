"""Alt text for China, from a view (``bot/games/china/schema.py``) only.

Other players' hands are only ever counts; the deck only its size. Words for cards, regions and spaces
come from the engine (``bot/games/china/text.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.games.base import Event
from bot.games.china.text import cards_text, describe, region_name, space_label
from render import theme
from render.alt_text.words import count, final_result, join, placed, places

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView, PlayerView, RegionView

TITLE = "China"


def seat_colours(view: Mapping[str, Any]) -> list[str]:
    # The picture gives China's seats the theme's colours in seat order (render/china.py).
    return list(theme.SEAT_ORDER[: cast("ChinaView", view)["num_players"]])


def _points(n: int) -> str:
    return count(n, "point")


def _counted(colours: Mapping[str, int]) -> str:
    """{"red": 2, "green": 0} -> "2 red"; "no cards" when all are 0."""
    return cards_text([c for c, n in colours.items() for _ in range(n)])


def _status(view: ChinaView, names: Sequence[str]) -> str:
    who = names[view["active"]] if view["active"] is not None else "Nobody"
    if view["phase"] == "refill":
        return f"{who} draws {count(view['draws_owed'], 'more card')}"
    return f"{who} to play"


def _deck(view: ChinaView) -> str:
    if view["final_round"]:
        return "the deck ran out twice: this round is the last"
    return "the deck has run out once" if view["exhaustions"] == 1 else ""


def _game_over(view: ChinaView, names: Sequence[str]) -> str:
    """The engine's own end-of-game sentence: why it ended and the new Emperor."""
    result = cast("dict[str, Any]", view["result"])
    ranking = cast("list[int]", result["ranking"])
    winners = [s for s in places(ranking) if ranking[s] == 1]
    event = Event("game_over", {"reason": result["reason"], "scores": result["scores"], "winners": winners})
    return describe(event, names) or "The game is over."


def _scores(view: ChinaView, names: Sequence[str]) -> str:
    parts = [f"{names[p['seat']]} {_points(p['score'])}" + (" (resigned)" if p["resigned"] else "")
             for p in view["players"]]
    # At the end the Emperor is the winner, not the start marker's holder: the marker is not worth a word.
    emperor = f"; {names[view['start_seat']]} holds the Emperor marker" if view["result"] is None else ""
    return "Scores: " + ", ".join(parts) + emperor + "."


def _supply(player: PlayerView) -> str:
    pieces = [count(player["houses"], "house"), count(player["emissaries"], "emissary", "emissaries")]
    if player["fortifications"]:
        pieces.append(count(player["fortifications"], "fortification"))
    return join(pieces)


def _deck_and_display(view: ChinaView) -> str:
    deck = f"Deck: {count(view['deck_count'], 'card')}" + (f"; {_deck(view)}" if _deck(view) else "")
    return f"Face-up cards: {cards_text(view['display']) if view['display'] else 'none left'}. {deck}."


def _spent(view: ChinaView) -> str:
    return f"Discards: {_counted(view['discard'])}; out of the game: {_counted(view['removed'])}."


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
            pieces.append(count(houses, "house") + (f" ({forts} fortified)" if forts else ""))
        if envoys:
            pieces.append(count(envoys, "emissary", "emissaries"))
        holders.append(f"{name} {join(pieces)}")
    state = ", scored" if region["scored"] else ""
    free = f"{region['free_spaces']} of {len(region['spaces'])} spaces free"
    return f"{region['name']} ({region['color']}{state}): {', '.join(holders) or 'no houses'}; {free}."


def _regions(view: ChinaView, names: Sequence[str]) -> list[str]:
    forts: dict[str, dict[int, int]] = {}
    for space in view["spaces"]:
        if space["fortified"] and space["house"] is not None:
            per_seat = forts.setdefault(space["region"], {})
            per_seat[space["house"]] = per_seat.get(space["house"], 0) + 1
    # Regions still to be scored first: that is where the game is being played.
    used = [r for r in view["regions"] if r["open"] and not r["scored"]] + [r for r in view["regions"] if r["scored"]]
    empty = [r["name"] for r in view["regions"] if not (r["open"] or r["scored"])]
    sentences = [_region(r, forts.get(r["id"], {}), names) for r in used]
    if empty:
        sentences.append(f"Empty regions: {join(empty)}.")
    return sentences


def _last_placement(view: ChinaView, names: Sequence[str]) -> str:
    last = view["last_placement"]
    if last is None:
        return ""
    pieces = []
    if last["spaces"]:
        pieces.append(f"{'a piece' if len(last['spaces']) == 1 else 'pieces'} on space "
                      f"{join([space_label(s) for s in last['spaces']])}")
    if last["emissaries"]:
        pieces.append(count(last["emissaries"], "emissary", "emissaries"))
    return f"Last placement: {names[last['seat']]} in {region_name(last['region'])}, {join(pieces) or 'nothing'}."


def _supplies(view: ChinaView, names: Sequence[str]) -> str:
    parts = [f"{names[p['seat']]} {_supply(p)}, {count(p['hand_count'], 'card')} in hand" for p in view["players"]]
    return "Left in supply: " + "; ".join(parts) + "."


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("ChinaView", view)
    side = f"{TITLE}, {v['board_side']} board"
    now = _game_over(v, names) if v["result"] is not None else f"{_status(v, names)}."
    return [
        f"{side}: {now}",
        _scores(v, names),
        _last_placement(v, names),
        _deck_and_display(v),
        *_regions(v, names),
        _supplies(v, names),
        _spent(v),
    ]


def hand(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("ChinaView", view)
    seat, cards = v["viewer"], v["hand"]
    if seat is None or cards is None:
        raise ValueError("a hand's alt text needs a player's own view; this one is public")
    if v["result"] is not None:
        now = _game_over(v, names)
    elif v["active"] == seat:
        now = "It is your turn." if v["phase"] == "action" else f"You draw {count(v['draws_owed'], 'more card')}."
    else:
        now = f"Now: {_status(v, names)}."
    pays: dict[str, list[str]] = {}
    for region in v["regions"]:
        pays.setdefault(region["color"], []).append(region["name"])
    uses = [f"{c} pays for {join(pays.get(c, []))}" for c in dict.fromkeys(cards)]
    if any(cards.count(c) >= 2 for c in cards):
        uses.append("a pair of one colour pays for a region of any other colour")
    held = f"In your hand: {cards_text(cards)} ({'; '.join(uses)})." if cards else "You have no cards in hand."
    me = v["players"][seat]
    return [
        f"{TITLE}: {names[seat]}'s cards. {now}",
        held,
        f"Your supply: {_supply(me)}; your score: {_points(me['score'])}.",
        _scores(v, names),
        _deck_and_display(v),
    ]


def final(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("ChinaView", view)
    scores = final_result(v)[1]
    rows = []
    for seat, place, part in placed(v):
        row = (f"{theme.ordinal(place)} {names[seat]} {_points(scores[seat])}: regions {part['regions']}, "
               f"alliances {part['alliances']}, roads {part['roads']}, {part['tiebreak']['supply']} pieces left")
        rows.append(row + (", resigned" if v["players"][seat]["resigned"] else ""))
    return [
        f"{TITLE}, final scores. {_game_over(v, names)}",
        "Places: " + "; ".join(rows) + ".",
        "Ties are broken by the most pieces left in supply.",
    ]
