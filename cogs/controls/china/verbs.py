"""The verbs of China's payloads (custom_ids), the first part of ``<verb>.<args>``; the values are the
strings already posted in Discord and never change."""

from __future__ import annotations

from enum import StrEnum


class Verb(StrEnum):
    HOME = "home"  # Back: the first step again
    PASS = "pass"
    DRAW = "drw"  # drw.<deck|colour letter>: one card of the refill
    EXCHANGE = "xch"  # select (xch.<n>): <give letter>.<deck|colour letter>
    REGION = "reg"  # select (reg.<n>): a region id, to its pieces
    PIECES = "pcs"  # select (pcs.<region>.<1|2>.<n>): a pieces code
    PAYMENT = "pay"  # select (pay.<region>.<pieces>.<n>): a cards code
    PUT = "put"  # put.<region>.<pieces>.<cards>: the placement
    PAIR = "pr"  # select (pr.<region>.<n>): the first of two pieces, to the second (when pairs are many)
    GIVE = "xg"  # select (xg.<n>): the colour letter of the card given, to what to take (when exchanges are many)
