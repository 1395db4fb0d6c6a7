"""Everything Sun Tzu draws: the board (score track, provinces, players), a seat's private picture and the
result, each from a view only; the package's ``board``, ``hand`` and ``final`` turn them into PNG."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr, trn, trp
from bot.games.sun_tzu.text import event_name, lead_text, province, role_name, warlord_name
from render import leaving, theme
from render.theme import INK, MUTED, Box

if TYPE_CHECKING:
    from bot.games.sun_tzu.schema import CardView, PlayerView, ProvinceView, SunTzuView

WIDTH = 1120
MARGIN = 24
GAP = 12
HEADER_H = 96
TRACK_H = 128
PROVINCE_H = 372
PLAYER_H = 150
FOOTER_H = 56
CARD_W, CARD_H = 70, 96
HAND_W, HAND_H = 100, 136  # the private picture's cards, with their notes under them
NOTE_H = 36
KEY = 28  # values, counts, outcomes, names: the theme's key minimum (27 px on this 1120 px picture)
CAPTION = 24  # legends, scales: 2% of the width
MARK_D = 42  # the badge beside a province's 6-marks
LEAD_BACK = (255, 243, 205)
SILVER, SILVER_EDGE = (214, 218, 224), (110, 116, 126)

STAGE_TEXT = {
    "choose_warlord": mark("choose a warlord"),
    "assign": mark("give orders"),
    "w1": mark("use or pass warlords"),
    "w2": mark("use or pass warlords"),
    "pick": mark("choose the next province"),
    "counter": mark("answer Counter Plague"),
    "cap": mark("answer Cap at Six"),
    "costs": mark("find armies to pay"),
    "placement": mark("find armies to place"),
    "event_effect": mark("answer the event"),
    "recycle": mark("answer recycling"),
    "keep": mark("keep drawn cards"),
}
REASONS = {
    "instant_win_r3": mark("end box after round 3"),
    "instant_win_r6": mark("end box after round 6"),
    "final_r9": mark("final scoring after round 9"),
    "last_event": mark("last event card met"),
    "resignation": mark("resignation"),
}


SCREEN_FACES = (mark("Screens: 1st value"), mark("Screens: 2nd value"), mark("Screens: 3rd value"))


# -- who is who ---------------------------------------------------------------------------------------
class Seats(theme.Seats):
    """Players' names (given, else "Blue"/"Red") and styles, found by seat or by colour."""

    def __init__(self, view: SunTzuView, names: Sequence[str] | None) -> None:
        super().__init__([p["colour"].upper() for p in view["players"]], names, name_width=240)

    def of_colour(self, colour: str) -> int:
        return self.colours.index(colour.upper())


def _style(colour: str) -> theme.PlayerStyle:
    return theme.player_style(colour.upper())


# -- small pieces ---------------------------------------------------------------------------------------
def _card(draw: ImageDraw.ImageDraw, xy: tuple[int, int], card: CardView | None,
          colour: str | None, *, size: tuple[int, int] = (CARD_W, CARD_H), note: str = "") -> None:
    """A card tile: its label large on paper, framed cards double-edged, edged in its owner's colour;
    ``card=None`` draws a face-down back. ``note`` (what changed its strength, e.g. "=6") goes at its foot."""
    x, y = xy
    w, h = size
    edge = _style(colour).fill if colour else theme.PANEL_EDGE
    if card is None:
        draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=theme.TOKEN_BACK, outline=edge, width=4)
        theme.draw_legend(draw, (x + w / 2, y + h / 2), "?", h // 3, theme.TOKEN, anchor="mm", bold=True)
        return
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=theme.WHITE, outline=edge, width=4)
    if card["framed"]:
        draw.rounded_rectangle((x + 8, y + 8, x + w - 8, y + h - 8), radius=4, outline=theme.PANEL_EDGE, width=2)
    label = card["label"]
    size_px = h // 2 if len(label) < 3 else h * 2 // 5
    theme.draw_key(draw, (x + w / 2, y + h / 2 - (10 if note else 0)), label, size_px, INK, anchor="mm", bold=True)
    if note:
        theme.draw_key(draw, (x + w / 2, y + h - 16), note, KEY, theme.HEADER, anchor="mm", bold=True)


