"""Alt text for Chinatown, from a view (``bot/games/chinatown/schema.py``) only.

Cash is secret until the end [R30]: it is read only where the view shows it (the viewer's own, or
everybody's once over), and so are income, dealt cards, the keep choice and a hidden batch. Words for
money, shop tiles and offers come from the engine (``bot/games/chinatown/text.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.games.base import Event
from bot.games.chinatown.data import BOARD, Shop
from bot.games.chinatown.text import describe, money, offer_text, standings_sentence, tile
from render import theme
from render.alt_text.words import count, join, placed

if TYPE_CHECKING:
    from bot.games.chinatown.schema import BusinessView, ChinatownView, LotView, OfferView, PlayerView

TITLE = "Chinatown"
ROUNDS = 6


def seat_colours(view: Mapping[str, Any]) -> list[str]:
    # The picture gives Chinatown's seats the theme's colours in seat order (render/chinatown).
    return list(theme.SEAT_ORDER[: cast("ChinatownView", view)["num_players"]])


def _when(view: ChinatownView) -> str:
    return f"{view['year']}, the Year of the {view['zodiac']}, round {view['round']} of {ROUNDS}"


def _status(view: ChinatownView, names: Sequence[str]) -> str:
    waiting = join([names[s] for s in view["to_act"]]) or "nobody"
    phase = view["phase"]
    if phase == "deal_buildings":
        return (f"choosing lots: everyone was dealt {view['deal']} Building cards and keeps {view['keep']}; "
                f"waiting for {waiting}")
    if phase == "trades":
        done = [names[p["seat"]] for p in view["players"] if p["ready"] and not p["resigned"]]
        return f"trading; still trading: {waiting}" + (f"; done: {join(done)}" if done else "")
    if view["turn"] is not None:
        return f"building: {names[view['turn']]}'s turn"
    return f"building, everyone at once in secret; waiting for {waiting}"


def _game_over(view: ChinatownView, names: Sequence[str]) -> str:
    """The engine's own end-of-game sentence: places, cash and shops on the board."""
    result = cast("dict[str, Any]", view["result"])
    parts = cast("list[dict[str, Any]]", result["breakdown"])
    event = Event("game_over", {"reason": result["reason"], "cash": result["scores"], "ranking": result["ranking"],
                                "tiles_on_board": [p["tiles_on_board"] for p in parts]})
    return f"{describe(event, names) or 'The game is over.'} {standings_sentence(event.public, names)}"


def _player(player: PlayerView, first: bool, names: Sequence[str]) -> str:
    parts = [f"{names[player['seat']]}"]
    if player["cash"] is not None:
        parts[0] += f" {money(player['cash'])} cash"
    parts.append(count(player["lots_owned"], "lot"))
    parts.append(count(player["tiles_on_board"], "shop"))
    if player["income_now"] is not None:
        parts.append(f"income now {money(player['income_now'])}")
    if first:
        parts.append("First Player")
    if player["resigned"]:
        parts.append("resigned")
    return ", ".join(parts)


def _players(view: ChinatownView, names: Sequence[str]) -> str:
    over = view["phase"] == "game_over"
    rows = [_player(p, p["seat"] == view["first_player"] and not over, names) for p in view["players"]]
    secret = "" if over else " Cash stays secret until the end."
    return "Players: " + "; ".join(rows) + "." + secret


def _business(business: BusinessView) -> str:
    spec = BOARD.shops[Shop(business["tile"])]
    size = " + ".join(str(p) for p in business["parts"])
    done = ", complete" if business["complete"] else ""
    return f"{spec.name} {size} of {spec.max_size}{done} on lots {join([str(lot) for lot in business['lots']])}"


def _businesses(player: PlayerView, names: Sequence[str], whose: str | None = None) -> str:
    """Businesses of two or more shops in full, then the single shops briefly: most shops stand alone."""
    owner = whose or f"{names[player['seat']]}'s"
    groups = [_business(b) for b in player["businesses"] if len(b["lots"]) > 1]
    single = [f"{tile(b['tile'])} {b['lots'][0]}" for b in player["businesses"] if len(b["lots"]) == 1]
    if single:
        groups.append("single shops: " + ", ".join(single))
    return f"{owner} businesses: {'; '.join(groups) or 'none yet'}."


def _hand_tiles(tiles: Mapping[str, int]) -> str:
    return ", ".join(tile(shop, n) for shop, n in tiles.items()) or "none"


