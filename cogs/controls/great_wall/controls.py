"""The Great Wall of China controls: two or three taps per action, only legal choices.

Root step: a select of card groups ("2 × Infantry", from the legal plays) and a "Draw a card" button; or,
while a first marker waits for its place, a select of (marker, card). Picking a group shows the legal
sections as buttons; a Dragon's section then offers its cover targets. Payloads (in custom_ids) are a
:class:`~cogs.controls.great_wall.verbs.Verb` and its arguments, routed by the table in ``GreatWallControls``.

Everything parsed here is untrusted; the engine re-checks the resulting action at the control's version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.games.base import Action, Option
from bot.games.base.language import mark, tr, trn, trp
from bot.games.great_wall.data import CardType
from bot.games.great_wall.schema import CardView, GreatWallView, SectionView
from bot.games.great_wall.text import card_name, plural
from bot.tables import Table
from cogs.components import ControlButton, Panel, Ref, choice, persistent_view, selects
from cogs.controls.base import Controls
from cogs.controls.great_wall.verbs import Verb
from cogs.controls.great_wall.words import phase_summary
from cogs.controls.routes import GONE, UNREADABLE, Click, check_routes, dispatch, route
from cogs.controls.views import typed_view
from render.crops import BOARD, Focus

NAMES: tuple[str, ...] = tuple(CardType)  # the card types, in the deck's order


def cards(card: str, count: int) -> str:
    return tr("{n} × {cards}", n=count, cards=plural(card, count))


def _view(table: Table, seat: int | None) -> GreatWallView:
    return typed_view(GreatWallView, table, seat)


def _legal(table: Table, seat: int) -> list[Action]:
    return table.game.legal_actions(table.state, seat)


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 6:
        raise UserError(UNREADABLE)
    return int(text)


def strengths(section: SectionView, seat: int, names: Sequence[str]) -> str:
    """ "you 3, Bob 5": each participant's strength in a section, as its close-up draws them, the seat first."""
    found = sorted(((s, p) for s, p in enumerate(section["progress"]) if p is not None), key=lambda sp: sp[0] != seat)
    parts = [tr("you {progress}", progress=p) if s == seat else f"{names[s]} {p}" for s, p in found]
    return trp("great wall list", ", ").join(parts) or tr("no cards yet")


def section_label(section: SectionView, seat: int, names: Sequence[str]) -> str:
    """ "Section 2 · you 3, Bob 5 · markers 5 & 3": what a choice of this section is worth, in numbers."""
    markers = " & ".join(map(str, section["markers"]))
    label = tr("Section {section} · {strengths}", section=section["slot"] + 1,
               strengths=strengths(section, seat, names))
    return label + (tr(" · markers {markers}", markers=markers) if markers else "")


def _placed(view: GreatWallView) -> dict[int, tuple[int, CardView]]:
    """Card id -> (1-based position in its section's row, card), for every card on the table."""
    return {
        card["id"]: (pos, card) for s in view["sections"] for pos, stack in enumerate(s["row"], 1) for card in stack
    }


# One description per option value, in plain words (the lobby shows it under the value).
OPTION_HELP: dict[str, dict[Any, str]] = {
    "infantry_covered": {
        "keep_rank": mark(
            "An Infantry covered by a Dragon is worth 0 but keeps its place in the count: 1, covered, 3."
        ),
        "renumber": mark("An Infantry covered by a Dragon leaves the count: 1, covered, then 2."),
    },
    "open_scores": {
        False: mark("Each player sees only their own markers until the end."),
        True: mark("Everybody sees all the markers and scores during play."),
    },
}


# -- steps -------------------------------------------------------------------------------------------


def _claim_options(table: Table, claims: Sequence[Action]) -> list[discord.SelectOption]:
    view = _view(table, None)
    placed, seat, names = _placed(view), view["active"], [p.name for p in table.seated]
    options = []
    for a in claims:
        pos, card = placed.get(a["card"], (0, None))
        what = card_name(card["type"]) if card else tr("card")
        label = tr("Put the {marker} on your {card} (position {position})", marker=a["marker"], card=what, position=pos)
        where = section_label(view["sections"][a["section"]], seat if seat is not None else -1, names)
        options.append(choice(label, f"{a['section']}.{a['marker']}.{a['card']}", where))
    return options


