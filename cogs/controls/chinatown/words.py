"""Chinatown's words for the controls: lots, tiles, money, offers, a player's own holdings, the rules summary.

Everything here reads a view (never the state). Texts built from a seat's own view (its cash, its dealt
cards) go only into that seat's DM or ephemeral messages; the offer texts for the thread use the public view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.games.base import Option
from bot.games.chinatown.schema import ChinatownView
from bot.games.chinatown.text import money, tile
from bot.games.chinatown.views import business_text

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["money", "tile"]

RULES_SUMMARY = (
    "**Goal**: the most money after six rounds, 1965 to 1970. Money is secret until the end.\n"
    "**Board**: 85 numbered lots in 6 districts. Same-type shops of one owner on orthogonally adjacent lots "
    "(never diagonal, never across a street) form a business.\n"
    "**Each round**\n"
    "1. *Building cards*: everyone is dealt cards (lot numbers) and secretly keeps some, e.g. with 4 players "
    "6 dealt and 4 kept in 1965, then 5 and 3. The kept lots become yours, all revealed together; the other "
    "cards go back unseen.\n"
    "2. *Shop tiles*: everyone draws tiles from the bag (as many as cards dealt in 1965, as kept later), "
    "revealed together and public from then on.\n"
    "3. *Trading*: all at once, anyone with anyone: lots (with any shop on them), tiles in hand and money, in "
    "multiples of $10,000. An offer executes when every player in it has accepted its current version; any "
    "change clears the acceptances. Promises in a note are not binding. The phase ends when all are done.\n"
    "4. *Building*: in turn order, place tiles from your hand on your own empty lots. A shop never moves.\n"
    "5. *Income*: each business pays by size: 1 $10k · 2 $20k · 3 $40k · 4 $60k · 5 $80k; complete (at the "
    "type's maximum, printed on the tile: 3 to 6) 3 $50k · 4 $80k · 5 $110k · 6 $140k. A group above the "
    "maximum counts as a complete business plus the rest.\n"
    "**End**: after the 1970 income. Most money wins; a tie goes to the most shops on the board."
)


def lot_text(lot: int, shop: str | None) -> str:
    return f"lot {lot} ({tile(shop) if shop else 'vacant'})"


def who(seat: int, me: int | None, names: Sequence[str]) -> str:
    return "you" if seat == me else names[seat]


def leg_line(leg: Mapping[str, Any], me: int | None, names: Sequence[str]) -> str:
    """ "You give lot 16 (Tea House) to Bob", "Bob gives $10,000 to you", from a view's leg."""
    if leg["kind"] == "lot":
        item = lot_text(leg["lot"], leg.get("lot_tile"))
    elif leg["kind"] == "tiles":
        item = tile(leg["tile_type"], leg["count"])
    else:
        item = money(leg.get("amount"))
    giver = who(leg["from"], me, names)
    verb = "give" if leg["from"] == me else "gives"
    return f"{giver[0].upper()}{giver[1:]} {verb} {item} to {who(leg['to'], me, names)}"


def offer_lines(offer: Mapping[str, Any], me: int | None, names: Sequence[str]) -> list[str]:
    """The offer's terms, one bullet a leg, then its non-binding note and who has accepted."""
    lines = [f"• {leg_line(leg, me, names)}" for leg in offer["legs"]]
    if offer.get("note"):
        lines.append(f"Note (not binding): {offer['note']}")
    waiting = [p for p in offer["participants"] if p not in offer["accepted"]]
    accepted = ", ".join(who(p, me, names) for p in offer["accepted"]) or "nobody"
    lines.append(f"Accepted: {accepted}. Waiting for: {', '.join(who(p, me, names) for p in waiting) or 'nobody'}.")
    return lines


def offer_title(offer: Mapping[str, Any], me: int | None, names: Sequence[str], changed_by: int | None = None) -> str:
    """ "Offer #3 by Bob"; a later version names who changed it when known ("version 2, changed by Dave"),
    else its first author as such: the view keeps the author, not the last editor."""
    author = who(offer["author"], me, names)
    if offer["version"] == 1:
        return f"Offer #{offer['id']} by {author}"
    if changed_by is not None:
        return f"Offer #{offer['id']}, version {offer['version']}, changed by {who(changed_by, me, names)}"
    return f"Offer #{offer['id']}, version {offer['version']} (first proposed by {author})"


def join(items: Sequence[str], empty: str = "none") -> str:
    return ", ".join(items) or empty


def hand_text(view: Mapping[str, Any]) -> str:
    """The viewer's own holdings: money (secret), tiles, lots, this year's Building cards, income."""
    me = view["viewer"]
    player = view["players"][me]
    tiles = join([tile(shop, n) for shop, n in player["hand_tiles"].items()])
    owned = [lot for lot in view["lots"] if lot["owner"] == me]
    empty = [str(lot["lot"]) for lot in owned if lot["tile"] is None]
    lines = [
        f"Your money: {money(player['cash'])} (only you see this).",
        f"Your shop tiles: {tiles}.",
        f"Your lots: {len(owned)}, empty: {join(empty)}.",
    ]
    if view["hand_cards"]:
        cards = join([str(lot) for lot in view["hand_cards"]])
        chosen = view["keep_choice"]
        keep = f"you keep {join([str(lot) for lot in chosen])}" if chosen else f"keep {view['keep']}"
        lines.append(f"Your Building cards for {view['year']}: {cards} ({keep}).")
    businesses = player["businesses"]
    if businesses:
        lines.append("Your businesses: " + "; ".join(business_text(b) for b in businesses) + ".")
    if player["income_now"] is not None:
        lines.append(f"The board pays you {money(player['income_now'])} a year as it stands.")
    return "\n".join(lines)


