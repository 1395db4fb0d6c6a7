"""Alt text for Chinatown, from a view (``bot/games/chinatown/schema.py``) only, in the language in force.

Cash is secret until the end [R30]: it is read only where the view shows it (the viewer's own, or
everybody's once over), and so are income, dealt cards, the keep choice and a hidden batch. Words for
money, shop tiles and offers come from the engine (``bot/games/chinatown/text.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.games.base import Event
from bot.games.base.language import tr, trn, trp
from bot.games.base.words import join
from bot.games.chinatown.data import BOARD, Shop, shop_name
from bot.games.chinatown.text import describe, money, offer_text, standings_sentence, tile, year_name
from render import leaving, theme
from render.alt_text.words import placed
from render.chinatown import crops
from render.game import Part

if TYPE_CHECKING:
    from bot.games.chinatown.schema import BusinessView, ChinatownView, LotView, OfferView, PlayerView

TITLE = "Chinatown"
ROUNDS = 6


def seat_colours(view: ChinatownView) -> list[str]:
    # The picture gives Chinatown's seats the theme's colours in seat order (render/chinatown).
    return list(theme.SEAT_ORDER[: view["num_players"]])


def _when(view: ChinatownView) -> str:
    return tr("{year}, the {year_name}, round {round} of {rounds}", year=view["year"],
              year_name=year_name(view["zodiac"]), round=view["round"], rounds=ROUNDS)


def _status(view: ChinatownView, names: Sequence[str]) -> str:
    waiting = join([names[s] for s in view["to_act"]]) or tr("nobody")
    phase = view["phase"]
    if phase == "deal_buildings":
        return tr("choosing lots: everyone was dealt {deal} Building cards and keeps {keep}; waiting for {players}",
                  deal=view["deal"], keep=view["keep"], players=waiting)
    if phase == "trades":
        done = [names[p["seat"]] for p in view["players"] if p["ready"] and not p["resigned"]]
        if done:
            return tr("trading; still trading: {players}; done: {done}", players=waiting, done=join(done))
        return tr("trading; still trading: {players}", players=waiting)
    if view["turn"] is not None:
        return tr("building: {player}'s turn", player=names[view["turn"]])
    return tr("building, everyone at once in secret; waiting for {players}", players=waiting)


def _game_over(view: ChinatownView, names: Sequence[str]) -> str:
    """The engine's own end-of-game sentence: places, cash and shops on the board."""
    result = theme.finished(view["result"])
    parts = result["breakdown"]
    event = Event("game_over", {"reason": result["reason"], "cash": result["scores"], "ranking": result["ranking"],
                                "tiles_on_board": [p["tiles_on_board"] for p in parts]})
    return f"{describe(event, names) or tr('The game is over.')} {standings_sentence(event.public, names)}"


def _player(player: PlayerView, first: bool, names: Sequence[str]) -> str:
    name = names[player["seat"]]
    parts = [name if player["cash"] is None else tr("{player} {money} cash", player=name, money=money(player["cash"]))]
    parts.append(trn("{n} lot", "{n} lots", player["lots_owned"]))
    parts.append(trn("{n} shop", "{n} shops", player["tiles_on_board"]))
    if player["income_now"] is not None:
        parts.append(tr("income now {money}", money=money(player["income_now"])))
    if first:
        parts.append(tr("First Player"))
    if (left := leaving.word(player)) is not None:
        parts.append(left)
    return ", ".join(parts)


def _players(view: ChinatownView, names: Sequence[str]) -> str:
    over = view["phase"] == "game_over"
    rows = "; ".join(_player(p, p["seat"] == view["first_player"] and not over, names) for p in view["players"])
    if over:
        return tr("Players: {players}.", players=rows)
    return tr("Players: {players}. Cash stays secret until the end.", players=rows)


def _business(business: BusinessView) -> str:
    spec = BOARD.shops[Shop(business["tile"])]
    size = " + ".join(str(p) for p in business["parts"])
    fields = {"shop": shop_name(spec.shop), "size": size, "most": spec.max_size,
              "lots": join([str(lot) for lot in business["lots"]])}
    if business["complete"]:
        return tr("{shop} {size} of {most}, complete on lots {lots}", **fields)
    return tr("{shop} {size} of {most} on lots {lots}", **fields)


