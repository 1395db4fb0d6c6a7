"""The shape of a Sun Tzu view: the only thing renderers, cogs and the AI ever read.

Built by ``views.py``; everything here is JSON-safe. Every key is always present; the viewer's private
fields (marked "own view") are None in the public view and in the other seat's view. No view holds
the seed, a deck order, the event order, an unrevealed card of the opponent or an unused warlord's name.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.games.base import ResultView

ColourName = Literal["blue", "red"]
Outcome = Literal["blue", "red", "tie", "cancelled"]
PayKindName = Literal["place", "cost", "challenge"]
DestName = Literal["province", "mark", "set_aside"]
# Resting stages (see state.Stage): the decision the game waits for.
StageName = Literal[
    "choose_warlord",  # D1, both at once
    "assign",  # D2, both at once
    "w1",  # D3 before the battles
    "pick",  # D4
    "counter",  # D5
    "cap",  # D6
    "costs",  # D7
    "placement",  # D8
    "event_effect",  # D7-D11 for the event just met
    "w2",  # D3 after the battles
    "recycle",  # D12
    "keep",  # D13
    "over",
]


class CardView(TypedDict):
    id: str  # instance id: "n7", "plus1.2", "plague.1"
    card: str  # card kind: "n7", "plus1", "plague"
    label: str  # printed label: "7", "+1", "-1", "P"
    framed: bool  # 1-6: returns to hand every round


class ScreenView(TypedDict):
    number: int  # 1..10
    values: list[int]  # scored after rounds 3, 6 and 9
    current: int  # the value of the face in use (highlighted)


class ProvinceView(TypedDict):
    id: str
    name: str
    order: int  # 1..5, board order
    neighbours: list[str]  # by the table's adjacency option
    owner: ColourName | None
    owner_seat: int | None
    armies: int
    marks: dict[str, int]  # {"blue": n, "red": n}: 6-marks in each colour's mark box
    screen: ScreenView
    resolved: int | None  # 1-based place in this round's resolution order; None if not yet
    own_card: CardView | None  # own view: the viewer's face-down card here before its reveal


class BattleView(TypedDict):
    province: str
    blue: CardView
    red: CardView
    countered: bool  # blue's Plague counted as 0 (Counter Plague)
    capped: ColourName | None  # whose printed 7-10 counted as 6 (Cap at Six)
    blue_value: int | None  # the compared values; None while pending or when a Plague cancelled
    red_value: int | None
    outcome: Outcome | None  # None while the battle is still being resolved
    margin: int
    winner: int | None  # seat


class PaymentView(TypedDict):
    seat: int
    kind: PayKindName
    dest: DestName
    province: str | None
    owed: int
    choices: list[str] | None  # own view: "reserve", province ids or "none"


class PendingView(TypedDict):
    stage: StageName
    seats: list[int]  # who must act now (to_act)
    window: int | None  # 1 or 2 in a warlord window
    province: str | None  # the battle being resolved
    payments: list[PaymentView]
    event: str | None  # the event whose effect is being applied


class ScoringView(TypedDict):
    round: int
    blue: int
    red: int
    marker: int  # after this scoring


class PlayerView(TypedDict):
    seat: int
    colour: ColourName
    role: str  # "Sun Tzu" or "King of Chu"
    reserve: int
    set_aside: int
    marks_total: int  # armies in its mark boxes
    board_armies: int
    hand_count: int
    deck_count: int
    out: list[CardView]  # out of the game face up (played, or discarded for support)
    out_hidden_count: int  # deck tops removed face down by a recycling warlord
    warlords_unused: int
    warlords_used: list[str]  # public once used, in order
    chose_warlord: bool
    committed: bool  # its five cards are face down on the table
    passed: bool  # in the current warlord window
    drawing: int  # cards drawn and not yet kept or put under
    revealed_one: bool  # draws 3 keep 2 this round
    resigned: bool  # left the game (ranked last), whether it resigned or ran out of time
    timed_out: bool  # it left by running out of time on a forfeit clock (public: everybody saw it)


class SunTzuView(TypedDict):
    key: Literal["sun_tzu"]
    viewer: int | None
    viewer_colour: ColourName | None
    num_players: int
    options: dict[str, object]
    stage: StageName
    round: int
    rounds: int
    face: int  # 0, 1 or 2: which screen value is in use
    scoring_round: bool
    score_marker: int  # -9..+9, positive toward blue
    track: int  # 9: the end boxes
    privilege_holder: int | None  # seat
    picker: int | None  # seat choosing the next province now
    provinces: list[ProvinceView]
    battles: list[BattleView]  # this round, in the order resolved
    total_plague: bool
    plagues_revealed: list[str]  # "colour:instance" ever revealed (Pandemic)
    pending: PendingView
    players: list[PlayerView]  # by seat
    active_event: str | None
    events_left: int  # face-down event cards
    events_done: list[str]
    scorings: list[ScoringView]
    hand: list[CardView] | None  # own view
    assignment: dict[str, CardView] | None  # own view: committed cards not yet returned
    deck_bottom: list[CardView] | None  # own view: cards it put under its deck, bottom last
    warlords_held: list[str] | None  # own view: unused warlords
    warlords_unchosen: list[str] | None  # own view
    drawn: list[CardView] | None  # own view: cards drawn this phase 5, to keep or put under
    out_hidden: list[CardView] | None  # own view: deck tops a recycling warlord removed
    passing_windows: bool | None  # own view: its orders pass this round's warlord windows as they open
    result: ResultView | None  # Result.to_dict() once over
