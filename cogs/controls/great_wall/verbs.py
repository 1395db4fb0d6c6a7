"""The verbs of The Great Wall of China's payloads (custom_ids), the first part of ``<verb>.<args>``; the
values are the strings already posted in Discord and never change."""

from __future__ import annotations

from enum import StrEnum


class Verb(StrEnum):
    DRAW = "draw"
    HOME = "home"  # Back: the first step again
    GROUP = "grp"  # select (grp.<n>): <CARD>.<count>
    PLAY = "play"  # play.<CARD>.<count>.<section>
    DRAGON = "drg"  # drg.<section>: where in the section
    COVER = "cov"  # select (cov.<section>.<n>): the card id to cover
    CLAIM = "clm"  # select (clm.<n>): <section>.<marker>.<card>
