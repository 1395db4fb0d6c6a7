"""Chinatown's words for the controls: lots, tiles, money, offers, a player's own holdings, the rules summary.

Everything here reads a view (never the state). Texts built from a seat's own view (its cash, its dealt
cards) go only into that seat's DM or ephemeral messages; the offer texts for the thread use the public view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.games.base import Option
from bot.games.base.language import mark, tr, trn
from bot.games.base.words import join as join_names
from bot.games.base.words import sentences
from bot.games.chinatown.schema import ChinatownView
from bot.games.chinatown.text import money, tile
from bot.games.chinatown.views import business_text
from cogs.controls.views import typed_view

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["money", "tile"]

RULES_SUMMARY = mark(
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
    """ "lot 16 (Tea House)", "lot 5 (vacant)"."""
    return tr("lot {lot} ({shop})", lot=lot, shop=tile(shop) if shop else tr("vacant"))


def lot_label(lot: int, shop: str | None) -> str:
    """ "Lot 16 (Tea House)": a lot at the start of a label."""
    return tr("Lot {lot} ({shop})", lot=lot, shop=tile(shop) if shop else tr("vacant"))


def leg_line(leg: Mapping[str, Any], me: int | None, names: Sequence[str]) -> str:
    """ "You give lot 16 (Tea House) to Bob", "Bob gives $10,000 to you", from a view's leg."""
    if leg["kind"] == "lot":
        item = lot_text(leg["lot"], leg.get("lot_tile"))
    elif leg["kind"] == "tiles":
        item = tile(leg["tile_type"], leg["count"])
    else:
        item = money(leg.get("amount"))
    # Whole sentences for the viewer: "you" is no name to put in another's place ("da ... a ti" -> "te da ...").
    if leg["from"] == me:
        return tr("You give {item} to {receiver}", item=item, receiver=names[leg["to"]])
    if leg["to"] == me:
        return tr("{giver} gives {item} to you", giver=names[leg["from"]], item=item)
    return tr("{giver} gives {item} to {receiver}", giver=names[leg["from"]], item=item, receiver=names[leg["to"]])


def offer_lines(offer: Mapping[str, Any], me: int | None, names: Sequence[str]) -> list[str]:
    """The offer's terms, one bullet a leg, then its non-binding note and who has accepted."""
    lines = [f"• {leg_line(leg, me, names)}" for leg in offer["legs"]]
    if offer.get("note"):
        lines.append(tr("Note (not binding): {note}", note=offer["note"]))
    waiting = [p for p in offer["participants"] if p not in offer["accepted"]]
    lines.append(sentences(accepted_line(offer["accepted"], me, names), waiting_line(waiting, me, names)))
    return lines


# Whole sentences with the viewer in them: "you" is no name to put in a list of names ("Falta: ti").
def accepted_line(seats: Sequence[int], me: int | None, names: Sequence[str]) -> str:
    """ "Accepted by you and Bob.", "Nobody has accepted yet."."""
    others = join_names([names[s] for s in seats if s != me])
    if me in seats:
        return tr("Accepted by you and {players}.", players=others) if others else tr("Accepted by you.")
    return tr("Accepted by {players}.", players=others) if others else tr("Nobody has accepted yet.")


def waiting_line(seats: Sequence[int], me: int | None, names: Sequence[str]) -> str:
    """ "Waiting for you and Bob to answer.", "Waiting for Bob and Cy to answer."; "" when nobody."""
    others = [names[s] for s in seats if s != me]
    if me in seats:
        return (tr("Waiting for you and {players} to answer.", players=join_names(others)) if others
                else tr("Waiting for your answer."))
    return trn("Waiting for {players} to answer.", "Waiting for {players} to answer.", len(others),
               players=join_names(others)) if others else ""


def offer_title(offer: Mapping[str, Any], me: int | None, names: Sequence[str], changed_by: int | None = None) -> str:
    """ "Offer #3 by Bob", "Your offer #3"; a later version names who changed it when known ("version 2, changed
    by Dave"), else its first author as such: the view keeps the author, not the last editor."""
    author, number, version = offer["author"], offer["id"], offer["version"]
    if version == 1:
        if author == me:
            return tr("Your offer #{offer}", offer=number)
        return tr("Offer #{offer} by {author}", offer=number, author=names[author])
    if changed_by is not None:
        if changed_by == me:
            return tr("Offer #{offer}, version {version}, changed by you", offer=number, version=version)
        return tr("Offer #{offer}, version {version}, changed by {player}", offer=number, version=version,
                  player=names[changed_by])
    if author == me:
        return tr("Your offer #{offer}, version {version}", offer=number, version=version)
    return tr("Offer #{offer}, version {version} (first proposed by {author})", offer=number, version=version,
              author=names[author])


