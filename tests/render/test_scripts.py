"""Every name is drawn as written, in any script: each character by a face that has it, none folded,
dropped or shown as the missing-glyph box; widths are measured the way the text is drawn."""

from __future__ import annotations

import contextvars

import pytest
from PIL import Image, ImageDraw

import render
from bot import games
from render import fonts, theme
from tests.render.pictures import decode

NAMES = ["José Núñez", "山田太郎", "Влад", "Ünal"]
SIZE = 40
ABSENT = "\U0010ffff"  # a noncharacter: no font maps it, so a face draws its missing-glyph box (.notdef)


def _ink(paint: object) -> Image.Image:
    """What ``paint(draw, origin)`` leaves on a blank grey-scale canvas, the origin being a left baseline."""
    image = Image.new("RGB", (8 * SIZE, 2 * SIZE))
    paint(ImageDraw.Draw(image), (SIZE // 2, SIZE + SIZE // 4))  # type: ignore[operator]
    return image.convert("L")


def _drawn(text: str) -> Image.Image:
    return _ink(lambda draw, xy: theme.draw_text(draw, xy, text, SIZE, (255, 255, 255), anchor="ls"))


def _missing_box(face: fonts.Face) -> Image.Image:
    return _ink(lambda draw, xy: draw.text(xy, ABSENT, font=fonts.load(face, SIZE), fill=(255, 255, 255), anchor="ls"))


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.mode == b.mode and a.size == b.size and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_is_drawn_by_a_face_that_has_it(name: str) -> None:
    assert theme.printable(name) == name  # nothing folded or dropped
    for ch in name.replace(" ", ""):
        face = fonts.face_for(ch)
        assert ord(ch) in fonts.coverage(face), f"{ch!r} drawn by a face without it"
        glyph = _drawn(ch)
        assert glyph.getbbox() is not None, f"{ch!r} left no ink"
        for box in {_missing_box(face).tobytes(), _missing_box(fonts.PRIMARY).tobytes()}:
            assert glyph.tobytes() != box, f"{ch!r} came out as the missing-glyph box"


def test_the_missing_glyph_box_is_what_the_check_would_catch() -> None:
    # The check above is meaningful: a character no face has does come out as Noto Sans' box.
    assert _same(_drawn(ABSENT), _missing_box(fonts.PRIMARY))
    assert not _same(_drawn("山"), _missing_box(fonts.PRIMARY))


def test_each_script_takes_its_face_and_ascii_stays_in_one_run() -> None:
    cjk = fonts.CHAIN[1]
    assert fonts.runs("Ana 12") == (("Ana 12", fonts.PRIMARY),)
    assert fonts.runs("Влад Ünal") == (("Влад Ünal", fonts.PRIMARY),)
    assert fonts.runs("山田太郎") == (("山田太郎", cjk),)
    assert [face for _, face in fonts.runs("Bo 🧱 李")] == [fonts.PRIMARY, fonts.CHAIN[2], fonts.PRIMARY, cjk]
    assert "".join(run for run, _ in fonts.runs("Bo 🧱 李")) == "Bo 🧱 李"


def test_a_name_in_several_scripts_is_drawn_whole() -> None:
    mixed = _drawn("Ana 山田")
    assert not _same(mixed, _drawn("Ana"))
    box = mixed.getbbox()
    assert box is not None and box[2] - box[0] >= theme.text_width("Ana 山田", SIZE) - 4


def test_widths_follow_the_faces_that_draw_the_text() -> None:
    cjk = fonts.load(fonts.CHAIN[1], SIZE)
    assert theme.text_width("山田太郎", SIZE) == int(cjk.getlength("山田太郎"))
    assert theme.text_width("Ana 山田", SIZE) == int(theme.font(SIZE).getlength("Ana ") + cjk.getlength("山田"))
    assert theme.text_width("Ana", SIZE, bold=True) > theme.text_width("Ana", SIZE)  # a real bold face


def test_ellipsize_cuts_between_characters_of_any_script() -> None:
    cut = theme.ellipsize("山田太郎山田太郎山田太郎", 30, 150)
    assert cut.endswith("…") and cut[:-1] in "山田太郎山田太郎" and theme.text_width(cut, 30) <= 150
    astronaut = "👩\u200d🚀"
    cut = theme.ellipsize(astronaut * 6, 30, 100)
    assert cut.endswith("…") and cut[:-1] == astronaut * ((len(cut) - 1) // len(astronaut))


def test_badges_carry_initials_of_any_script() -> None:
    def letters() -> list[str]:
        theme.Seats(["BLUE", "GREEN", "RED", "GREY"], NAMES)
        return [theme.badge_letter(c) for c in ("BLUE", "GREEN", "RED", "GREY")]

    assert contextvars.copy_context().run(letters) == ["J", "山", "В", "Ü"]
    assert not _same(theme.badge("BLUE", 64, "山"), theme.badge("BLUE", 64, ABSENT))


@pytest.mark.parametrize("key", ["china", "great_wall", "sun_tzu", "chinatown"])
def test_every_game_draws_the_names(key: str) -> None:
    game = games.get(key)
    players = max(game.min_players, min(4, game.max_players))
    view = game.view(game.new(players, seed=3), None)
    named = render.board(key, view, names=NAMES[:players])
    decode(named)
    assert named != render.board(key, view)


# Japanese game terms from the Japanese rulebook of China (領地 region, 邸 house, 公使 emissary, 皇帝
# emperor), and its regions in kanji.
KANJI = {"Qin": "秦", "Zhao": "趙", "Qi": "斉", "Han": "韓", "Zhou": "周", "Wei": "魏", "Lu": "魯", "Shu": "蜀",
         "Chu": "楚"}


def test_a_board_with_japanese_words_renders() -> None:
    game = games.get("china")
    view = game.view(game.new(4, seed=3), None)
    japanese = dict(view, regions=[dict(region, name=f"{KANJI[region['name']]}の領地") for region in view["regions"]])
    with theme.audit() as labels:
        board = decode(render.board("china", japanese, names=["皇帝", "邸の主", "公使", "山田太郎"]))
    assert board.width > 0 and render.board("china", japanese) != render.board("china", view)
    assert any(label.text == "秦の領地" for label in labels)