def income_text(view: Mapping[str, Any]) -> str:
    """Last year's income of the viewer, for the start of a new year (private: it ends with the cash)."""
    me = view["viewer"]
    player = view["players"][me]
    history = player["income_history"] or []
    if not history:
        return ""
    year = view["year"] - 1 if view["phase"] != "game_over" else view["year"]
    from_what = "; ".join(business_text(b) for b in player["businesses"]) or "no business yet"
    return f"Your income for {year}: {money(history[-1])} ({from_what}). Your money now: {money(player['cash'])}."


def trading_status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    me = view["viewer"]
    playing = [p for p in view["players"] if not p["resigned"]]
    trading = [who(p["seat"], me, names) for p in playing if not p["ready"]]
    done = [who(p["seat"], me, names) for p in playing if p["ready"]]
    return f"Still trading: {join(trading, 'nobody')}. Done trading: {join(done, 'nobody')}."


def option_label(option: Option, value: Any) -> str | None:
    if option.key == "first_player_initial":
        return "random" if value == "random" else f"seat {int(value) + 1}"
    if option.key == "money_unit":
        return money(int(value))
    if option.key == "announce_trade_money":
        return "to everybody" if value else "only to the players of the trade"
    return OPTION_LABELS.get(option.key, {}).get(value)


OPTION_LABELS: dict[str, dict[Any, str]] = {
    "first_player_rotation": {"rotate": "passes on every year", "fixed": "stays all game"},
    "ready_reset_scope": {"all": "everybody", "participants": "only the trade's players"},
    "offer_visibility": {"public": "everybody", "participants": "only the players in them"},
    "placement_mode": {"sequential": "in turn order", "simultaneous": "all at once, in secret"},
    "announce_income": {"public": "to everybody", "private": "each player their own"},
}
# One description per option value, in plain words (the lobby shows it under the value).
OPTION_HELP: dict[str, dict[Any, str]] = {
    "first_player_rotation": {
        "rotate": "The First Player card passes to the next player clockwise every year.",
        "fixed": "The First Player card stays with the same player all game.",
    },
    "money_unit": {
        10_000: "Money in trades changes hands in multiples of $10,000, the smallest bill in the box.",
        1_000: "Money in trades changes hands in multiples of $1,000, for finer deals.",
    },
    "ready_reset_scope": {
        "all": "When a trade is carried out, every player who was done trading is back to trading.",
        "participants": "When a trade is carried out, only its players are back to trading; the others stay done.",
    },
    "offer_visibility": {
        "public": "Everybody sees open offers in the thread.",
        "participants": "Only the players in an offer see it; it is told to them privately.",
    },
    "announce_trade_money": {
        True: "Everybody sees the money in offers and trades.",
        False: "Only the players of a trade see the money in it.",
    },
    "placement_mode": {
        "sequential": "Players build one after another, in turn order from the first player.",
        "simultaneous": "Everybody builds at once, in secret; the shops are revealed together.",
    },
    "announce_income": {
        "public": "Every player's yearly income is told in the thread.",
        "private": "Each player is told only their own income (the board still shows what pays).",
    },
}


def option_help(option: Option, value: Any) -> str | None:
    if option.key == "first_player_initial":
        if value == "random":
            return "The player who starts with the First Player card is drawn at random."
        return f"The player in seat {int(value) + 1} starts with the First Player card."
    return OPTION_HELP.get(option.key, {}).get(value)


def awaited(view: Mapping[str, Any]) -> str:
    """What the players to act are asked for now, after their names ("Bob to finish trading")."""
    return {
        "deal_buildings": "to choose which Building cards to keep",
        "trades": "to finish trading",
        "place_tiles": "to build",
    }.get(str(view["phase"]), "")


# -- the Rules button ------------------------------------------------------------------------------------
def phase_summary(table: Table) -> str:
    """The rules of the phase Chinatown is in now, in a few plain lines (public view); the first names it."""
    view = cast(ChinatownView, table.view(None))
    when = f" · {view['year']}, round {view['round']} of 6"
    if view["phase"] == "deal_buildings":
        lines = [
            "**Building cards**" + when,
            f"Everyone is dealt {view['deal']} cards (lot numbers) and secretly keeps {view['keep']}; the kept lots "
            "become theirs, all revealed together. The other cards go back unseen.",
            f"Then everyone draws {view['draw']} shop tiles from the bag, public from then on.",
        ]
    elif view["phase"] == "trades":
        lines = [
            "**Trading**" + when,
            "All at once, anyone with anyone: lots (with any shop on them), tiles in hand and money.",
            "An offer happens when everyone in it has accepted its latest version; promises are not binding.",
            "The phase ends when everybody is done trading.",
        ]
    elif view["phase"] == "place_tiles":
        how = (
            "Everyone places at the same time, in secret; the shops are revealed together"
            if view["options"].get("placement_mode") == "simultaneous"
            else "In turn order, each player places"
        )
        lines = [
            "**Building**" + when,
            f"{how}: tiles from your hand go on your own empty lots, and a shop never moves.",
            "Same-type shops of one owner on adjacent lots form a business.",
            "Then each business pays income by its size; complete ones pay more.",
        ]
    else:
        lines = ["**Chinatown**", "The game is over: the most money wins."]
    return "\n".join(lines)
