"""Small helpers shared by Chinatown's control steps: reading views and untrusted payload parts, and the
close-up of the lots a step names."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.games.base import Action
from bot.games.base.language import mark, tr
from bot.games.chinatown.data import BOARD
from bot.games.chinatown.schema import ChinatownView
from bot.tables import Table
from cogs.components import ControlSelect, Panel, Ref, choice
from cogs.controls.routes import SHORT, UNREADABLE, Click, Handler, short_runs
from cogs.controls.views import typed_view
from render.chinatown.common import SHOP_CODE
from render.crops import Focus

OLD = mark("That control is from an earlier year; press Play for fresh controls.")
# What cogs.components accepts in a custom_id payload (60), less the ".<n>" that selects() may append.
PAYLOAD = re.compile(r"[A-Za-z0-9_.-]{1,58}")


# One step reads the same views several times (prompt, hand text, controls); a view costs milliseconds (it
# derives every business from the board). Keyed by the state object, which the cache holds on to, so an id
# is never reused while cached; states are immutable, so a cached view never goes stale.
_VIEWS: dict[tuple[int, int | None], tuple[object, ChinatownView]] = {}
_VIEWS_KEPT = 16


def view_of(table: Table, seat: int | None) -> ChinatownView:
    key = (id(table.state), seat)
    cached = _VIEWS.get(key)
    if cached is not None and cached[0] is table.state:
        return cached[1]
    view = typed_view(ChinatownView, table, seat)
    if len(_VIEWS) >= _VIEWS_KEPT:
        _VIEWS.pop(next(iter(_VIEWS)))
    _VIEWS[key] = (table.state, view)
    return view


def names(table: Table) -> list[str]:
    """Plain names by seat: labels cannot show mentions."""
    return [p.name for p in table.seated]


def number(text: str, digits: int = 6) -> int:
    if not text.isdigit() or len(text) > digits:
        raise UserError(UNREADABLE)
    return int(text)


def this_round(table: Table, text: str) -> int:
    """The round a control was made for must be the current one: an old button never acts in a later year."""
    round_no = number(text, 1)
    if round_no != view_of(table, None)["round"]:
        raise UserError(tr(OLD))
    return round_no


def in_round(step: Callable[[Click, int], Action | Panel]) -> Handler:
    """A handler of a payload whose first argument is the round: refused once that round is over."""
    return lambda click: step(click, this_round(click.table, click.args[0]))


def payload(*parts: Any) -> str:
    text = ".".join(str(part) for part in parts)
    if PAYLOAD.fullmatch(text) is None:
        raise ValueError(f"payload {text!r} does not fit a custom_id")
    return text


@dataclass(frozen=True)
class LotGroup:
    """Lots of one district offered together when a choice of lots is too long for one list: the whole
    district, or (past ``SHORT`` lots there) a run of it, lots being numbered row by row."""

    district: int
    lots: tuple[int, ...]
    whole: bool

    @property
    def code(self) -> str:
        """``<first>-<last>``: a select value, read back by ``group_lots``."""
        return f"{self.lots[0]}-{self.lots[-1]}"

    def label(self) -> str:
        if self.whole:
            return tr("District {district}", district=self.district)
        return tr("District {district}, lots {first} to {last}", district=self.district, first=self.lots[0],
                  last=self.lots[-1])


def lot_groups(lots: Iterable[int]) -> list[LotGroup]:
    """``lots`` by district, each group at most ``SHORT`` lots (a district with more in even runs)."""
    by_district: dict[int, list[int]] = {}
    for lot in sorted(set(lots)):
        by_district.setdefault(BOARD.district_of[lot], []).append(lot)
    return [LotGroup(district, tuple(run), len(found) <= SHORT)
            for district, found in sorted(by_district.items()) for run in short_runs(found)]


def group_lots(lots: Iterable[int], code: str) -> list[int]:
    """The lots of ``lots`` in the group ``code`` names (an untrusted select value, read strictly)."""
    first, dash, last = code.partition("-")
    low, high = number(first, 2), number(last, 2)
    if not dash or low > high:
        raise UserError(UNREADABLE)
    return sorted(lot for lot in lots if low <= lot <= high)


def group_select(ref: Ref, verb_payload: str, groups: Sequence[LotGroup], about: Callable[[LotGroup], str],
                 chosen: LotGroup | None = None) -> ControlSelect:
    """The districts step: one option per group, its lots and ``about`` them in the description."""
    options = [
        choice(group.label(), group.code, about(group), default=chosen is not None and group.code == chosen.code)
        for group in groups
    ]
    return ControlSelect(ref, verb_payload, options, tr("Which district?"), row=0)


def close_up(lots: Iterable[int]) -> Focus:
    """The picture of a step that names lots: those lots ringed in their districts (every district for none)."""
    return Focus("lots", tuple(sorted(set(lots))))


def lot_neighbours(view: Mapping[str, Any], lot: int, names: Sequence[str]) -> str:
    """ "district 3 · next to 16 you (PH), 18 Bob, 19 free": a lot's neighbours with their owners and shops,
    the shops by the codes the picture draws on them (a select option's description)."""
    return tr("district {district} · {neighbours}", district=BOARD.district_of[lot],
              neighbours=next_to(view, lot, names))


def lots_with_shops(view: Mapping[str, Any], lots: Iterable[int]) -> str:
    """ "16 (TH), 17, 20": lots with the codes the picture draws on their shops."""
    shops = [view["lots"][lot - 1]["tile"] for lot in lots]
    return ", ".join(f"{lot} ({SHOP_CODE[shop]})" if shop else str(lot) for lot, shop in zip(lots, shops, strict=True))


def next_to(view: Mapping[str, Any], lot: int, names: Sequence[str]) -> str:
    """ "next to 16 you (PH), 18 Bob, 19 free"."""
    me = view["viewer"]
    secret = {placed["lot"]: placed["tile"] for placed in view["batch"] or ()}  # built this year, not yet shown
    parts = []
    for neighbour in sorted(BOARD.adjacency[lot]):
        found = view["lots"][neighbour - 1]
        owner, shop = found["owner"], found["tile"] or secret.get(neighbour)
        if owner is None:
            parts.append(tr("{lot} free", lot=neighbour))
            continue
        if owner == me:  # its own words: "16 you (PH)" is "16 tuyo (PH)", not "16 ti (PH)"
            parts.append(tr("{lot} you ({shop})", lot=neighbour, shop=SHOP_CODE[shop]) if shop
                         else tr("{lot} you", lot=neighbour))
            continue
        parts.append(f"{neighbour} {names[owner]}" + (f" ({SHOP_CODE[shop]})" if shop else ""))
    return tr("next to {lots}", lots=", ".join(parts) or tr("no lot"))