def _sections_step(table: Table, seat: int, card: str, count: int) -> Panel:
    plays = [a for a in _legal(table, seat) if a["type"] == "play" and a["card"] == card and a["count"] == count]
    if not plays:
        raise UserError(GONE)
    ref, sections, names = Ref.of(table), _view(table, None)["sections"], [p.name for p in table.seated]
    buttons: list[discord.ui.Item[Any]] = []
    slots = sorted({a["section"] for a in plays})
    for slot in slots:
        label = section_label(sections[slot], seat, names)
        covers = any(a["section"] == slot and a.get("cover") is not None for a in plays)
        payload = f"{Verb.DRAGON}.{slot}" if covers else f"{Verb.PLAY}.{card}.{count}.{slot}"
        buttons.append(ControlButton(ref, payload, label, row=0))
    buttons.append(ControlButton(ref, Verb.HOME, tr("Back"), style=discord.ButtonStyle.secondary, row=1))
    text = tr("Play {cards} to which section? The picture shows them, with each player's strength.",
              cards=cards(card, count))
    return Panel(text, persistent_view(*buttons), Focus("sections", tuple(slots)))


def _dragon_step(table: Table, seat: int, slot: int) -> Panel:
    plays = [a for a in _legal(table, seat) if a["type"] == "play" and a["card"] == "DRAGON" and a["section"] == slot]
    if not plays:
        raise UserError(GONE)
    ref, placed, names = Ref.of(table), _placed(_view(table, None)), [p.name for p in table.seated]
    options = []
    for a in plays:
        if a.get("cover") is None:
            continue
        pos, card = placed[a["cover"]]
        name = card_name(card["type"])
        if card["owner"] == seat:
            label = tr("Cover your own {card} (position {position})", card=name, position=pos)
        else:
            label = tr("Cover {owner}'s {card} (position {position})", owner=names[card["owner"]], card=name,
                       position=pos)
        worth = tr("worth {value} now; 0 once covered", value=card["value"])
        options.append(choice(label, str(card["id"]), worth))
    items: list[discord.ui.Item[Any]] = list(selects(ref, f"{Verb.COVER}.{slot}", options, tr("Cover a card…")))
    if any(a.get("cover") is None for a in plays):
        items.append(ControlButton(ref, f"{Verb.PLAY}.DRAGON.1.{slot}", tr("At the end of the row"), row=4))
    items.append(ControlButton(ref, Verb.HOME, tr("Back"), style=discord.ButtonStyle.secondary, row=4))
    text = tr("Where does your Dragon go in section {section}?", section=slot + 1)
    return Panel(text, persistent_view(*items), Focus("sections", (slot,)))