def _businesses(player: PlayerView, names: Sequence[str], mine: bool = False) -> str:
    """Businesses of two or more shops in full, then the single shops briefly: most shops stand alone."""
    groups = [_business(b) for b in player["businesses"] if len(b["lots"]) > 1]
    single = [f"{tile(b['tile'])} {b['lots'][0]}" for b in player["businesses"] if len(b["lots"]) == 1]
    if single:
        groups.append(tr("single shops: {shops}", shops=", ".join(single)))
    listed = "; ".join(groups) or tr("none yet")
    if mine:
        return tr("Your businesses: {businesses}.", businesses=listed)
    return tr("{player}'s businesses: {businesses}.", player=names[player["seat"]], businesses=listed)


def _hand_tiles(tiles: Mapping[str, int]) -> str:
    return ", ".join(tile(shop, n) for shop, n in tiles.items()) or trp("no tiles", "none")


def _tiles(view: ChinatownView, names: Sequence[str]) -> str:
    rows = [tr("{player} {items}", player=names[p["seat"]], items=_hand_tiles(p["hand_tiles"]))
            for p in view["players"]]
    return tr("Shop tiles in hand: {tiles}.", tiles="; ".join(rows))


def _lot(lot: LotView) -> str:
    return f"{lot['lot']} ({tile(lot['tile'])})" if lot["tile"] else str(lot["lot"])


def _lots(view: ChinatownView, names: Sequence[str]) -> list[str]:
    rows = []
    for p in view["players"]:
        owned = [_lot(lot) for lot in view["lots"] if lot["owner"] == p["seat"]]
        rows.append(trn("{player} owns lot {lots}.", "{player} owns lots {lots}.", len(owned), player=names[p["seat"]],
                        lots=", ".join(owned)) if owned else "")
    free = sum(1 for lot in view["lots"] if lot["owner"] is None)
    rows.append(tr("{lots} unowned; {cards} left in the deck; {tiles} left in the bag.",
                   lots=trn("{n} lot", "{n} lots", free),
                   cards=trn("{n} Building card", "{n} Building cards", view["deck_count"]),
                   tiles=trn("{n} tile", "{n} tiles", sum(view["bag"].values()))))
    return rows


def _offers(offers: Sequence[OfferView], names: Sequence[str]) -> list[str]:
    """One sentence per open offer (its legs are already joined by semicolons); notes, free text typed by
    players, are left out."""
    rows = []
    for offer in offers:
        terms = offer_text(offer, names)
        if offer["accepted"]:
            rows.append(tr("Open offer {offer}: {terms}; accepted by {players}.", offer=offer["id"], terms=terms,
                           players=join([names[s] for s in offer["accepted"]])))
        else:
            rows.append(tr("Open offer {offer}: {terms}.", offer=offer["id"], terms=terms))
    return rows


def _open(view: ChinatownView) -> list[OfferView]:
    return [o for o in view["offers"] if o["status"] == "open"] if view["phase"] == "trades" else []


def _reason(view: ChinatownView) -> str:
    result = view["result"]
    resigned = result is not None and result["reason"] == "resignation"
    return tr("too few players were left") if resigned else tr("after the 1970 income")


# -- the three pictures -----------------------------------------------------------------------------------
def board(view: ChinatownView, names: Sequence[str]) -> list[str]:
    now = _game_over(view, names) if view["result"] is not None else f"{_status(view, names)}."
    return [
        tr("{title}, {when}: {now}", title=TITLE, when=_when(view), now=now),
        _players(view, names),
        *_offers(_open(view), names),
        _tiles(view, names),
        *(_businesses(p, names) for p in view["players"] if p["businesses"]),
        "" if any(p["businesses"] for p in view["players"]) else tr("No shops are built yet."),
        *_lots(view, names),
    ]


def hand(view: ChinatownView, names: Sequence[str]) -> list[str]:
    seat = view["viewer"]
    if seat is None:
        raise ValueError("a hand's alt text needs a player's own view; this one is public")
    me = view["players"][seat]
    now = _game_over(view, names) if view["result"] is not None else tr("Now: {status}.", status=_status(view, names))
    if me["income_now"] is not None:
        rows = [tr("Your cash: {money}; income now {income}.", money=money(me["cash"]), income=money(me["income_now"]))]
    else:
        rows = [tr("Your cash: {money}.", money=money(me["cash"]))]
    if view["hand_cards"]:
        dealt = join([str(c) for c in view["hand_cards"]])
        if view["keep_choice"]:
            rows.append(tr("Building cards dealt to you: lots {lots}; keep {keep}; you keep {kept}.", lots=dealt,
                           keep=view["keep"], kept=join([str(c) for c in view["keep_choice"]])))
        else:
            rows.append(tr("Building cards dealt to you: lots {lots}; keep {keep}.", lots=dealt, keep=view["keep"]))
    rows.append(tr("Your shop tiles: {tiles}.", tiles=_hand_tiles(me["hand_tiles"])))
    if view["batch"]:
        batch = ", ".join(tr("{shop} on lot {lot}", shop=tile(p["tile"]), lot=p["lot"]) for p in view["batch"])
        rows.append(tr("To build when everyone is done: {shops}.", shops=batch))
    rows.append(_players(view, names))  # the scores, before the longer lists
    mine = [_lot(lot) for lot in view["lots"] if lot["owner"] == seat]
    rows.append(tr("Your lots: {lots}.", lots=", ".join(mine)) if mine else tr("You own no lots."))
    rows.append(_businesses(me, names, mine=True))
    rows += _offers([o for o in _open(view) if seat in o["participants"]], names)
    head = tr("{title}: {player}'s private picture, {when}. {now}", title=TITLE, player=names[seat], when=_when(view),
              now=now)
    return [head, *rows]


