"""Hidden information, checked against what each simulated person could see in the double.

* Every picture anybody saw is accounted for: a public picture (board or final) is the render of the public
  view at the version its name carries; a hand picture is the render of its viewer's own seat view, and it
  only ever reached that one person. Renders are compared for a sample of pictures (they cost CPU). A game's
  story (its score chart and timelapse, shown to whoever asks once it is over) is public: its alt text is
  checked for secrets like any text (tests/e2e/test_story.py compares its pictures with a fresh drawing).
* No text anybody saw carries another seat's secrets: the sentences only that seat may read (the private
  parts of events) and that seat's hand text, at every version.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from dataclasses import dataclass

import render
from cogs.controls import controls_for
from render import Focus
from tests.e2e.double import Attachment, DiscordDouble
from tests.e2e.records import Recorded

PICTURE = re.compile(r"(board|final|hand)-(\d+)-(\d+)\.png")
# A prompt's close-up (render.focus): focus-<game>-<version>-<kind>[-<part.part...>].png, from its reader's view.
CLOSE_UP = re.compile(r"(focus)-(\d+)-(\d+)-([a-z_]+)(?:-([A-Za-z0-9_.]+))?\.png")
STORY = re.compile(r"(scores|story)-(\d+)\.(png|webp|gif)")  # a finished game's story (cogs/story.py)


@dataclass
class Report:
    pictures: int = 0  # pictures seen (all checked by name and audience)
    rendered: int = 0  # of which compared byte for byte with a fresh render
    texts: int = 0  # message forms checked for secrets


def check_hidden_information(
    double: DiscordDouble, recorded: Recorded, *, sample: int = 15, seed: int = 0
) -> Report:
    """Check every message form in the double; the double must hold this one game only (a sentence that is
    one seat's secret here could be somebody's own news in another game)."""
    report = Report()
    engine, key = recorded.engine, recorded.key
    states = recorded.states()
    names = [p.name for p in recorded.players]
    mentions = [f"<@{p.user_id}>" if p.user_id is not None else p.name for p in recorded.players]
    seat_of = {p.user_id: p.seat for p in recorded.players if p.user_id is not None}
    sentences, hands = _secrets(recorded, states, mentions)
    to_render: list[tuple[Attachment, str, int, int | None]] = []
    close_ups: dict[str, Focus] = {}
    viewers: dict[str, set[int | None]] = defaultdict(set)

    for revision in double.world.revisions:
        viewer = revision.audience
        seat = seat_of.get(viewer) if viewer is not None else None
        for attachment in revision.attachments:
            story = STORY.fullmatch(attachment.filename)
            if story is not None:
                assert int(story[2]) == recorded.game_id and attachment.description, attachment.filename
                report.pictures += 1
                continue
            found = PICTURE.fullmatch(attachment.filename) or CLOSE_UP.fullmatch(attachment.filename)
            assert found and int(found[2]) == recorded.game_id, f"a picture of another game: {attachment.filename}"
            kind, version = found[1], int(found[3])
            if kind == "focus":  # the part it shows, to draw it again below
                parts = tuple(int(p) if p.isdigit() else p for p in (found[5] or "").split(".") if p)
                close_ups[attachment.filename] = Focus(found[4], parts)
            assert attachment.description, f"{attachment.filename} has no alt text"
            report.pictures += 1
            if kind != "focus":  # a close-up of public parts may reach several players (both orders in Sun Tzu)
                viewers[attachment.digest].add(viewer)
            if kind in ("hand", "focus"):
                assert seat is not None, f"{attachment.filename} reached {viewer or 'everybody'}, not a player"
            to_render.append((attachment, kind, version, seat if kind in ("hand", "focus") else None))
        report.texts += 1
        said = "\n".join([revision.content, *(a.description for a in revision.attachments)])
        lines = set(said.splitlines())
        for other in set(range(len(recorded.players))) - {seat}:
            # A sentence or hand that is also the viewer's own (the same draw, the same hand) tells nothing.
            for secret in sentences[other] - (sentences[seat] if seat is not None else set()):
                assert secret not in said, f"{viewer or 'everybody'} read seat {other}'s {secret!r}"
            for hand in (hands[other] - (hands[seat] if seat is not None else set())) & lines:
                raise AssertionError(f"{viewer or 'everybody'} read seat {other}'s hand {hand!r}")

    for digest, who in viewers.items():
        people = {v for v in who if v is not None}
        assert None in who or len(people) <= 1, f"one private picture ({digest[:8]}) reached {len(people)} people"

    rng = random.Random(seed)
    finals = [item for item in to_render if item[1] == "final"][-1:]
    for attachment, kind, version, seat in [*finals, *rng.sample(to_render, min(sample, len(to_render)))]:
        view = engine.view(states[version], seat)
        if kind == "focus":  # drawn from its reader's own view: equal to that render, it shows nothing more
            drawn = render.focus(key, view, names, close_ups[attachment.filename])
        else:
            drawn = {"board": render.board, "final": render.final, "hand": render.hand}[kind](key, view, names)
        assert drawn == attachment.data, f"{attachment.filename} is not the render of its view"
        report.rendered += 1
    return report


def _secrets(
    recorded: Recorded, states: list[object], mentions: list[str]
) -> tuple[dict[int, set[str]], dict[int, set[str]]]:
    """Per seat: the sentences only it may read (private parts of events), and its hand text at every version
    (a whole line of a message)."""
    engine = recorded.engine
    sentences: dict[int, set[str]] = defaultdict(set)
    for event in recorded.events():
        public = engine.describe(event, mentions, None)
        for seat in event.private:
            private = engine.describe(event, mentions, seat)
            if private and private != public:
                sentences[seat].add(private)
    hands: dict[int, set[str]] = defaultdict(set)
    controls = controls_for(recorded.key)
    seats = len(recorded.players)
    for version, state in enumerate(states):
        table = recorded.table(state, version)
        for seat in range(seats):
            hands[seat].update(line for line in controls.hand_text(table, seat).splitlines() if line)
    return sentences, hands
