"""The shared look: colour-blind-safe player marks, fonts, text helpers and PNG output."""

from __future__ import annotations

import io
import itertools
import math

import pytest
from PIL import Image, ImageDraw

from render import theme

# Machado et al. (2009) full-severity simulation matrices, applied in linear RGB.
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def _simulate(rgb: theme.RGB, matrix: tuple[tuple[float, float, float], ...]) -> tuple[float, ...]:
    lin = [_linear(c) for c in rgb]
    return tuple(_srgb(sum(row[j] * lin[j] for j in range(3))) for row in matrix)


def _luminance(rgb: theme.RGB) -> float:
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: theme.RGB, b: theme.RGB) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_five_game_colours_each_with_its_own_letter_and_shape() -> None:
    styles = list(theme.PLAYER_STYLES.values())
    assert [s.colour for s in styles] == ["BLUE", "GREEN", "RED", "GREY", "YELLOW"]
    assert len({s.letter for s in styles}) == 5
    assert len({s.shape for s in styles}) == 5
    assert len({s.fill for s in styles}) == 5


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_player_colours_stay_apart_for_colour_blind_players(vision: str) -> None:
    fills = [s.fill for s in theme.PLAYER_STYLES.values()]
    simulated = [_simulate(f, SIMULATIONS[vision]) for f in fills]
    closest = min(math.dist(a, b) for a, b in itertools.combinations(simulated, 2))
    assert closest > 60, f"two player colours look alike under {vision}"


def test_letters_on_player_colours_are_readable() -> None:
    # Letters on badges and cards are large and bold: WCAG AA asks 3:1 for such text.
    for style in theme.PLAYER_STYLES.values():
        assert _contrast(style.fill, style.ink) >= 3.0, style.colour
        other = theme.WHITE if style.ink == theme.INK else theme.INK
        assert _contrast(style.fill, style.ink) >= _contrast(style.fill, other), style.colour


def test_unknown_colour_is_refused_by_name() -> None:
    with pytest.raises(KeyError, match="PURPLE"):
        theme.player_style("PURPLE")


def test_fonts_are_cached_and_scalable() -> None:
    assert theme.font(30) is theme.font(30)
    assert theme.text_width("Section 12", 40) > theme.text_width("Section 12", 20) * 1.8


def test_ellipsize_fits_the_width_and_marks_the_cut() -> None:
    long = "Bartholomew the Magnificent Builder of Walls"
    cut = theme.ellipsize(long, 24, 150)
    assert cut.endswith("…") and theme.text_width(cut, 24) <= 150
    assert theme.ellipsize("Bo", 24, 150) == "Bo"


def test_printable_keeps_every_script_and_drops_only_invisible_characters() -> None:
    assert theme.printable("José 🧱 Müller-Straße") == "José 🧱 Müller-Straße"
    assert theme.printable("李小龍") == "李小龍"
    assert theme.printable("\u200b\x07Ana\n  Bo") == "Ana Bo"
    assert theme.printable("👩\u200d🚀") == "👩\u200d🚀"  # the joiner of an emoji sequence stays


def test_badges_differ_by_shape_and_keep_transparent_corners() -> None:
    badges = {colour: theme.badge(colour, 48) for colour in theme.PLAYER_STYLES}
    for image in badges.values():
        assert image.size == (48, 48) and image.mode == "RGBA"
        assert image.getpixel((1, 1))[3] == 0  # type: ignore[index]
    masks = {colour: image.getchannel("A").point(lambda a: 255 if a > 128 else 0).tobytes()
             for colour, image in badges.items()}
    assert len(set(masks.values())) == 5  # five different outlines, not just five colours


def test_token_shows_its_label() -> None:
    assert theme.token("7", 40).tobytes() != theme.token("8", 40).tobytes()