def _tiles(view: ChinatownView, names: Sequence[str]) -> str:
    rows = [f"{names[p['seat']]} {_hand_tiles(p['hand_tiles'])}" for p in view["players"]]
    return "Shop tiles in hand: " + "; ".join(rows) + "."


def _lot(lot: LotView) -> str:
    return f"{lot['lot']} ({tile(lot['tile'])})" if lot["tile"] else str(lot["lot"])


def _lots(view: ChinatownView, names: Sequence[str]) -> list[str]:
    rows = []
    for p in view["players"]:
        owned = [_lot(lot) for lot in view["lots"] if lot["owner"] == p["seat"]]
        rows.append(f"{names[p['seat']]} owns lot{'s' if len(owned) > 1 else ''} {', '.join(owned)}." if owned else "")
    free = sum(1 for lot in view["lots"] if lot["owner"] is None)
    rows.append(f"{count(free, 'lot')} unowned; {count(view['deck_count'], 'Building card')} left in the deck; "
                f"{count(sum(view['bag'].values()), 'tile')} left in the bag.")
    return rows


def _offers(offers: Sequence[OfferView], names: Sequence[str]) -> list[str]:
    """One sentence per open offer (its legs are already joined by semicolons); notes, free text typed by
    players, are left out."""
    rows = []
    for offer in offers:
        accepted = f"; accepted by {join([names[s] for s in offer['accepted']])}" if offer["accepted"] else ""
        rows.append(f"Open offer {offer['id']}: {offer_text(offer, names)}{accepted}.")
    return rows


def _open(view: ChinatownView) -> list[OfferView]:
    return [o for o in view["offers"] if o["status"] == "open"] if view["phase"] == "trades" else []


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("ChinatownView", view)
    now = _game_over(v, names) if v["result"] is not None else f"{_status(v, names)}."
    return [
        f"{TITLE}, {_when(v)}: {now}",
        _players(v, names),
        *_offers(_open(v), names),
        _tiles(v, names),
        *(_businesses(p, names) for p in v["players"] if p["businesses"]),
        "" if any(p["businesses"] for p in v["players"]) else "No shops are built yet.",
        *_lots(v, names),
    ]


def hand(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("ChinatownView", view)
    seat = v["viewer"]
    if seat is None:
        raise ValueError("a hand's alt text needs a player's own view; this one is public")
    me = v["players"][seat]
    now = _game_over(v, names) if v["result"] is not None else f"Now: {_status(v, names)}."
    income = f"; income now {money(me['income_now'])}" if me["income_now"] is not None else ""
    rows = [f"Your cash: {money(me['cash'])}{income}."]
    if v["hand_cards"]:
        chosen = f"; you keep {join([str(c) for c in v['keep_choice']])}" if v["keep_choice"] else ""
        rows.append(f"Building cards dealt to you: lots {join([str(c) for c in v['hand_cards']])}; "
                    f"keep {v['keep']}{chosen}.")
    rows.append(f"Your shop tiles: {_hand_tiles(me['hand_tiles'])}.")
    if v["batch"]:
        rows.append("To build when everyone is done: "
                    + ", ".join(f"{tile(p['tile'])} on lot {p['lot']}" for p in v["batch"]) + ".")
    rows.append(_players(v, names))  # the scores, before the longer lists
    mine = [_lot(lot) for lot in v["lots"] if lot["owner"] == seat]
    rows.append(f"Your lots: {', '.join(mine)}." if mine else "You own no lots.")
    rows.append(_businesses(me, names, "Your"))
    rows += _offers([o for o in _open(v) if seat in o["participants"]], names)
    return [f"{TITLE}: {names[seat]}'s private picture, {_when(v)}. {now}", *rows]


def final(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    v = cast("ChinatownView", view)
    rows = []
    for seat, _, part in placed(v):
        trades = ("+" if part["trades"] > 0 else "-" if part["trades"] < 0 else "") + money(abs(part["trades"]))
        row = (f"{names[seat]}: start {money(part['start_money'])}, income {money(part['income'])}, "
               f"trades {trades}, {count(part['tiles_on_board'], 'shop')} on the board")
        rows.append(row + (", resigned" if part["resigned"] else ""))
    resigned = (v["result"] or {}).get("reason") == "resignation"
    reason = "too few players were left" if resigned else "after the 1970 income"
    return [
        f"{TITLE}, final ranking, {reason}. {_game_over(v, names)}",
        "; ".join(rows) + ".",
        "Ties are broken by the most shops on the board.",
    ]
