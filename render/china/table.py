"""China's public table: the title band with the last placement, the map, a legend in plain words, the
dragons panel (who placed emissaries where: the map has no room for tokens a phone can read), the cards on
the table and one panel per player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.base.language import mark, tr, trn, trp
from bot.games.base.words import join
from render import leaving, theme
from render.china.board_map import SCORED_FILL, draw_map, emissaries_placed, map_height
from render.china.common import (
    CAPTION,
    CARD_FILL,
    GAP,
    KEY,
    LAST_H,
    LEAD_BACK,
    MARGIN,
    TITLE_H,
    WIDTH,
    card,
    draw_header,
)
from render.theme import INK, MUTED, Seats

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView, PlayerView

HEADER_H = TITLE_H + LAST_H
CARDS_H = 178
FACE_UP_W = 124  # a face-up card: the longest colour's name ("Amarilla") fits it at the key size
PLAYER_H = 172
LEGEND_H = 64  # two lines of plain words under the map
EMISSARY_D = 46  # an emissary's badge in the dragons panel
EMISSARY_STEP = EMISSARY_D + 4
EMISSARIES_PER_ROW = 3  # in a dragons-panel cell
DRAGON_CELL_GAP = 8
LEGEND = (
    mark("Red disc: a dragon, with emissaries placed / allowed (allowed = most houses one player has in the region)"),
    mark("Gold name: region scored"),
)


def draw_board(view: ChinaView, seats: Seats) -> Image.Image:
    map_h = map_height()
    map_top = HEADER_H + GAP
    dragons_top = map_top + map_h + LEGEND_H
    cards_top = dragons_top + _dragons_height(view) + GAP
    players_top = cards_top + CARDS_H + GAP
    image = theme.canvas(WIDTH, players_top + PLAYER_H + MARGIN)
    draw_header(image, tr("China"), _status(view, seats), _last_text(view, seats))
    draw_map(image, view, seats, map_top)
    draw = ImageDraw.Draw(image)
    second = tr(LEGEND[1])
    if view["options"]["fortifications"]:
        second += tr(" · Dark square: fortification")
    second += tr(" · Map side for {side} players", side=view["board_side"])
    for i, line in enumerate((tr(LEGEND[0]), second)):
        theme.draw_legend(draw, (WIDTH / 2, map_top + map_h + 16 + 28 * i),
                          theme.ellipsize(line, CAPTION, WIDTH - 2 * MARGIN), CAPTION, MUTED, anchor="mm")
    _draw_dragons(image, view, seats, dragons_top)
    _draw_cards(image, view, cards_top)
    _draw_players(image, view, seats, players_top)
    return image


def _emissary_rows(view: ChinaView) -> int:
    return max(1, *(-(-sum(r["emissaries"]) // EMISSARIES_PER_ROW) for r in view["regions"]))


def _cell_width(view: ChinaView) -> int:
    count = len(view["regions"])
    return (WIDTH - 2 * MARGIN - DRAGON_CELL_GAP * (count - 1)) // count


def _dragons_height(view: ChinaView) -> int:
    return 88 + _emissary_rows(view) * EMISSARY_STEP + 8


def _draw_dragons(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    """One cell per region, in the map's order: its name, "placed of allowed" emissaries, and one badge per
    emissary (shape, letter and colour of its owner). Gold for a scored region; the last move's ring."""
    draw = ImageDraw.Draw(image)
    width = _cell_width(view)
    height = _dragons_height(view)
    for i, region in enumerate(view["regions"]):
        x0 = MARGIN + i * (width + DRAGON_CELL_GAP)
        box = (x0, top, x0 + width, top + height)
        if emissaries_placed(view, region["id"]):
            theme.panel(draw, box, fill=SCORED_FILL if region["scored"] else theme.PANEL, outline=theme.ACCENT,
                        width=5, radius=10)
        else:
            theme.panel(draw, box, fill=SCORED_FILL if region["scored"] else theme.PANEL, radius=10)
        cx = x0 + width / 2
        theme.draw_key(draw, (cx, top + 22), tr(region["name"]), KEY, INK, anchor="mm", bold=True)
        placed = sum(region["emissaries"])
        theme.draw_key(draw, (cx, top + 58), tr("{placed} of {cap}", placed=placed, cap=region["cap"]), KEY, INK,
                       anchor="mm")
        marks = [seat for seat, n in enumerate(region["emissaries"]) for _ in range(n)]
        for k, seat in enumerate(marks):
            row, col = divmod(k, EMISSARIES_PER_ROW)
            in_row = min(EMISSARIES_PER_ROW, len(marks) - row * EMISSARIES_PER_ROW)
            bx = cx + (col - (in_row - 1) / 2) * EMISSARY_STEP
            by = top + 88 + EMISSARY_D // 2 + row * EMISSARY_STEP
            theme.draw_badge(image, seats.colour(seat), (bx, by), EMISSARY_D)


