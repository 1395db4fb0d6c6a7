"""The verbs of Sun Tzu's payloads (custom_ids), the first part of ``<verb>.<args>``; the values are the
strings already posted in Discord and never change. ``<codes>`` are half-built orders
(:mod:`cogs.controls.sun_tzu.orders`); a card id may itself hold a dot (``plus1.2``)."""

from __future__ import annotations

from enum import StrEnum


class Verb(StrEnum):
    HOME = "home"  # Back: the first step again
    # the secret orders
    ORDER = "o"  # select: o.<codes>.<province index>, value a card kind code
    EDIT = "oe"  # oe.<codes>: the orders' selects
    CONFIRM = "oc"  # oc.<codes>: commit the orders
    CONFIRM_PASSING = "ocp"  # ocp.<codes>: commit the orders and pass this round's warlord windows ahead
    ORDERS_SUPPORT = "os"  # os.<codes>: exceptional support, whose Back returns to these orders
    # the other decisions
    SUPPORT = "sup"  # sup[.<card>]: exceptional support, the step or the card discarded
    WARLORD = "wl"  # select: the warlord to keep
    PASS = "pass"
    USE = "use"  # use.<warlord>[.<province>]
    MOVE = "mv"  # select: <from>.<to>, Wu's move
    REVEAL = "rv"  # rv.<province>: the next province revealed
    REACT = "re"  # re.<0|1>
    SOURCE = "src"  # src.<reserve|none|province>
    LIGHT_INFANTRY = "li"  # li.<0|1>
    CHARIOT = "ch"  # ch[.<warlord>]
    RECYCLE = "rc"  # rc[.<card>]
    KEEP = "kp"  # kp.<card>[-<card>]


#: The orders' verbs: they read only the seat's own hand, so they outlive the other player's moves.
ORDER_VERBS = frozenset({Verb.ORDER, Verb.EDIT, Verb.CONFIRM, Verb.CONFIRM_PASSING, Verb.ORDERS_SUPPORT})
