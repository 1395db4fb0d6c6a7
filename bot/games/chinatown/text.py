"""Words: one sentence per event for the thread (public part only) or a DM (plus that seat's part),
and short labels for buttons and select options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Event
from bot.games.base.words import count, join
from bot.games.chinatown.data import ZODIAC, Shop, shop_name

LABEL_LIMIT = 79

VOID_REASONS = {
    "PHASE_ENDED": "trading is over",
    "PLAYER_LEFT": "a participant left the game",
    "MONEY_UNPAYABLE": "a money item can no longer be paid",
    "INSUFFICIENT_CASH": "you can no longer pay your money item",
    "LOT_NOT_OWNED_BY_GIVER": "a lot changed hands",
    "TILES_NOT_IN_HAND": "shop tiles in it were traded away",
}


def money(amount: int | None) -> str:
    return "money" if amount is None else f"${amount:,}"


def tile(shop_id: str, count: int = 1) -> str:
    name = shop_name(Shop(shop_id))
    return name if count == 1 else f"{count} × {name}"


def _lots(lots: Sequence[int]) -> str:
    return ", ".join(str(lot) for lot in lots) or "none"


def _tiles(counts: Mapping[str, int]) -> str:
    return ", ".join(tile(shop, n) for shop, n in counts.items()) or "nothing"


def _game_over(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """How the game ended and how ties on money were broken; the ranking itself is on the board (once)."""
    cash, shops, ranking = data["cash"], data["tiles_on_board"], data["ranking"]
    end = "The game is over after a resignation." if data.get("reason") == "resignation" else (
        "The game is over: the income of 1970 is paid."
    )
    ties = []
    for amount in sorted({c for c in cash if c is not None and list(cash).count(c) > 1}, reverse=True):
        tied = sorted((s for s, c in enumerate(cash) if c == amount), key=lambda s: ranking[s])
        shops_of = join([f"{names[s]} {count(shops[s], 'shop')}" for s in tied])
        same = "both have" if len(tied) == 2 else "all have"
        ties.append(f"{join([names[s] for s in tied])} {same} {money(amount)}: shops on the board decide ({shops_of}).")
    return " ".join([end, *ties])


def _year(round_no: int) -> str:
    return f"{1964 + round_no}, the Year of the {ZODIAC[round_no - 1]}"


def leg_text(leg: Mapping[str, Any], names: Sequence[str]) -> str:
    giver, receiver = names[leg["from"]], names[leg["to"]]
    if leg["kind"] == "lot":
        on_it = f" ({shop_name(Shop(leg['lot_tile']))})" if leg.get("lot_tile") else ""
        item = f"lot {leg['lot']}{on_it}"
    elif leg["kind"] == "tiles":
        item = tile(leg["tile_type"], leg["count"])
    else:
        item = money(leg.get("amount"))
    return f"{giver} gives {item} to {receiver}"


def offer_text(offer: Mapping[str, Any], names: Sequence[str]) -> str:
    return "; ".join(leg_text(leg, names) for leg in offer["legs"])


def _offer_sentence(kind: str, data: Mapping[str, Any], names: Sequence[str]) -> str | None:
    offer = data.get("offer")
    by = names[data["by"]] if "by" in data else ""
    if offer is None:
        return f"{by} changed offer #{data['removed']}; you are no longer part of it." if "removed" in data else None
    ref = f"offer #{offer['id']}"
    said = f' ("{offer["note"]}")' if offer.get("note") else ""
    if kind == "offer_proposed":
        return f"{by} proposes {ref}: {offer_text(offer, names)}.{said}"
    if kind == "offer_edited":
        return f"{by} changes {ref} (version {offer['version']}): {offer_text(offer, names)}.{said}"
    if kind == "offer_accepted":
        return f"{by} accepts {ref} (version {offer['version']})."
    if kind == "offer_rejected":
        reason = f' ("{data["note"]}")' if data.get("note") else ""
        return f"{by} declines {ref}; it is closed.{reason}"
    if kind == "offer_cancelled":
        return f"{by} withdraws {ref}."
    if kind == "offer_executed":
        return f"Trade #{offer['id']} done: {offer_text(offer, names)}."
    reason = offer.get("void_reason") or ""
    why = VOID_REASONS.get(reason, reason.lower().replace("_", " "))
    return f"Offer #{offer['id']} is void: {why}."


def standings_sentence(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Final ranking: 1. Ann $70,000 (2 shops), ...", from a game_over event's data: for a text that has
    no ranking of its own (a picture's alt text); the board's final ranking already lists it."""
    cash, shops, ranking = data["cash"], data["tiles_on_board"], data["ranking"]
    order = sorted(range(len(cash)), key=lambda s: ranking[s])
    return "Final ranking: " + ", ".join(
        f"{ranking[s]}. {names[s]} {money(cash[s])} ({count(shops[s], 'shop')})" for s in order
    ) + "."


