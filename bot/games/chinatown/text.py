"""Words: one sentence per event for the thread (public part only) or a DM (plus that seat's part),
and short labels for buttons and select options, in the language in force (``bot.games.base.language``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.language import mark, tr, trn
from bot.games.base.leaving import ran_out_of_time
from bot.games.base.words import join
from bot.games.chinatown.data import ZODIAC, Shop, shop_name

LABEL_LIMIT = 79

VOID_REASONS = {
    "PHASE_ENDED": mark("trading is over"),
    "PLAYER_LEFT": mark("a participant left the game"),
    "MONEY_UNPAYABLE": mark("a money item can no longer be paid"),
    "INSUFFICIENT_CASH": mark("you can no longer pay your money item"),
    "LOT_NOT_OWNED_BY_GIVER": mark("a lot changed hands"),
    "TILES_NOT_IN_HAND": mark("shop tiles in it were traded away"),
}
# The zodiac animals of the calendar (data.ZODIAC), alone and as a year's name: one message each, as the
# article and gender of "the Year of the ..." differ by animal in Spanish.
ANIMALS = {
    "Snake": mark("Snake"),
    "Horse": mark("Horse"),
    "Goat": mark("Goat"),
    "Monkey": mark("Monkey"),
    "Rooster": mark("Rooster"),
    "Dog": mark("Dog"),
}
YEAR_NAMES = {
    "Snake": mark("Year of the Snake"),
    "Horse": mark("Year of the Horse"),
    "Goat": mark("Year of the Goat"),
    "Monkey": mark("Year of the Monkey"),
    "Rooster": mark("Year of the Rooster"),
    "Dog": mark("Year of the Dog"),
}


def animal(zodiac: str) -> str:
    """A calendar animal ("Snake") in the language in force."""
    return tr(ANIMALS[zodiac])


def year_name(zodiac: str) -> str:
    """ "Year of the Snake" in the language in force."""
    return tr(YEAR_NAMES[zodiac])


def money(amount: int | None) -> str:
    return tr("money") if amount is None else f"${amount:,}"


def tile(shop_id: str, count: int = 1) -> str:
    name = shop_name(Shop(shop_id))
    return name if count == 1 else tr("{count} × {shop}", count=count, shop=name)


def _lots(lots: Sequence[int]) -> str:
    return ", ".join(str(lot) for lot in lots) or tr("none")


def _tiles(counts: Mapping[str, int]) -> str:
    return ", ".join(tile(shop, n) for shop, n in counts.items()) or tr("nothing")


def _by_player(name: str, items: str) -> str:
    """ "Ann 1, 2": one player's part of a list by player."""
    return tr("{player} {items}", player=name, items=items)


