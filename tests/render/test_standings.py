"""The standings picture: numbers as people write them, shared ranks visible, legible on a phone."""

from __future__ import annotations

import io

from PIL import Image

from bot.tournaments.standings import StandingRow
from render import standings as picture
from render.standings import number, rank_labels

NAMES = {1: "Alice", 2: "Bob", 3: "Chen", 4: "Dai"}


def _row(
    rank: int, player: int, points: float, opponents: float = 0.0, score: float = 0.0, byes: int = 0
) -> StandingRow:
    return StandingRow(rank, player, points, opponents, score, games=2, byes=byes)


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _ink(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int]]:
    """The ink's core in ``box``, relative to its corner: the shape of the text drawn there (edges blend
    with the row's background, so only near-black pixels count)."""
    left, top, right, bottom = box
    return {
        (x - left, y - top)
        for x in range(left, right)
        for y in range(top, bottom)
        if sum(image.getpixel((x, y))) < 150  # type: ignore[arg-type]
    }


def _alike(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    """Overlap of two ink shapes, 0 to 1 (palette quantization may move a few edge pixels)."""
    return len(a & b) / len(a | b)


def _rank_cell(n: int) -> tuple[int, int, int, int]:
    top = picture.HEADER_H + picture.COLUMNS_H + n * picture.ROW_H
    return (picture.MARGIN + 4, top + 6, picture.RANK_RIGHT + 4, top + picture.ROW_H - 6)


def test_numbers_read_as_people_write_them() -> None:
    values = (0.0, 1.0, 1.5, 2 / 3, 12.0, -0.0, 40.25)
    assert [number(x) for x in values] == ["0", "1", "1.5", "0.67", "12", "0", "40.25"]


def test_shared_ranks_carry_an_equals_sign() -> None:
    rows = [_row(1, 1, 4), _row(2, 2, 3), _row(2, 3, 3), _row(4, 4, 0)]
    assert rank_labels(rows) == ["1", "2=", "2=", "4"]
    assert rank_labels([_row(1, 1, 1), _row(1, 2, 1)]) == ["1=", "1="]
    assert rank_labels([]) == []


def test_tied_rows_show_the_same_rank_and_others_their_own() -> None:
    rows = [_row(1, 1, 4, 6, 80), _row(2, 2, 3, 7, 70), _row(2, 3, 3, 7, 70), _row(4, 4, 0, 9, 10)]
    image = _image(picture.standings(rows, NAMES, "Autumn Cup: after round 2"))
    second, third, fourth = (_ink(image, _rank_cell(n)) for n in (1, 2, 3))
    assert second and _alike(second, third) > 0.9  # "2=" twice, drawn alike
    assert fourth and _alike(second, fourth) < 0.5


def test_the_picture_is_a_narrow_png_that_grows_with_the_field() -> None:
    small = _image(picture.standings([_row(1, 1, 1), _row(2, 2, 0)], NAMES, "Cup"))
    field = [_row(n, n, 40 - n) for n in range(1, 41)]
    large = _image(picture.standings(field, {}, "Cup"))
    assert small.width == large.width == picture.WIDTH
    assert large.height - small.height == 38 * picture.ROW_H
    # Shown ~400 px wide on a phone, row text stays at least 14 px high.
    assert picture.TEXT * 400 / picture.WIDTH >= 14


def test_same_standings_same_bytes() -> None:
    rows = [_row(1, 2, 2, 1, 30, byes=1), _row(2, 1, 0.5, 2, 12)]
    assert picture.standings(rows, NAMES, "Cup") == picture.standings(rows, NAMES, "Cup")
    assert picture.standings(rows, NAMES, "Cup") != picture.standings(rows, {**NAMES, 2: "Bea"}, "Cup")


def test_a_long_name_stops_before_the_points_column() -> None:
    long_name = "Bartholomew Wigglesworth-Featherstonehaugh the Third"
    image = _image(picture.standings([_row(1, 1, 3.5)], {1: long_name}, "Cup"))
    top = picture.HEADER_H + picture.COLUMNS_H
    gap = (picture.POINTS_RIGHT - 68, top + 6, picture.POINTS_RIGHT - 52, top + picture.ROW_H - 6)
    assert not _ink(image, gap)
    assert _ink(image, (picture.NAME_X, top + 6, picture.NAME_X + 200, top + picture.ROW_H - 6))


def test_names_the_font_cannot_draw_and_an_empty_field_still_render() -> None:
    rows = [_row(1, 1, 1), _row(2, 22222, 0)]
    png = picture.standings(rows, {1: "José 🐉", 22222: "🐉🐉"}, "Coupe d'été 🏆")
    assert png.startswith(b"\x89PNG")
    empty = _image(picture.standings([], {}, ""))
    assert empty.width == picture.WIDTH


def test_the_picture_is_worded_in_the_language_in_force() -> None:
    """Column heads, the key and the marks in Japanese and Spanish: other pixels than the English."""
    from bot import i18n

    rows = [_row(1, 1, 2, 1, 30, byes=1), _row(2, 2, 0.5, 2, 12)]
    english = picture.standings(rows, NAMES, "Cup", {2: "dropped"})
    with i18n.speaking("ja"):
        japanese = picture.standings(rows, {**NAMES, 2: "山田太郎"}, "秋の大会:最終順位", {2: "棄権"})
        heads = _image(picture.standings([], {}, "Cup"))
    with i18n.speaking("es-ES"):
        spanish = picture.standings(rows, NAMES, "Cup", {2: "retirado"})
    assert japanese.startswith(b"\x89PNG") and len({english, japanese, spanish}) == 3
    # The column heads' row (順位 / プレイヤー / 勝点 ...) and the key differ from the English ones.
    top = picture.HEADER_H
    english_heads = _image(picture.standings([], {}, "Cup"))
    for box in ((0, top, picture.WIDTH, top + picture.COLUMNS_H), (0, heads.height - picture.FOOTER_H, picture.WIDTH,
                                                                   heads.height)):
        assert heads.crop(box).tobytes() != english_heads.crop(box).tobytes()