class GreatWallControls(Controls):
    def __init__(self) -> None:
        self.routes = check_routes(Verb, {
            Verb.DRAW: route(lambda click: {"type": "draw"}),
            Verb.HOME: route(lambda click: self.first_step(click.table, click.seat)),
            Verb.GROUP: route(_group, range(2), value=True),
            Verb.PLAY: route(_play, 3),
            Verb.DRAGON: route(lambda click: _dragon_step(click.table, click.seat, _number(click.args[0])), 1),
            Verb.COVER: route(_cover, 2, value=True),
            Verb.CLAIM: route(_claim, range(2), value=True),
        })

    def phase_summary(self, table: Table) -> str:
        return phase_summary(table)

    def focus(self, table: Table, seat: int) -> Focus | None:
        """The first step's picture: the section waiting for its first marker; the board while the seat plays
        cards or draws (a choice about the whole position, as China's first step: the board is already drawn
        for the thread, where a close-up of every open section would be nearly the board again, drawn anew);
        the next step's close-up shows the sections a chosen group may go to. None when there is nothing to
        choose."""
        if table.state is None or seat not in table.to_act():
            return None
        view = _view(table, None)
        if view["pending_claim"] is not None:
            return Focus("sections", (view["pending_claim"]["section"],))
        return BOARD if view["phase"] == "actions" else None

    def hand_text(self, table: Table, seat: int) -> str:
        view = _view(table, seat)
        held = Counter[str](card["type"] for card in view["hand"] or [])
        comma = trp("great wall list", ", ")
        hand = comma.join(cards(kind, held[kind]) for kind in NAMES if held[kind]) or tr("no cards")
        me = view["players"][seat]
        text = tr("Your hand: {hand}. Your deck: {deck}.", hand=hand,
                  deck=trn("{n} card", "{n} cards", me["deck_count"]))
        if me["markers"] is not None and me["markers"]:
            text += tr(" Your markers: {markers} ({points}).", markers=", ".join(map(str, me["markers"])),
                       points=trn("{n} point", "{n} points", me["score"] or 0))
        return text

    def prompt(self, table: Table, seat: int) -> str:
        view = _view(table, seat)
        head = f"**{tr(table.game.title)} #{table.id}**: "
        pending = view["pending_claim"]
        if pending is not None:
            due = tr(
                "you lead section {section} and take its first marker. Choose the marker and the card "
                "of yours it lies on (it counts against you there until the section is complete).",
                section=pending["section"] + 1,
            )
        else:
            left = view["actions_left"]
            due = trn("your turn, {n} action left: play cards of one type, or draw a card.",
                      "your turn, {n} actions left: play cards of one type, or draw a card.", left)
            if view["cavalry_allowed"] and any(card["type"] == "CAVALRY" for card in view["hand"] or []):
                due += tr(" Cavalry is free: it costs no action.")
        return f"{head}{due}\n{self.hand_text(table, seat)}"

    def option_label(self, option: Option, value: Any) -> str | None:
        if option.key == "first_seat":
            return tr("random") if value is None else tr("seat {seat}", seat=value + 1)
        if option.key == "infantry_covered":
            return {"keep_rank": tr("keeps its rank"), "renumber": tr("loses its rank")}.get(str(value))
        if option.key == "open_scores":
            return tr("open") if value else tr("hidden until the end")
        return None

    def option_help(self, option: Option, value: Any) -> str | None:
        if option.key == "first_seat":
            if value is None:
                return tr("The start player is drawn at random.")
            return tr("The player in seat {seat} starts.", seat=value + 1)
        help_text = OPTION_HELP.get(option.key, {}).get(value)
        return tr(help_text) if help_text is not None else None

    def awaited(self, table: Table, players: str, count: int) -> str:
        """The whole sentence on whom the game waits for and what for now."""
        view = _view(table, None)
        if view["pending_claim"] is not None:
            return trn("The game is waiting for {players} to place a section's first marker.",
                       "The game is waiting for {players} to place a section's first marker.", count, players=players)
        if view["phase"] == "actions":
            return trn("The game is waiting for {players} to play cards or draw a card.",
                       "The game is waiting for {players} to play cards or draw a card.", count, players=players)
        return super().awaited(table, players, count)

    def due(self, table: Table, seat: int) -> str:
        view = _view(table, None)
        if view["pending_claim"] is not None:
            return tr("place a section's first marker")
        return tr("play cards or draw a card") if view["phase"] == "actions" else tr("your move")

    def build(self, table: Table, seat: int) -> discord.ui.View | None:
        legal, ref = _legal(table, seat), Ref.of(table)
        claims = [a for a in legal if a["type"] == "claim"]
        if claims:
            options = _claim_options(table, claims)
            return persistent_view(*selects(ref, Verb.CLAIM, options, tr("Choose your first marker")))
        groups = list(dict.fromkeys((a["card"], a["count"]) for a in legal if a["type"] == "play"))
        held = Counter[str](card["type"] for card in _view(table, seat)["hand"] or [])
        options = [
            choice(
                cards(card, count),
                f"{card}.{count}",
                tr("free: costs no action") if card == "CAVALRY" else tr("you hold {n}", n=held[card]),
            )
            for card, count in groups
        ]
        items: list[discord.ui.Item[Any]] = list(selects(ref, Verb.GROUP, options, tr("Play cards…")))
        if {"type": "draw"} in legal:
            items.append(ControlButton(ref, Verb.DRAW, tr("Draw a card"), style=discord.ButtonStyle.secondary, row=4))
        return persistent_view(*items) if items else None

    def resolve(self, table: Table, seat: int, payload: str, values: Sequence[str]) -> Action | Panel:
        return dispatch(Verb, self.routes, table, seat, payload, values)


def _group(click: Click) -> Panel:
    card, _, count = click.value.partition(".")
    if card not in NAMES:
        raise UserError(UNREADABLE)
    return _sections_step(click.table, click.seat, card, _number(count))


def _play(click: Click) -> Action:
    card, count, section = click.args
    if card not in NAMES:
        raise UserError(UNREADABLE)
    return {"type": "play", "card": card, "count": _number(count), "section": _number(section)}


def _cover(click: Click) -> Action:
    return {"type": "play", "card": "DRAGON", "count": 1, "section": _number(click.args[0]),
            "cover": _number(click.value)}


def _claim(click: Click) -> Action:
    if click.value.count(".") != 2:
        raise UserError(UNREADABLE)
    slot, marker, card_id = (_number(part) for part in click.value.split("."))
    return {"type": "claim", "section": slot, "marker": marker, "card": card_id}