def _army(image: Image.Image, draw: ImageDraw.ImageDraw, center: tuple[int, int], colour: str | None,
          count: int, diameter: int = 64) -> None:
    """The armies in a province: the owner's badge with the count beside it, or "empty"."""
    cx, cy = center
    if colour is None or count == 0:
        theme.draw_legend(draw, center, tr("empty"), 26, MUTED, anchor="mm")
        return
    theme.draw_badge(image, colour.upper(), (cx - 34, cy), diameter)
    theme.draw_key(draw, (cx + 8, cy), str(count), 48, INK, anchor="lm", bold=True)


def _status(view: SunTzuView, seats: Seats) -> str:
    if view["stage"] == "over":
        result = view["result"]
        ranking = result["ranking"] if result is not None else []
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        if len(winners) > 1:
            return tr("Game over: a draw")
        return tr("Game over: {player} wins", player=winners[0]) if winners else tr("Game over")
    seats_to_act = view["pending"]["seats"]
    what = tr(STAGE_TEXT[view["stage"]]) if view["stage"] in STAGE_TEXT else view["stage"]
    if not seats_to_act:
        return what.capitalize()
    return tr("{players} to {action}", players=trp("sun tzu list", " and ").join(seats.name(s) for s in seats_to_act),
              action=what)


# -- the board --------------------------------------------------------------------------------------------
def title(view: SunTzuView) -> str:
    """The title band's title: the game and the round."""
    return tr("Sun Tzu  ·  Round {round}/{rounds}", round=view["round"], rounds=view["rounds"])


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: SunTzuView, seats: Seats) -> None:
    image.paste(theme.title_band(WIDTH, HEADER_H), (0, 0))
    ink = theme.HEADER_INK
    theme.draw_key(draw, (MARGIN, 30), title(view), 34, ink, anchor="lm", bold=True)
    face = tr(SCREEN_FACES[view["face"]])
    said = tr("{screens}  ·  scoring round", screens=face) if view["scoring_round"] else face
    theme.draw_key(draw, (WIDTH - MARGIN, 30), said, KEY, ink, anchor="rm")
    theme.draw_key(draw, (MARGIN, 70), theme.ellipsize(_status(view, seats), KEY, WIDTH - 2 * MARGIN), KEY, ink,
                   anchor="lm")


def _track(image: Image.Image, draw: ImageDraw.ImageDraw, view: SunTzuView, seats: Seats, top: int) -> None:
    """The tug-of-war score track: blue's end box on the left, red's on the right, the marker between. It
    reads from each player's side: the scale counts spaces from the middle, unsigned, and the line above
    says who is ahead by how much ("Alice +3"), never a negative number for one of the two."""
    track = view["track"]
    theme.panel(draw, (MARGIN, top, WIDTH - MARGIN, top + TRACK_H - GAP))
    box_w = 96
    left, right = MARGIN + 16 + box_w, WIDTH - MARGIN - 16 - box_w
    step = (right - left) / (2 * track - 2)
    mid = top + 66
    blue, red = _style("blue"), _style("red")
    marker = view["score_marker"]
    for side, box in ((blue, (MARGIN + 12, mid - 32, left - 6, mid + 32)),
                      (red, (right + 6, mid - 32, WIDTH - MARGIN - 12, mid + 32))):
        draw.rounded_rectangle(box, radius=10, fill=side.fill)
        if abs(marker) < track or (marker > 0) != (side is blue):  # the marker in the box says the number itself
            theme.draw_key(draw, ((box[0] + box[2]) / 2, mid), str(track), 30, side.ink, anchor="mm", bold=True)
    for i in range(2 * track - 1):
        value = track - 1 - i  # +8 on the left ... -8 on the right
        x = left + i * step
        fill = theme.PANEL if value else theme.CLOSED
        draw.rectangle((x - step / 2 + 2, mid - 22, x + step / 2 - 2, mid + 22), fill=fill, outline=theme.PANEL_EDGE)
        if value % 4 == 0:  # a scale under the track; the marker carries the score itself
            theme.draw_legend(draw, (x, mid + 38), str(abs(value)), CAPTION, MUTED, anchor="mm")
    if abs(marker) == track:
        x = (MARGIN + 12 + left - 6) / 2 if marker > 0 else (right + 6 + WIDTH - MARGIN - 12) / 2
        y = mid - 4
    else:
        x, y = left + (track - 1 - marker) * step, mid
    theme.draw_token(image, str(abs(marker)), 56, (x, y), SILVER, SILVER_EDGE)
    lead = tr("even") if marker == 0 else lead_text(
        seats.name(seats.of_colour("blue" if marker > 0 else "red")), abs(marker))
    theme.draw_key(draw, (WIDTH / 2, top + 6), lead, KEY, INK, anchor="mt", bold=True)