def join(items: Sequence[str], empty: str | None = None) -> str:
    """ "16, 18, 23"; ``empty`` (default "none") for no items."""
    return ", ".join(items) or (tr("none") if empty is None else empty)


def hand_text(view: Mapping[str, Any]) -> str:
    """The viewer's own holdings: money (secret), tiles, lots, this year's Building cards, income."""
    me = view["viewer"]
    player = view["players"][me]
    tiles = join([tile(shop, n) for shop, n in player["hand_tiles"].items()])
    owned = [lot for lot in view["lots"] if lot["owner"] == me]
    empty = [str(lot["lot"]) for lot in owned if lot["tile"] is None]
    lines = [
        tr("Your money: {money} (only you see this).", money=money(player["cash"])),
        tr("Your shop tiles: {tiles}.", tiles=tiles),
        tr("Your lots: {count}, empty: {empty}.", count=len(owned), empty=join(empty)),
    ]
    if view["hand_cards"]:
        cards, year = join([str(lot) for lot in view["hand_cards"]]), view["year"]
        chosen = view["keep_choice"]
        if chosen:
            lines.append(tr("Your Building cards for {year}: {cards} (you keep {lots}).", year=year, cards=cards,
                            lots=join([str(lot) for lot in chosen])))
        else:
            lines.append(tr("Your Building cards for {year}: {cards} (keep {keep}).", year=year, cards=cards,
                            keep=view["keep"]))
    businesses = player["businesses"]
    if businesses:
        lines.append(tr("Your businesses: {businesses}.", businesses="; ".join(business_text(b) for b in businesses)))
    if player["income_now"] is not None:
        lines.append(tr("The board pays you {money} a year as it stands.", money=money(player["income_now"])))
    return "\n".join(lines)


def income_text(view: Mapping[str, Any]) -> str:
    """Last year's income of the viewer, for the start of a new year (private: it ends with the cash)."""
    me = view["viewer"]
    player = view["players"][me]
    history = player["income_history"] or []
    if not history:
        return ""
    year = view["year"] - 1 if view["phase"] != "game_over" else view["year"]
    from_what = "; ".join(business_text(b) for b in player["businesses"]) or tr("no business yet")
    return tr("Your income for {year}: {income} ({businesses}). Your money now: {money}.", year=year,
              income=money(history[-1]), businesses=from_what, money=money(player["cash"]))


