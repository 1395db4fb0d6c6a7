"""China's /rules callouts: where to point on the public board, from the renderer's own geometry. Each marker
lies where no text is: after the title, beside a dragon and a free space where the map has room (the board
file says where every space, dragon, name and alliance is), in the cards panel's free right end, over the
first player panel's corner."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.base.language import tr
from render import annotate, theme
from render.annotate import Callout, after_title
from render.china import board_map, common, table

if TYPE_CHECKING:
    from bot.games.china.schema import ChinaView

Box = tuple[float, float, float, float]


def callouts(view: ChinaView, size: tuple[int, int]) -> list[Callout]:
    _, height = size
    margin, map_top = common.MARGIN, table.HEADER_H + common.GAP
    board = board_map.map_data()
    taken = _map_contents(view, map_top)
    # A dragon at work (the most emissaries first) and a free space elsewhere, each where a marker has room.
    regions = sorted(view["regions"], key=lambda r: (-sum(r["emissaries"]), -sum(r["houses"]), r["id"]))
    dragons = [(r["id"], board_map.point(next(g["dragon_xy"] for g in board["regions"] if g["id"] == r["id"]),
                                          map_top)) for r in regions]
    dragon, dragon_spot = _first_beside(dragons, board_map.DRAGON_R + 8, taken, map_top)
    spaces = [(s["region"], board_map.point(board["house_spaces"][s["id"]]["xy"], map_top))
              for s in view["spaces"] if s["house"] is None]
    others = [(region, at) for region, at in spaces if region != dragon] or spaces
    _, space_spot = _first_beside(others, board_map.FORT_HALF, taken, map_top)
    players_top = height - margin - table.PLAYER_H
    cards_top = players_top - common.GAP - table.CARDS_H
    return [
        Callout(*after_title("China", 36, margin, common.TITLE_H / 2),
                tr("Whose turn, what they must do now (right) and the last move (below)")),
        Callout(*dragon_spot, tr("A region's dragon: emissaries placed / allowed there")),
        Callout(*space_spot, tr("A free house space (a badge on a space is a player's house)")),
        # The cards panel's right end, after the discards; the first player panel's top left corner, above its badge.
        Callout(common.WIDTH - margin - annotate.MARKER * 0.6, cards_top + table.CARDS_H / 2,
                tr("The face-up cards and the deck you draw from")),
        Callout(margin + 8, players_top + 2, tr("Each player: points, houses, emissaries, cards in hand")),
    ]


Circle = tuple[float, float, float]  # a disc the map draws (a space, a dragon, an alliance): middle and radius


def _map_contents(view: ChinaView, top: int) -> tuple[list[Circle], list[Box]]:
    """What the map draws that a marker may not cover: the discs of spaces (free, fortified or housed), dragons and
    alliance numbers, and the boxes of region and feature names."""
    board = board_map.map_data()
    spaces = board["house_spaces"].values()
    discs: list[Circle] = [(*board_map.point(s["xy"], top), board_map.FORT_HALF) for s in spaces]
    discs += [(*board_map.point(a["xy"], top), 24) for a in board["alliances"]]
    discs += [(*board_map.point(r["dragon_xy"], top), board_map.DRAGON_R + 8) for r in board["regions"]]
    boxes: list[Box] = []
    for region in board["regions"]:
        name = next(tr(r["name"]) for r in view["regions"] if r["id"] == region["id"])
        x, y = board_map.point(region["label_xy"], top)
        half = theme.text_width(name, common.KEY, bold=True) / 2 + 12
        boxes.append((x - half, y - 19, x + half, y + 19))
    for feature, name in zip(board["features"], board_map.FEATURE_NAMES, strict=True):
        xs, ys = [p[0] for p in feature["polygon"]], [p[1] for p in feature["polygon"]]
        x, y = board_map.point(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), top)
        half = theme.text_width(tr(name), common.CAPTION) / 2
        boxes.append((x - half, y - 14, x + half, y + 14))
    return discs, boxes


def _first_beside(targets: Sequence[tuple[str, tuple[float, float]]], radius: float,
                  taken: tuple[list[Circle], list[Box]], top: int) -> tuple[str, tuple[float, float]]:
    """The first target (a key and a disc's middle) with room for a marker just outside its disc, and that spot;
    the first target and the spot right of it when none has room."""
    for key, centre in targets:
        if spot := _beside(centre, radius, taken, top):
            return key, spot
    key, (x, y) = targets[0]
    return key, (x + radius + annotate.MARKER / 2 + 2, y)


def _beside(centre: tuple[float, float], radius: float, taken: tuple[list[Circle], list[Box]], top: int
            ) -> tuple[float, float] | None:
    """A marker's middle just outside the disc at ``centre``, on the map (which starts at ``top``) and on a side
    where it covers nothing of ``taken`` but that disc; None when every side is taken."""
    half = annotate.MARKER / 2 + 2
    discs, boxes = taken
    for step in range(16):  # right first, then round anticlockwise
        angle = -2 * math.pi * step / 16
        spot = (centre[0] + (radius + half) * math.cos(angle), centre[1] + (radius + half) * math.sin(angle))
        inside = half <= spot[0] <= common.WIDTH - half and top + half <= spot[1] <= top + board_map.map_height() - half
        clear = all(math.dist(spot, (x, y)) >= r + half for x, y, r in discs if (x, y) != centre)
        if inside and clear and not any(_distance(spot, box) < half for box in boxes):
            return spot
    return None


def _distance(point: tuple[float, float], box: Box) -> float:
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)