def _public(event: Event, names: Sequence[str]) -> str | None:
    data = event.public
    kind = event.type
    if kind == "deal":
        return f"{_year(data['round'])}: everyone is dealt {data['deal']} Building cards and keeps {data['keep']}."
    if kind == "kept":
        return f"{names[data['seat']]} has chosen which lots to keep."
    if kind == "lots_kept":
        parts = [f"{names[s]} {_lots(lots)}" for s, lots in enumerate(data["kept"]) if lots is not None]
        return "Lots kept: " + "; ".join(parts) + "."
    if kind == "tiles_drawn":
        parts = [f"{names[s]} {_tiles(d)}" for s, d in enumerate(data["draws"]) if d is not None]
        return "Shop tiles drawn: " + "; ".join(parts) + "."
    if kind == "phase" and data["phase"] == "trades":
        return "Trading is open: make offers, answer them, and press Done trading when finished."
    if kind == "phase":
        first = data.get("turn")
        who = f"{names[first]} builds first" if first is not None else "everyone builds in secret at once"
        return f"Trading is over; time to build: {who}."
    if kind.startswith("offer_"):
        return _offer_sentence(kind, data, names) if data else None
    if kind == "ready":
        return f"{names[data['seat']]} {'is done trading' if data['ready'] else 'is trading again'}."
    if kind == "placed":
        return f"{names[data['seat']]} builds {tile(data['tile'])} on lot {data['lot']}."
    if kind == "turn_ended":
        nxt = data.get("next")
        then = f"; {names[nxt]} builds next" if nxt is not None else ""
        return f"{names[data['seat']]} has finished building{then}."
    if kind == "placements_revealed":
        built = [f"{names[s]} {tile(t)} on {lot}" for s, lot, t in data["placements"]]
        return "Buildings revealed: " + ("; ".join(built) or "nobody built") + "."
    if kind == "income":
        if "income" not in data:
            return f"Income for {data['year']} has been paid."
        parts = [f"{names[s]} {money(x)}" for s, x in enumerate(data["income"]) if x is not None]
        return f"Income for {data['year']}: " + ", ".join(parts) + "."
    if kind == "new_year":
        return f"{_year(data['round'])} begins; {names[data['first_player']]} holds the First Player card."
    if kind == "game_over":
        return _game_over(data, names)
    if kind == "resigned":
        return f"{names[data['seat']]} resigns and leaves the game."
    return None


def _private(event: Event, names: Sequence[str], seat: int) -> str | None:
    data = event.private.get(seat)
    if data is None:
        return None
    kind = event.type
    if kind == "deal":
        return f"You are dealt lots {_lots(data['lots'])}."
    if kind == "kept":
        return f"You keep lots {_lots(data['lots'])}; they are revealed when everyone has chosen."
    if kind == "batched":
        return f"You will build {tile(data['tile'])} on lot {data['lot']}; revealed when everyone is done."
    if kind == "income":
        return f"You earn {money(data['income'])}."
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
        return _clip(f"Keep lots {_lots(action['lots'])}")
    if kind == "propose":
        return _clip(f"Propose a trade ({count(len(action.get('legs', [])), 'item')})")
    if kind == "edit":
        return f"Change offer #{action['offer']}"
    if kind == "accept":
        return f"Accept offer #{action['offer']} (version {action['version']})"
    if kind == "reject":
        return f"Decline offer #{action['offer']}"
    if kind == "cancel":
        return f"Withdraw offer #{action['offer']}"
    if kind == "ready":
        return "Done trading" if action.get("ready", True) else "Back to trading"
    if kind == "place":
        return f"Build {tile(action['tile'])} on lot {action['lot']}"
    if kind == "end_turn":
        return "End turn"
    return _clip(str(kind))