def final(view: ChinatownView, names: Sequence[str]) -> list[str]:
    rows = []
    for seat, _, part in placed(view):
        trades = ("+" if part["trades"] > 0 else "-" if part["trades"] < 0 else "") + money(abs(part["trades"]))
        fields = {"player": names[seat], "start": money(part["start_money"]), "income": money(part["income"]),
                  "trades": trades}
        if leaving.dropped(part):
            rows.append(trn("{player}: start {start}, income {income}, trades {trades}, {n} shop on the board, "
                            "dropped",
                            "{player}: start {start}, income {income}, trades {trades}, {n} shops on the board, "
                            "dropped", part["tiles_on_board"], **fields))
        elif part["timed_out"]:
            rows.append(trn("{player}: start {start}, income {income}, trades {trades}, {n} shop on the board, "
                            "out of time",
                            "{player}: start {start}, income {income}, trades {trades}, {n} shops on the board, "
                            "out of time", part["tiles_on_board"], **fields))
        elif part["resigned"]:
            rows.append(trn("{player}: start {start}, income {income}, trades {trades}, {n} shop on the board, "
                            "resigned",
                            "{player}: start {start}, income {income}, trades {trades}, {n} shops on the board, "
                            "resigned", part["tiles_on_board"], **fields))
        else:
            rows.append(trn("{player}: start {start}, income {income}, trades {trades}, {n} shop on the board",
                            "{player}: start {start}, income {income}, trades {trades}, {n} shops on the board",
                            part["tiles_on_board"], **fields))
    return [
        tr("{title}, final ranking, {reason}. {game_over}", title=TITLE, reason=_reason(view),
           game_over=_game_over(view, names)),
        "; ".join(rows) + ".",
        tr("Ties are broken by the most shops on the board."),
    ]


# -- close-ups (render/alt_text/focus) -----------------------------------------------------------------------
def close_up(view: ChinatownView, names: Sequence[str], part: Part) -> list[str]:
    """The lots a close-up rings, each with its neighbours, from the view it was drawn from."""
    lots = crops.lots_of(part)
    if not lots:
        return [tr("{title}, every district.", title=TITLE), *_lots(view, names)]
    batch = {p["lot"]: p["tile"] for p in view["batch"] or ()}
    where = crops.districts_of(lots)
    if len(where) == 1:
        head = tr("district {district}", district=where[0])
    else:
        head = tr("districts {districts}", districts=join([str(d) for d in where]))
    rows = [trn("{title}, a close-up of {where}: {n} lot ringed, the others faded.",
                "{title}, a close-up of {where}: {n} lots ringed, the others faded.", len(lots), title=TITLE,
                where=head)]
    for number in lots:
        near = ", ".join(_near(view, n, names, batch) for n in sorted(BOARD.adjacency[number]))
        rows.append(tr("Lot {lot}; next to {lots}.", lot=_near(view, number, names, batch), lots=near or tr("no lot")))
    return rows


def _near(view: ChinatownView, number: int, names: Sequence[str], batch: Mapping[int, str]) -> str:
    """ "23 (Ann's Photo)", "17 (unowned)", "5 (yours, Florist to be built)"."""
    lot = view["lots"][number - 1]
    if number in batch:
        return tr("{lot} (yours, {shop} to be built)", lot=number, shop=tile(batch[number]))
    if lot["owner"] is None:
        return tr("{lot} (unowned)", lot=number)
    shop = tile(lot["tile"]) if lot["tile"] else tr("no shop")
    return tr("{lot} ({player}'s, {shop})", lot=number, player=names[lot["owner"]], shop=shop)
