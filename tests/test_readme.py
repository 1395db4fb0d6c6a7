"""The README opens with exactly two commands, and CI runs the second one verbatim."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = text.split("```", 2)[1]
    lines = [line.strip() for line in first_block.splitlines()[1:] if line.strip()]
    return [line for line in lines if not line.startswith("#")]


def test_readme_opens_with_two_commands() -> None:
    commands = _readme_commands()
    assert len(commands) == 2
    run, test = commands
    assert run.endswith("python -m bot")  # the token comes from the environment, never the command line
    assert "pytest" in test and '".[test]"' in test


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _readme_commands()[1] in ci.splitlines()