def trading_status(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The viewer's own state in its own sentence, then who else is still trading and who is done."""
    me = view["viewer"]
    playing = [p for p in view["players"] if not p["resigned"]]
    mine = next((tr("You are done trading.") if p["ready"] else tr("You are still trading.")
                 for p in playing if p["seat"] == me), "")
    others = [p for p in playing if p["seat"] != me]
    trading = [names[p["seat"]] for p in others if not p["ready"]]
    done = [names[p["seat"]] for p in others if p["ready"]]
    theirs = tr("Still trading: {trading}. Done trading: {done}.", trading=join_names(trading, empty=tr("nobody")),
                done=join_names(done, empty=tr("nobody"))) if others else ""
    return sentences(mine, theirs)


def option_label(option: Option, value: Any) -> str | None:
    if option.key == "first_player_initial":
        return tr("random") if value == "random" else tr("seat {seat}", seat=int(value) + 1)
    if option.key == "money_unit":
        return money(int(value))
    if option.key == "announce_trade_money":
        return tr("to everybody") if value else tr("only to the players of the trade")
    label = OPTION_LABELS.get(option.key, {}).get(value)
    return tr(label) if label is not None else None


OPTION_LABELS: dict[str, dict[Any, str]] = {
    "first_player_rotation": {"rotate": mark("passes on every year"), "fixed": mark("stays all game")},
    "ready_reset_scope": {"all": mark("everybody"), "participants": mark("only the trade's players")},
    "offer_visibility": {"public": mark("everybody"), "participants": mark("only the players in them")},
    "placement_mode": {"sequential": mark("in turn order"), "simultaneous": mark("all at once, in secret")},
    "announce_income": {"public": mark("to everybody"), "private": mark("each player their own")},
}
# One description per option value, in plain words (the lobby shows it under the value).
OPTION_HELP: dict[str, dict[Any, str]] = {
    "first_player_rotation": {
        "rotate": mark("The First Player card passes to the next player clockwise every year."),
        "fixed": mark("The First Player card stays with the same player all game."),
    },
    "money_unit": {
        10_000: mark("Money in trades changes hands in multiples of $10,000, the smallest bill in the box."),
        1_000: mark("Money in trades changes hands in multiples of $1,000, for finer deals."),
    },
    "ready_reset_scope": {
        "all": mark("When a trade is carried out, every player who was done trading is back to trading."),
        "participants": mark(
            "When a trade is carried out, only its players are back to trading; the others stay done."
        ),
    },
    "offer_visibility": {
        "public": mark("Everybody sees open offers in the thread."),
        "participants": mark("Only the players in an offer see it; it is told to them privately."),
    },
    "announce_trade_money": {
        True: mark("Everybody sees the money in offers and trades."),
        False: mark("Only the players of a trade see the money in it."),
    },
    "placement_mode": {
        "sequential": mark("Players build one after another, in turn order from the first player."),
        "simultaneous": mark("Everybody builds at once, in secret; the shops are revealed together."),
    },
    "announce_income": {
        "public": mark("Every player's yearly income is told in the thread."),
        "private": mark("Each player is told only their own income (the board still shows what pays)."),
    },
}


def option_help(option: Option, value: Any) -> str | None:
    if option.key == "first_player_initial":
        if value == "random":
            return tr("The player who starts with the First Player card is drawn at random.")
        return tr("The player in seat {seat} starts with the First Player card.", seat=int(value) + 1)
    text = OPTION_HELP.get(option.key, {}).get(value)
    return tr(text) if text is not None else None


def awaited(view: Mapping[str, Any], players: str, count: int) -> str | None:
    """The whole sentence on whom the game waits for and what for now; None for the plain one."""
    phase = str(view["phase"])
    if phase == "deal_buildings":
        return trn("The game is waiting for {players} to choose which Building cards to keep.",
                   "The game is waiting for {players} to choose which Building cards to keep.", count, players=players)
    if phase == "trades":
        return trn("The game is waiting for {players} to finish trading.",
                   "The game is waiting for {players} to finish trading.", count, players=players)
    if phase == "place_tiles":
        return trn("The game is waiting for {players} to build.",
                   "The game is waiting for {players} to build.", count, players=players)
    return None


DUE = {
    "deal_buildings": mark("choose which Building cards to keep"),
    "trades": mark("trade, then say you are done"),
    "place_tiles": mark("build"),
}


def due(view: Mapping[str, Any]) -> str:
    """What a seat is asked for now, after the game's title in its notifications."""
    what = DUE.get(str(view["phase"]))
    return tr(what) if what is not None else tr("your move")


# -- the Rules button ------------------------------------------------------------------------------------
def phase_summary(table: Table) -> str:
    """The rules of the phase Chinatown is in now, in a few plain lines (public view); the first names it."""
    view = typed_view(ChinatownView, table, None)
    when = tr(" · {year}, round {round} of 6", year=view["year"], round=view["round"])
    if view["phase"] == "deal_buildings":
        lines = [
            tr("**Building cards**") + when,
            tr("Everyone is dealt {deal} cards (lot numbers) and secretly keeps {keep}; the kept lots become theirs, "
               "all revealed together. The other cards go back unseen.", deal=view["deal"], keep=view["keep"]),
            tr("Then everyone draws {draw} shop tiles from the bag, public from then on.", draw=view["draw"]),
        ]
    elif view["phase"] == "trades":
        lines = [
            tr("**Trading**") + when,
            tr("All at once, anyone with anyone: lots (with any shop on them), tiles in hand and money."),
            tr("An offer happens when everyone in it has accepted its latest version; promises are not binding."),
            tr("The phase ends when everybody is done trading."),
        ]
    elif view["phase"] == "place_tiles":
        how = (
            tr("Everyone places at the same time, in secret; the shops are revealed together: tiles from your hand "
               "go on your own empty lots, and a shop never moves.")
            if view["options"].get("placement_mode") == "simultaneous"
            else tr("In turn order, each player places: tiles from your hand go on your own empty lots, and a shop "
                    "never moves.")
        )
        lines = [
            tr("**Building**") + when,
            how,
            tr("Same-type shops of one owner on adjacent lots form a business."),
            tr("Then each business pays income by its size; complete ones pay more."),
        ]
    else:
        lines = ["**Chinatown**", tr("The game is over: the most money wins.")]
    return "\n".join(lines)
