"""``python -m bot replay FILE --out DIR``: a game record re-played offline, every board drawn again.

Like the demo, without Discord or a database: the record is read and checked (``bot.records``), every
position is drawn (``board-NNNN.png``, the public board after move NNNN; ``final.png``; the game's story as
``bot.story`` tells it, ``scores.png`` and ``story.webp``) and the thread's sentences are written to
``log.txt``. A record that cannot be replayed is refused before anything is drawn. The person at the command
line chooses the language (``--language``, English by default): the refusal, the log, the pictures and the
summary are all in it.
"""

from __future__ import annotations

from pathlib import Path

import render
from bot import i18n
from bot.games.base.contract import said as describe
from bot.games.base.language import tr, trn
from bot.records import RecordError, parse, replay
from bot.story import draw_now, tell


def replay_file(path: str, out_dir: str, language: str = i18n.ENGLISH) -> str:
    """Replay the record at ``path`` into ``out_dir`` in ``language``; the summary line. RecordError names the
    first problem."""
    with i18n.speaking(language):
        return _replay_file(path, out_dir)


def _replay_file(path: str, out_dir: str) -> str:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(tr("The record {path} cannot be read ({error}).", path=path,
                                 error=error.__class__.__name__)) from None
    record = parse(text)
    replayed = replay(record)
    game, names = record.engine, list(record.names)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("board-*.png"), *out.glob("story.*")]:
        old.unlink()
    lines: list[str] = []
    for version, (state, events) in enumerate(zip(replayed.states, replayed.events, strict=True)):
        view = game.view(state, None)
        (out / f"board-{version:04d}.png").write_bytes(render.board(record.game, view, names))
        said = (describe(game, event, names, None) for event in events)
        lines.extend(f"[{version:04d}] {sentence}" for sentence in said if sentence)
    final = replayed.states[-1]
    (out / "final.png").write_bytes(render.final(record.game, game.view(final, None), names))
    (out / "log.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    draw_now(tell(game, record.game, tr(game.title), names, replayed)).save(out)
    result = game.result(final)
    order = sorted(range(len(names)), key=lambda s: (result.ranking[s], s))
    ranked = ", ".join(f"{result.ranking[s]}. {names[s]} {game.score_text(result.scores[s])}" for s in order)
    return trn("{game}: {n} move replayed; the result is the record's. {ranking}. Pictures in {folder}/",
               "{game}: {n} moves replayed; the result is the record's. {ranking}. Pictures in {folder}/",
               len(record.moves), game=tr(game.title), ranking=ranked, folder=out)
