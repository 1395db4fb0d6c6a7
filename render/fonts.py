"""The typefaces every picture is set in, and which of them draws each character of a text.

A picture may show any player's name, in any script, so text is set in a chain of Noto faces: Noto Sans
(Latin, Greek, Cyrillic), Noto Sans CJK (Chinese, Japanese, Korean; the Japanese forms, the language of the
rulebooks' Han terms), Noto Emoji (monochrome, so it takes the text's colour), Noto Sans Symbols and the Noto
Sans faces of other scripts. Each character is drawn by the first face whose character map has it; a text is
cut into runs of characters that share a face (``runs``), and drawing and measuring both use those runs.

The faces are variable fonts, so regular (400) and bold (700) are real weights. They come from PyPI with the
project (manimgx-fonts and manimgx-fonts-cjk, unmodified Noto files under the SIL Open Font License 1.1:
render/FONTS.txt), so a fresh machine or the Docker image needs no system fonts.
"""

from __future__ import annotations

import bisect
import struct
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType

import manimgx_fonts
import manimgx_fonts_cjk
from fontTools.ttLib import TTFont
from PIL import ImageFont

Font = ImageFont.FreeTypeFont

REGULAR = 400
BOLD = 700


@dataclass(frozen=True)
class Face:
    """One typeface of the chain: a font file (and its index in a collection)."""

    path: Path
    index: int = 0


def _in(package: ModuleType, name: str) -> Path:
    return Path(str(package.__file__)).parent / name


_SCRIPTS = ("Arabic", "Armenian", "Bengali", "Devanagari", "Ethiopic", "Georgian", "Gujarati", "Gurmukhi",
            "Hebrew", "Kannada", "Khmer", "Lao", "Malayalam", "Myanmar", "Oriya", "Sinhala", "Tamil", "Telugu",
            "Thai")

# Noto Sans first: it draws every ASCII text alone, the common case. The CJK collection's face 0 is Japanese.
CHAIN: tuple[Face, ...] = (
    Face(_in(manimgx_fonts, "NotoSans[wght].ttf")),
    Face(_in(manimgx_fonts_cjk, "NotoSansCJK-VF.otf.ttc"), 0),
    Face(_in(manimgx_fonts, "NotoEmoji[wght].ttf")),
    Face(_in(manimgx_fonts, "NotoSansSymbols[wght].ttf")),
    *(Face(_in(manimgx_fonts, f"NotoSans{script}[wght].ttf")) for script in _SCRIPTS),
)
PRIMARY = CHAIN[0]


# -- which characters a face has ------------------------------------------------------------------------
class Coverage:
    """The characters a face's character map has, as sorted ranges (a CJK face maps ~45,000)."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        ranges.sort()
        self._starts = [start for start, _ in ranges]
        self._ends = [end for _, end in ranges]

    def __contains__(self, code: int) -> bool:
        i = bisect.bisect_right(self._starts, code) - 1
        return i >= 0 and code <= self._ends[i]


def _format12_ranges(cmap: bytes) -> list[tuple[int, int]] | None:
    """The groups of the (3, 10) format 12 subtable read straight from the table: fontTools would build a
    dict of every character, 1.6 s for the CJK face, where these ~15,000 ranges take milliseconds."""
    (count,) = struct.unpack_from(">H", cmap, 2)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        if (platform, encoding) == (3, 10) and struct.unpack_from(">H", cmap, offset)[0] == 12:
            (groups,) = struct.unpack_from(">I", cmap, offset + 12)
            table = struct.iter_unpack(">III", cmap[offset + 16:offset + 16 + 12 * groups])
            # A group's first character maps to its start glyph; glyph 0 is the missing-glyph box.
            return [(start + (glyph == 0), end) for start, end, glyph in table if start + (glyph == 0) <= end]
    return None


@cache
def coverage(face: Face) -> Coverage:
    """What ``face`` draws, read from its character map once per process (lazily: Noto Sans alone draws
    ASCII, so the other faces are read when a text first needs them)."""
    with TTFont(face.path, fontNumber=face.index, lazy=True) as font:
        ranges = _format12_ranges(font.reader["cmap"])
        if ranges is None:
            ranges = [(code, code) for code in font.getBestCmap()]
    return Coverage(ranges)


# -- loaded faces -----------------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def load(face: Face, size: int, weight: int = REGULAR) -> Font:
    """``face`` at ``size`` px and ``weight`` (clamped to what the face offers); cached, loading costs ~1 ms."""
    font = ImageFont.truetype(str(face.path), size, index=face.index)
    axes = font.get_variation_axes()
    if axes:
        font.set_variation_by_axes([_setting(axis, weight) for axis in axes])
    return font


def _setting(axis: ImageFont.Axis, weight: int) -> float:
    low, default, high = axis["minimum"] or 0, axis["default"] or 0, axis["maximum"] or 0
    return min(max(weight, low), high) if axis["name"] == b"Weight" else default


# -- runs -------------------------------------------------------------------------------------------------
ZWJ = "\u200d"


def _joins(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it: accents and other marks, variation selectors,
    the zero-width joiner and emoji skin tones (so an emoji sequence or an accented letter is never split)."""
    return unicodedata.category(ch) in ("Mn", "Mc", "Me") or ch == ZWJ or "\U0001f3fb" <= ch <= "\U0001f3ff"


def clusters(text: str) -> list[str]:
    """``text`` cut into what reads as one character each: a base and the marks or joined pieces after it."""
    out: list[str] = []
    for ch in text:
        if out and (_joins(ch) or out[-1].endswith(ZWJ)):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _ignorable(ch: str) -> bool:
    # Fonts need not map these: shaping hides them (variation selectors, the joiner).
    return ch == ZWJ or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def face_for(cluster: str) -> Face:
    """The first face of the chain that has every character of ``cluster``, else the first that has its
    base, else Noto Sans (which then shows its missing-glyph box: a character is never dropped)."""
    needed = [ord(ch) for ch in cluster if not _ignorable(ch)] or [ord(cluster[0])]
    for face in CHAIN:
        table = coverage(face)
        if all(code in table for code in needed):
            return face
    return next((face for face in CHAIN if needed[0] in coverage(face)), PRIMARY)


@lru_cache(maxsize=8192)
def runs(text: str) -> tuple[tuple[str, Face], ...]:
    """``text`` as consecutive runs, each with the face that draws it (one run for Noto Sans' own text)."""
    if text.isascii():
        return ((text, PRIMARY),) if text else ()
    out: list[tuple[str, Face]] = []
    for cluster in clusters(text):
        face = face_for(cluster)  # spaces too: the emoji face's are an em wide
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + cluster, face)
        else:
            out.append((cluster, face))
    return tuple(out)