def test_to_png_is_a_small_deterministic_palette_png() -> None:
    image = theme.canvas(800, 600)
    theme.draw_text(ImageDraw.Draw(image), (10, 10), "Hello", 40)
    theme.draw_badge(image, "RED", (400, 300), 60)
    data = theme.to_png(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data == theme.to_png(image)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == (800, 600) and decoded.mode == "P"
    assert len(data) < 30_000


def test_canvas_is_a_fresh_copy() -> None:
    first = theme.canvas(100, 100)
    first.putpixel((0, 0), (0, 0, 0))
    assert theme.canvas(100, 100).getpixel((0, 0)) == theme.BACKGROUND


def test_ordinal() -> None:
    assert [theme.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
    ]


# -- legibility -----------------------------------------------------------------------------------------
def test_minimums_scale_with_the_picture_width() -> None:
    assert theme.minimum("key", 1200) == 28 and theme.minimum("legend", 1200) == 24  # 2% of the width
    assert theme.minimum("key", 1120) == 27 and theme.minimum("key", 1000) == 24 and theme.minimum("key", 720) == 17
    assert theme.minimum("mark", 1200) == 45 and theme.minimum("mark", 600) == 23  # letters of 24 px and more


def test_key_and_legend_text_under_the_minimum_are_refused() -> None:
    draw = ImageDraw.Draw(theme.canvas(1200, 100))
    theme.draw_key(draw, (0, 0), "12", 28)
    with pytest.raises(theme.Illegible, match="'12' at 18 px on a 1200 px-wide picture: the minimum is 28 px"):
        theme.draw_key(draw, (0, 0), "12", 18)
    theme.draw_key(ImageDraw.Draw(theme.canvas(600, 100)), (0, 0), "12", 14)  # the same share of a narrower one
    theme.draw_legend(draw, (0, 0), "a caption", 24)
    with pytest.raises(theme.Illegible):
        theme.draw_legend(draw, (0, 0), "a caption", 20)  # the legends of old: under 2% of the width
    with pytest.raises(theme.Illegible):
        theme.draw_pill(draw, (0, 50), "TO PLAY", 16, theme.INK, theme.LEAD)


def test_badges_and_key_tokens_under_the_minimum_are_refused() -> None:
    image = theme.canvas(1200, 100)
    theme.draw_badge(image, "RED", (50, 50), 45)
    with pytest.raises(theme.Illegible, match="mark"):
        theme.draw_badge(image, "RED", (50, 50), 32)  # Chinatown's owner badges of old: a 10 px letter
    theme.draw_token(image, "7", 48, (50, 50))  # a one-figure label is 60% of the token
    with pytest.raises(theme.Illegible):
        theme.draw_token(image, "7", 34, (50, 50))  # the Great Wall's first marker on a card of old
    theme.draw_token(image, "12", 48, (50, 50), key=False)  # an alliance's number: a legend
    with pytest.raises(theme.Illegible, match="legend"):
        theme.draw_token(image, "12", 34, (50, 50), key=False)  # China's alliance numbers of old
    assert theme.token_label_px("7", 48) == 28.75 and theme.token_label_px("+8", 56) == 28


def test_the_audit_records_checked_labels_only_inside_its_block() -> None:
    image = theme.canvas(1200, 100)
    draw = ImageDraw.Draw(image)
    with theme.audit() as labels:
        theme.draw_key(draw, (0, 0), "34", 30)
        theme.draw_legend(draw, (0, 0), "Deck", 24)
        theme.draw_badge(image, "BLUE", (50, 50), 45)
        theme.draw_text(draw, (10, 10), "free text", 12)
    theme.draw_key(draw, (0, 0), "35", 30)
    assert labels == [theme.Label("key", "34", 30, 1200), theme.Label("legend", "Deck", 24, 1200),
                      theme.Label("mark", "BLUE", 45, 1200)]


def test_text_running_past_a_pictures_edge_is_found() -> None:
    image = theme.canvas(300, 60)
    draw = ImageDraw.Draw(image)
    with theme.clipping() as clipped:
        theme.draw_text(draw, (20, 10), "fits", 24)
        theme.draw_text(draw, (250, 10), "runs off the right", 24)
        theme.draw_text(draw, (20, 50), "below", 24)
    assert [c.text for c in clipped] == ["runs off the right", "below"]
    assert all(c.size == (300, 60) for c in clipped) and clipped[0].box[2] > 300