def _game_over(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """How the game ended and how ties on money were broken; the ranking itself is on the board (once)."""
    cash, shops, ranking = data["cash"], data["tiles_on_board"], data["ranking"]
    # Worded for a player who resigned and one who ran out of time alike: either can end the game early.
    end = tr("The game is over: too few players are left.") if data.get("reason") == "resignation" else (
        tr("The game is over: the income of 1970 is paid.")
    )
    ties = []
    for amount in sorted({c for c in cash if c is not None and list(cash).count(c) > 1}, reverse=True):
        tied = sorted((s for s, c in enumerate(cash) if c == amount), key=lambda s: ranking[s])
        shops_of = join([trn("{player} {n} shop", "{player} {n} shops", shops[s], player=names[s]) for s in tied])
        players = join([names[s] for s in tied])
        if len(tied) == 2:
            ties.append(tr("{players} both have {money}: shops on the board decide ({shops}).", players=players,
                           money=money(amount), shops=shops_of))
        else:
            ties.append(tr("{players} all have {money}: shops on the board decide ({shops}).", players=players,
                           money=money(amount), shops=shops_of))
    return " ".join([end, *ties])


def score_caption() -> str:
    """What the score chart of a game's story counts: income, public, where cash is secret (R30)."""
    return tr("Income received so far, in dollars (trades not counted)")


def scoring_moment(year: int) -> str:
    """The score chart's mark for a year's income."""
    return tr("Income {year}", year=year)


def _year(round_no: int) -> str:
    return tr("{year}, the {year_name}", year=1964 + round_no, year_name=year_name(ZODIAC[round_no - 1]))


def leg_text(leg: Mapping[str, Any], names: Sequence[str]) -> str:
    giver, receiver = names[leg["from"]], names[leg["to"]]
    if leg["kind"] == "lot":
        if leg.get("lot_tile"):
            item = tr("lot {lot} ({shop})", lot=leg["lot"], shop=shop_name(Shop(leg["lot_tile"])))
        else:
            item = tr("lot {lot}", lot=leg["lot"])
    elif leg["kind"] == "tiles":
        item = tile(leg["tile_type"], leg["count"])
    else:
        item = money(leg.get("amount"))
    return tr("{giver} gives {item} to {receiver}", giver=giver, item=item, receiver=receiver)


def offer_text(offer: Mapping[str, Any], names: Sequence[str]) -> str:
    return "; ".join(leg_text(leg, names) for leg in offer["legs"])


def quoted(note: str) -> str:
    """A player's note after a sentence: ' ("Deal?")'; "" for none."""
    return tr(' ("{note}")', note=note) if note else ""


def _offer_sentence(kind: str, data: Mapping[str, Any], names: Sequence[str]) -> str | None:
    offer = data.get("offer")
    by = names[data["by"]] if "by" in data else ""
    if offer is None:
        if "removed" not in data:
            return None
        return tr("{player} changed offer #{offer}; you are no longer part of it.", player=by, offer=data["removed"])
    number = offer["id"]
    said = quoted(offer.get("note") or "")
    if kind == "offer_proposed":
        return tr("{player} proposes offer #{offer}: {terms}.", player=by, offer=number,
                  terms=offer_text(offer, names)) + said
    if kind == "offer_edited":
        return tr("{player} changes offer #{offer} (version {version}): {terms}.", player=by, offer=number,
                  version=offer["version"], terms=offer_text(offer, names)) + said
    if kind == "offer_accepted":
        return tr("{player} accepts offer #{offer} (version {version}).", player=by, offer=number,
                  version=offer["version"])
    if kind == "offer_rejected":
        return tr("{player} declines offer #{offer}; it is closed.", player=by, offer=number) + quoted(
            data.get("note") or ""
        )
    if kind == "offer_cancelled":
        return tr("{player} withdraws offer #{offer}.", player=by, offer=number)
    if kind == "offer_executed":
        return tr("Trade #{offer} done: {terms}.", offer=number, terms=offer_text(offer, names))
    reason = offer.get("void_reason") or ""
    why = tr(VOID_REASONS[reason]) if reason in VOID_REASONS else reason.lower().replace("_", " ")
    return tr("Offer #{offer} is void: {reason}.", offer=number, reason=why)


def standings_sentence(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Final ranking: 1. Ann $70,000 (2 shops), ...", from a game_over event's data: for a text that has
    no ranking of its own (a picture's alt text); the board's final ranking already lists it."""
    cash, shops, ranking = data["cash"], data["tiles_on_board"], data["ranking"]
    order = sorted(range(len(cash)), key=lambda s: ranking[s])
    places = ", ".join(
        trn("{place}. {player} {money} ({n} shop)", "{place}. {player} {money} ({n} shops)", shops[s],
            place=ranking[s], player=names[s], money=money(cash[s]))
        for s in order
    )
    return tr("Final ranking: {places}.", places=places)


def _public(event: Event, names: Sequence[str]) -> str | None:
    data = event.public
    kind = event.type
    if kind == "deal":
        return tr("{year}: everyone is dealt {deal} Building cards and keeps {keep}.", year=_year(data["round"]),
                  deal=data["deal"], keep=data["keep"])
    if kind == "kept":
        return tr("{player} has chosen which lots to keep.", player=names[data["seat"]])
    if kind == "lots_kept":
        parts = [_by_player(names[s], _lots(lots)) for s, lots in enumerate(data["kept"]) if lots is not None]
        return tr("Lots kept: {lots}.", lots="; ".join(parts))
    if kind == "tiles_drawn":
        parts = [_by_player(names[s], _tiles(d)) for s, d in enumerate(data["draws"]) if d is not None]
        return tr("Shop tiles drawn: {draws}.", draws="; ".join(parts))
    if kind == "phase" and data["phase"] == "trades":
        return tr("Trading is open: make offers, answer them, and press Done trading when finished.")
    if kind == "phase":
        first = data.get("turn")
        if first is None:
            return tr("Trading is over; time to build: everyone builds in secret at once.")
        return tr("Trading is over; time to build: {player} builds first.", player=names[first])
    if kind.startswith("offer_"):
        return _offer_sentence(kind, data, names) if data else None
    if kind == "ready":
        player = names[data["seat"]]
        return tr("{player} is done trading.", player=player) if data["ready"] else tr(
            "{player} is trading again.", player=player
        )
    if kind == "placed":
        return tr("{player} builds {shop} on lot {lot}.", player=names[data["seat"]], shop=tile(data["tile"]),
                  lot=data["lot"])
    if kind == "turn_ended":
        nxt = data.get("next")
        if nxt is None:
            return tr("{player} has finished building.", player=names[data["seat"]])
        return tr("{player} has finished building; {next} builds next.", player=names[data["seat"]], next=names[nxt])
    if kind == "placements_revealed":
        built = [tr("{player} {shop} on {lot}", player=names[s], shop=tile(t), lot=lot)
                 for s, lot, t in data["placements"]]
        return tr("Buildings revealed: {built}.", built="; ".join(built) or tr("nobody built"))
    if kind == "income":
        if "income" not in data:
            return tr("Income for {year} has been paid.", year=data["year"])
        parts = [_by_player(names[s], money(x)) for s, x in enumerate(data["income"]) if x is not None]
        return tr("Income for {year}: {incomes}.", year=data["year"], incomes=", ".join(parts))
    if kind == "new_year":
        return tr("{year} begins; {player} holds the First Player card.", year=_year(data["round"]),
                  player=names[data["first_player"]])
    if kind == "game_over":
        return _game_over(data, names)
    if kind == "resigned":
        if data.get("timed_out"):
            return ran_out_of_time(names[data["seat"]])
        return tr("{player} resigns and leaves the game.", player=names[data["seat"]])
    return None


def _private(event: Event, names: Sequence[str], seat: int) -> str | None:
    data = event.private.get(seat)
    if data is None:
        return None
    kind = event.type
    if kind == "deal":
        return tr("You are dealt lots {lots}.", lots=_lots(data["lots"]))
    if kind == "kept":
        return tr("You keep lots {lots}; they are revealed when everyone has chosen.", lots=_lots(data["lots"]))
    if kind == "batched":
        return tr("You will build {shop} on lot {lot}; revealed when everyone is done.", shop=tile(data["tile"]),
                  lot=data["lot"])
    if kind == "income":
        return tr("You earn {money}.", money=money(data["income"]))
    if kind.startswith("offer_"):
        return _offer_sentence(kind, data, names)
    return None


def describe(event: Event, names: Sequence[str], seat: int | None = None) -> str | None:
    public = _public(event, names)
    if seat is None:
        return public
    private = _private(event, names, seat)
    if event.type.startswith("offer_") and private is not None:
        return private  # the participant's version of the same sentence, with what only they may see
    if public and private:
        return f"{public} {private}"
    return private or public


def _clip(label: str) -> str:
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


def action_label(action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    if kind == "keep":
        return _clip(tr("Keep lots {lots}", lots=_lots(action["lots"])))
    if kind == "propose":
        return _clip(trn("Propose a trade ({n} item)", "Propose a trade ({n} items)", len(action.get("legs", []))))
    if kind == "edit":
        return tr("Change offer #{offer}", offer=action["offer"])
    if kind == "accept":
        return tr("Accept offer #{offer} (version {version})", offer=action["offer"], version=action["version"])
    if kind == "reject":
        return tr("Decline offer #{offer}", offer=action["offer"])
    if kind == "cancel":
        return tr("Withdraw offer #{offer}", offer=action["offer"])
    if kind == "ready":
        return tr("Done trading") if action.get("ready", True) else tr("Back to trading")
    if kind == "place":
        return tr("Build {shop} on lot {lot}", shop=tile(action["tile"]), lot=action["lot"])
    if kind == "end_turn":
        return tr("End turn")
    return _clip(str(kind))