def _draw_cards(image: Image.Image, view: ChinaView, top: int) -> None:
    draw = ImageDraw.Draw(image)
    theme.panel(draw, (MARGIN, top, WIDTH - MARGIN, top + CARDS_H))
    theme.draw_legend(draw, (MARGIN + 16, top + 22), tr("Face-up cards"), CAPTION, MUTED, anchor="lm")
    x = MARGIN + 16
    for colour in view["display"]:
        card(draw, (x, top + 42, x + FACE_UP_W, top + CARDS_H - 14), colour)
        x += FACE_UP_W + 6
    if not view["display"]:
        theme.draw_legend(draw, (x, top + 100), trp("china", "none left"), 24, MUTED, anchor="lm")
    # The deck: a card back with its size.
    dx = MARGIN + 16 + 4 * (FACE_UP_W + 6) + 20
    theme.draw_legend(draw, (dx, top + 22), trp("china", "Deck"), CAPTION, MUTED, anchor="lm")
    draw.rounded_rectangle((dx, top + 42, dx + 100, top + CARDS_H - 14), radius=10, fill=theme.TOKEN_BACK,
                           outline=INK, width=3)
    theme.draw_key(draw, (dx + 50, top + 102), str(view["deck_count"]), 40, theme.WHITE, anchor="mm", bold=True)
    runs = view["exhaustions"]
    status = tr("final round") if view["final_round"] else (tr("deck ran out once") if runs == 1 else "")
    if status:
        theme.draw_key(draw, (dx + 112, top + 22), status, KEY, theme.HEADER, anchor="lm", bold=True)
    # Discard and removed cards, per colour.
    sx = dx + 112
    labels = [tr("Discards"), *tr("Out of\ngame").split("\n")]
    theme.draw_legend(draw, (sx, top + 74), labels[0], CAPTION, MUTED, anchor="lm")
    for i, line in enumerate(labels[1:]):
        theme.draw_legend(draw, (sx, top + 134 + 22 * i), line, CAPTION, MUTED, anchor="lm")
    cx = sx + max(theme.text_width(label, CAPTION) for label in labels) + 12  # the swatches after the longest
    for swatch in CARD_FILL:
        card(draw, (cx, top + 52, cx + 58, top + 96), swatch, 0)
        _count(draw, (cx + 29, top + 74), view["discard"][swatch], swatch)
        card(draw, (cx, top + 122, cx + 58, top + 166), swatch, 0)
        _count(draw, (cx + 29, top + 144), view["removed"][swatch], swatch)
        cx += 66


def _count(draw: ImageDraw.ImageDraw, centre: tuple[float, float], n: int, colour: str) -> None:
    ink = INK if colour in ("yellow", "orange") else theme.WHITE
    theme.draw_key(draw, centre, str(n), KEY, ink, anchor="mm", bold=True)