def _screen(draw: ImageDraw.ImageDraw, province: ProvinceView, face: int, x: int, y: int, width: int) -> None:
    """The three screen values, the one in use large and highlighted."""
    values = province["screen"]["values"]
    cell = (width - 16) // 3
    for i, value in enumerate(values):
        cx = x + 8 + i * cell + cell // 2
        current = i == face
        if current:
            draw.rounded_rectangle((cx - cell // 2 + 3, y, cx + cell // 2 - 3, y + 50), radius=8, fill=theme.LEAD,
                                   outline=theme.LEAD_EDGE, width=2)
        theme.draw_key(draw, (cx, y + 25), str(value), 36 if current else KEY, INK if current else MUTED,
                       anchor="mm", bold=current)


def _province(image: Image.Image, draw: ImageDraw.ImageDraw, view: SunTzuView, place: ProvinceView,
              seats: Seats, box: Box) -> None:
    x0, y0, x1, y1 = box
    pending = view["pending"]["province"] == place["id"]
    theme.panel(draw, box, fill=LEAD_BACK if pending else theme.PANEL,
                outline=theme.LEAD_EDGE if pending else theme.PANEL_EDGE, width=3 if pending else 2)
    width = x1 - x0
    cx = (x0 + x1) // 2
    theme.draw_key(draw, (cx, y0 + 22), province(place["id"]), KEY, INK, anchor="mm", bold=True)
    _screen(draw, place, view["face"], x0, y0 + 44, width)
    _army(image, draw, (cx, y0 + 140), place["owner"], place["armies"])
    marks = [(c, n) for c, n in place["marks"].items() if n]
    for i, (colour, n) in enumerate(marks):
        mx = cx - 44 * (len(marks) - 1) + 88 * i
        theme.draw_badge(image, colour.upper(), (mx - 20, y0 + 196), MARK_D)
        theme.draw_key(draw, (mx, y0 + 196), "6" * n, KEY, INK, anchor="lm", bold=True)
    battle = next((b for b in view["battles"] if b["province"] == place["id"]), None)
    cards_top = y0 + 220
    if battle is None:
        for player in view["players"]:
            if player["committed"]:  # face down: blue's on the left, red's on the right, as when revealed
                x = cx - CARD_W - 4 if player["colour"] == "blue" else cx + 4
                _card(draw, (x, cards_top), None, player["colour"])
        return
    _card(draw, (cx - CARD_W - 4, cards_top), battle["blue"], "blue",
          note="0" if battle["countered"] else "=6" if battle["capped"] == "blue" else "")
    _card(draw, (cx + 4, cards_top), battle["red"], "red", note="=6" if battle["capped"] == "red" else "")
    outcome = battle["outcome"]
    if outcome is None:
        text = tr("resolving")
    elif outcome == "tie":
        text = tr("tie")
    elif outcome == "cancelled":
        text = trp("sun tzu battle", "plague")
    else:
        text = f"{seats.name(seats.of_colour(outcome))} +{battle['margin']}"
    order = place["resolved"]
    theme.draw_key(draw, (cx, y1 - 20), theme.ellipsize(f"{order}. {text}", KEY, width - 12, bold=True), KEY, INK,
                   anchor="mm", bold=True)


def _player(image: Image.Image, draw: ImageDraw.ImageDraw, view: SunTzuView, player: PlayerView, seats: Seats,
            box: Box) -> None:
    x0, y0, x1, y1 = box
    seat = player["seat"]
    acting = seat in view["pending"]["seats"]
    theme.panel(draw, box, fill=LEAD_BACK if acting else theme.PANEL)
    theme.draw_badge(image, seats.colour(seat), (x0 + 40, y0 + 38), 52)
    name = f"{seats.name(seat)} ({role_name(player['colour'])})"
    theme.draw_key(draw, (x0 + 76, y0 + 26), theme.ellipsize(name, KEY, x1 - x0 - 260, bold=True), KEY, INK,
                   anchor="lm", bold=True)
    tags = []
    if (left := leaving.tag(player)) is not None:
        tags.append(left)
    elif acting:
        tags.append(tr("TO ACT"))
    elif view["stage"] == "assign" and player["committed"]:
        tags.append(tr("COMMITTED"))
    if view["privilege_holder"] == seat:
        tags.append(tr("ORDER"))
    tx = x1 - 10
    for tag in reversed(tags):
        width = theme.text_width(tag, CAPTION, bold=True) + CAPTION + 8
        theme.draw_pill(draw, (tx - width, y0 + 26), tag, CAPTION, theme.HEADER, theme.HEADER_INK)
        tx -= width + 6
    stats = [(tr("reserve"), player["reserve"]), (tr("aside"), player["set_aside"]),
             (tr("board"), player["board_armies"]), (tr("marks"), player["marks_total"]),
             (tr("hand"), player["hand_count"]), (tr("deck"), player["deck_count"])]
    cell = (x1 - x0 - 20) // len(stats)
    for i, (label, value) in enumerate(stats):
        sx = x0 + 10 + i * cell + cell // 2
        theme.draw_key(draw, (sx, y0 + 72), str(value), 32, INK, anchor="mm", bold=True)
        theme.draw_legend(draw, (sx, y0 + 100), label, CAPTION, MUTED, anchor="mm")
    used = trp("sun tzu list", ", ").join(warlord_name(w) for w in player["warlords_used"])
    warlords = trn("warlords: {n} hidden", "warlords: {n} hidden", player["warlords_unused"]) + (
        tr("; used {warlords}", warlords=used) if used else "")
    theme.draw_legend(draw, (x0 + 12, y1 - 10), theme.ellipsize(warlords, 24, x1 - x0 - 24), 24, MUTED,
                      anchor="ls")


def _footer(draw: ImageDraw.ImageDraw, view: SunTzuView, top: int) -> None:
    parts = []
    if view["active_event"] is not None:
        parts.append(trn("Event: {event} ({n} face down)", "Event: {event} ({n} face down)", view["events_left"],
                         event=event_name(view["active_event"])))
    if view["total_plague"]:
        parts.append(tr("Total Plague this round"))
    parts.append(tr("Plagues revealed: {n}/4", n=len(view["plagues_revealed"])))
    theme.draw_key(draw, (MARGIN, top + FOOTER_H // 2), theme.ellipsize("  ·  ".join(parts), KEY, WIDTH - 2 * MARGIN),
                   KEY, INK, anchor="lm")


PROVINCES_BOTTOM = HEADER_H + GAP + TRACK_H + PROVINCE_H  # where the board's provinces end


def _draw_top(image: Image.Image, draw: ImageDraw.ImageDraw, view: SunTzuView, seats: Seats) -> None:
    """The title band, the score track and the five provinces: the top of the board."""
    _header(image, draw, view, seats)
    _track(image, draw, view, seats, HEADER_H + GAP)
    top = HEADER_H + GAP + TRACK_H
    width = (WIDTH - 2 * MARGIN - 4 * GAP) // 5
    for i, place in enumerate(view["provinces"]):
        x = MARGIN + i * (width + GAP)
        _province(image, draw, view, place, seats, (x, top, x + width, top + PROVINCE_H))


def draw_provinces(view: SunTzuView, seats: Seats) -> Image.Image:
    """The top of the board alone (title band, track, provinces): the close-up of a decision about the
    provinces (render/crops), drawn exactly as on the board."""
    image = theme.canvas(WIDTH, PROVINCES_BOTTOM + GAP)
    _draw_top(image, ImageDraw.Draw(image), view, seats)
    return image


def draw_board(view: SunTzuView, seats: Seats) -> Image.Image:
    players_top = PROVINCES_BOTTOM + GAP
    height = players_top + 2 * (PLAYER_H + GAP) + FOOTER_H
    image = theme.canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    _draw_top(image, draw, view, seats)
    for i, player in enumerate(sorted(view["players"], key=lambda p: p["colour"] != "blue")):
        y = players_top + i * (PLAYER_H + GAP)
        _player(image, draw, view, player, seats, (MARGIN, y, WIDTH - MARGIN, y + PLAYER_H))
    _footer(draw, view, players_top + 2 * (PLAYER_H + GAP) - GAP)
    return image


# -- a player's private picture ---------------------------------------------------------------------------
PER_ROW = (WIDTH - 2 * MARGIN + 12) // (HAND_W + 12)
Row = list[tuple["CardView | None", str]]  # cards with the note under each (a province's name)


def _line_height(cards: Row) -> int:
    return HAND_H + (NOTE_H if any(note for _, note in cards) else 0) + 14


def _row_height(cards: Row) -> int:
    """A titled row of cards: the title, then as many lines of cards as needed ("none" when empty)."""
    lines = -(-len(cards) // PER_ROW)
    return 42 + (lines * _line_height(cards) if cards else 50)


def _card_row(draw: ImageDraw.ImageDraw, title: str, cards: Row, colour: str, y: int) -> int:
    theme.draw_legend(draw, (MARGIN, y), title, 26, INK, anchor="lt", bold=True)
    if not cards:
        theme.draw_legend(draw, (MARGIN, y + 48), trp("sun tzu cards", "none"), 24, MUTED, anchor="lt")
    for i, (card, note) in enumerate(cards):
        x = MARGIN + (i % PER_ROW) * (HAND_W + 12)
        top = y + 42 + (i // PER_ROW) * _line_height(cards)
        _card(draw, (x, top), card, colour, size=(HAND_W, HAND_H))
        if note:
            theme.draw_key(draw, (x + HAND_W / 2, top + HAND_H + NOTE_H // 2 + 2),
                           theme.ellipsize(note, KEY, HAND_W + 10), KEY, INK, anchor="mm")
    return y + _row_height(cards)


def draw_hand(view: SunTzuView, seats: Seats) -> Image.Image:
    seat, colour = view["viewer"], view["viewer_colour"]
    if seat is None or colour is None:
        raise ValueError("a hand's picture needs a player's own view; this one is public")
    names = {p["id"]: province(p["id"]) for p in view["provinces"]}
    sections: list[tuple[str, Row]] = [
        (tr("Your hand"), [(c, "") for c in view["hand"] or []]),
    ]
    if view["assignment"]:
        sections.append((tr("Face down on the table"), [(c, names[p]) for p, c in view["assignment"].items()]))
    if view["drawn"]:
        sections.append((tr("Drawn: keep some, one goes under"), [(c, "") for c in view["drawn"]]))
    if view["deck_bottom"]:
        sections.append((tr("You put these under your deck"), [(c, "") for c in view["deck_bottom"]]))
    if view["out_hidden"]:
        sections.append((tr("Removed face down"), [(c, "") for c in view["out_hidden"]]))
    height = HEADER_H + GAP + sum(_row_height(cards) for _, cards in sections) + 60
    image = theme.canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(WIDTH, HEADER_H), (0, 0))
    theme.draw_badge(image, seats.colour(seat), (MARGIN + 28, 40), 52)
    title = theme.ellipsize(tr("{player}: your cards (round {round})", player=seats.name(seat), round=view["round"]),
                            32, WIDTH - MARGIN - 66, bold=True)
    theme.draw_key(draw, (MARGIN + 66, 40), title, 32, theme.HEADER_INK, anchor="lm", bold=True)
    y = HEADER_H + GAP
    for title, cards in sections:
        y = _card_row(draw, title, cards, colour, y)
    held = trp("sun tzu list", ", ").join(warlord_name(w) for w in view["warlords_held"] or []) or trp(
        "sun tzu warlords", "none")
    secret = theme.ellipsize(tr("Secret warlords: {warlords}", warlords=held), KEY, WIDTH - 2 * MARGIN, bold=True)
    theme.draw_key(draw, (MARGIN, y + 4), secret, KEY, INK, anchor="lt", bold=True)
    return image


# -- the result -------------------------------------------------------------------------------------------
def _ending(view: SunTzuView, seats: Seats) -> str:
    """Why the game ended; a player who ran out of time is named, for it did not resign."""
    out = next((p["seat"] for p in view["players"] if p["timed_out"]), None)
    if out is not None:
        return tr("{player} ran out of time.", player=seats.name(out))
    reason = theme.finished(view["result"])["reason"]
    return tr("Ended by {reason}", reason=tr(REASONS[reason]) if reason in REASONS else reason)


def draw_final(view: SunTzuView, seats: Seats) -> Image.Image:
    result = theme.finished(view["result"])
    ranking = result["ranking"]
    breakdown = result["breakdown"]
    height = HEADER_H + GAP + TRACK_H + 2 * (PLAYER_H + GAP) + 40
    image = theme.canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)
    image.paste(theme.title_band(WIDTH, HEADER_H), (0, 0))
    theme.draw_key(draw, (MARGIN, 30), theme.ellipsize(_status(view, seats), 34, WIDTH - 2 * MARGIN), 34,
                    theme.HEADER_INK, anchor="lm", bold=True)
    theme.draw_legend(draw, (MARGIN, 70), _ending(view, seats), 24, theme.HEADER_INK, anchor="lm")
    _track(image, draw, view, seats, HEADER_H + GAP)
    y = HEADER_H + GAP + TRACK_H
    for seat in sorted(range(len(ranking)), key=lambda s: ranking[s]):
        part = breakdown[seat]
        box = (MARGIN, y, WIDTH - MARGIN, y + PLAYER_H)
        theme.panel(draw, box, fill=LEAD_BACK if ranking[seat] == 1 else theme.PANEL)
        theme.draw_key(draw, (MARGIN + 20, y + 40), theme.ordinal(ranking[seat]), 40, INK, anchor="lm", bold=True)
        theme.draw_badge(image, seats.colour(seat), (MARGIN + 140, y + 40), 52)
        theme.draw_key(draw, (MARGIN + 176, y + 40), seats.name(seat), 30, INK, anchor="lm", bold=True)
        theme.draw_key(draw, (WIDTH - MARGIN - 20, y + 40), f"{part['total']:+d}", 44, INK, anchor="rm", bold=True)
        points = " / ".join(str(p) for p in part["points"]) or "-"
        detail = tr("points per scoring: {points}   ·   reserve {reserve}", points=points, reserve=part["reserve"])
        if part["tie_break"]:
            detail += tr("   ·   decided on reserves")
        theme.draw_key(draw, (MARGIN + 20, y + 96), theme.ellipsize(detail, KEY, WIDTH - 2 * MARGIN - 40), KEY, MUTED,
                       anchor="lm")
        y += PLAYER_H + GAP
    return image
