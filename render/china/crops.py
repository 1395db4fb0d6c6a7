"""China's close-up: one region of the map with its numbered house spaces, houses and dragon, the
neighbouring regions faded around it, under a caption naming its free spaces (the numbers the pieces
choices use)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.base.language import tr
from bot.games.base.words import join
from bot.games.china.text import space_label
from render import theme
from render.china import board_map
from render.china.common import WIDTH
from render.crops import frame
from render.game import Part
from render.theme import Seats

if TYPE_CHECKING:
    from PIL import Image

    from bot.games.china.schema import ChinaView, RegionView

PAD = 40  # around the region: a house badge on a space near its border, and a look at the roads out
MIN_WIDTH = 560  # room for a caption naming seven free spaces on one line


def region_of(view: ChinaView, part: Sequence[int | str]) -> RegionView:
    """The region a focus names (exactly one region id); ValueError otherwise."""
    found = [r for r in view["regions"] if len(part) == 1 and r["id"] == part[0]]
    if not found:
        raise ValueError(f"a China close-up shows one region; got {list(part)!r}")
    return found[0]


def caption(view: ChinaView, region: RegionView) -> str:
    """ "Qin: free spaces 1, 3 and 5 · emissaries 1 of 2": the numbers as the picture draws them."""
    free = [space_label(s["id"]) for s in view["spaces"] if s["region"] == region["id"] and s["house"] is None]
    spaces = tr("free spaces {spaces}", spaces=join(free)) if free else tr("no free space")
    state = tr(" · scored") if region["scored"] else ""
    text = tr("{region}: {spaces} · emissaries {placed} of {cap}", region=tr(region["name"]), spaces=spaces,
              placed=sum(region["emissaries"]), cap=region["cap"])
    return text + state


def region(view: ChinaView, names: Sequence[str] | None, part: Sequence[int | str]) -> Image.Image:
    chosen = region_of(view, part)
    height = board_map.map_height()
    whole = theme.canvas(WIDTH, height)
    board_map.draw_map(whole, view, Seats.in_order(view["num_players"], names), 0)  # the cached map, then pieces
    outline = board_map.region_outline(chosen["id"])
    box = frame.window(frame.bounds(outline), (0, 0, WIDTH, height), PAD, MIN_WIDTH)
    close = frame.spotlight(whole.crop(box), [frame.shifted(outline, box)])
    return frame.banded(close, caption(view, chosen))


def samples(view: ChinaView) -> list[Part]:
    """Every region, one at a time: what the pieces prompts show."""
    return [(region["id"],) for region in view["regions"]]