def _draw_players(image: Image.Image, view: ChinaView, seats: Seats, top: int) -> None:
    draw = ImageDraw.Draw(image)
    players = view["players"]
    n = len(players)
    width = (WIDTH - 2 * MARGIN - GAP * (n - 1)) // n
    for i, player in enumerate(players):
        x0 = MARGIN + i * (width + GAP)
        _draw_player(image, draw, view, player, seats, (x0, top + 14, x0 + width, top + PLAYER_H))


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: ChinaView, player: PlayerView,
                 seats: Seats, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    seat = player["seat"]
    to_play = view["active"] == seat
    if player["resigned"]:
        theme.panel(draw, box, fill=theme.CLOSED, outline=theme.CLOSED_INK)
    elif to_play:
        theme.panel(draw, box, fill=LEAD_BACK, outline=INK, width=4)
    else:
        theme.panel(draw, box)
    theme.draw_badge(image, seats.colour(seat), (x0 + 30, y0 + 36), 46)
    score = str(player["score"])
    name_w = x1 - x0 - 70 - theme.text_width(score, 40, bold=True) - 20
    theme.draw_key(draw, (x0 + 60, y0 + 36), theme.ellipsize(seats.name(seat), KEY, name_w, bold=True), KEY, INK,
                   anchor="lm", bold=True)
    theme.draw_key(draw, (x1 - 14, y0 + 36), score, 40, INK, anchor="rm", bold=True)
    # Pieces and cards in hand: big numbers over small words, three columns.
    cell = (x1 - x0 - 16) / 3
    # The rulebook's word; shortened only where five boxes leave it no room between its neighbours.
    houses, emissaries, cards = tr("houses"), tr("emissaries"), trp("china", "cards")
    roomy = all((theme.text_width(a, CAPTION) + theme.text_width(b, CAPTION)) / 2 + 8 <= cell
                for a, b in ((houses, emissaries), (emissaries, cards)))  # as drawn, beside both neighbours
    stats = [(player["houses"], houses), (player["emissaries"], emissaries if roomy else tr("emiss.")),
             (player["hand_count"], cards)]
    for i, (value, word) in enumerate(stats):
        sx = x0 + 8 + cell * (i + 0.5)
        theme.draw_key(draw, (sx, y0 + 84), str(value), KEY, INK, anchor="mm", bold=True)
        theme.draw_legend(draw, (sx, y0 + 110), word, CAPTION, MUTED, anchor="mm")
    if view["start_seat"] == seat:
        theme.draw_legend(draw, (x0 + 14, y1 - 20), tr("Emperor"), CAPTION, theme.HEADER, anchor="lm", bold=True)
    if view["options"]["fortifications"]:
        forts = player["fortifications"]
        fort = trn("{n} fort", "{n} forts", forts) if forts else tr("no fort")
        theme.draw_key(draw, (x1 - 14, y1 - 20), fort, KEY, INK, anchor="rm")
    tag = _tag(player, to_play)
    if tag is not None:
        theme.draw_pill(draw, ((x0 + x1) // 2, y0), tag, CAPTION, theme.CLOSED_INK if player["resigned"] else INK,
                        theme.LEAD, centered=True)


def _tag(player: PlayerView, to_play: bool) -> str | None:
    """The pill over a player's box: why it left play, else its turn."""
    return leaving.tag(player) or (tr("TO PLAY") if to_play else None)


def _status(view: ChinaView, seats: Seats) -> str:
    result = view["result"]
    if view["phase"] == "over" or view["active"] is None:
        if result is None:
            return tr("Game over")
        ranking = result["ranking"]
        winners = [seats.name(s) for s, place in enumerate(ranking) if place == 1]
        return trn("Game over: {players} wins", "Game over: {players} win", len(winners),
                   players=trp("china list", " and ").join(winners))
    who = seats.name(view["active"])
    if view["phase"] == "refill":
        return trn("{player} draws {n} more card", "{player} draws {n} more cards", view["draws_owed"], player=who)
    return tr("{player} to play", player=who)


def _last_text(view: ChinaView, seats: Seats) -> str:
    """The last placement in words: "Last placement: Blue, 2 houses and an emissary in Zhou"."""
    last = view["last_placement"]
    if last is None:
        return tr("No piece placed yet")
    houses = {s["id"] for s in view["spaces"] if s["id"] in last["spaces"] and s["house"] == last["seat"]}
    pieces = []
    if houses:
        pieces.append(trn("a house", "{n} houses", len(houses)))
    if len(last["spaces"]) > len(houses):  # a space listed without a house, or twice: a fortification
        pieces.append(tr("a fortification"))
    if last["emissaries"]:
        pieces.append(trn("an emissary", "{n} emissaries", last["emissaries"]))
    region = next(tr(r["name"]) for r in view["regions"] if r["id"] == last["region"])
    # At most two kinds of piece in one placement: "A and B".
    placed = join(pieces, empty=trp("china", "nothing"))
    return tr("Last placement: {player}, {pieces} in {region}", player=seats.name(last["seat"]), pieces=placed,
              region=region)
