"""The verbs of Chinatown's payloads (custom_ids), the first part of ``<verb>.<args>``; the values are the
strings already posted in Discord and never change. The first argument is the round (``<round>``) or, in
the trade builder, the draft (``<draft>``, :mod:`cogs.controls.chinatown.draft`), which carries its round."""

from __future__ import annotations

from enum import StrEnum


class Verb(StrEnum):
    HOME = "home"  # Back or Cancel: the first step again
    # keeping Building cards
    KEEP_PICK = "kp"  # select: kp.<round>, values the lots to keep
    KEEP = "kc"  # kc.<round>.<lot-lot-...>: confirm
    # building
    PLACE_TILE = "ps"  # select: ps.<round>, value a shop letter
    PLACE_LOT = "pl"  # select: pl.<round>.<letter>[.<n>], value a lot
    PLACE_DISTRICT = "pd"  # select: pd.<round>.<letter>, value a group of lots <first>-<last> (a district)
    END = "end"  # end.<round>: finish building
    # the trading panel and the answers to offers
    READY = "rdy"  # rdy.<round>.<0|1>: done trading, or back to trading
    OFFER = "ofs"  # select: ofs.<round>, value an offer id
    ACCEPT = "acc"  # acc.<round>.<offer>.<version>
    REJECT = "rej"  # rej.<round>.<offer>
    CANCEL = "can"  # can.<round>.<offer>: withdraw one's own offer
    # the trade builder
    NEW = "new"  # new.<round>: a new offer
    PARTNERS = "who"  # select: who.<round>, values the seats to trade with
    COUNTER = "ctr"  # ctr.<round>.<offer>: a counter-offer
    DRAFT = "drf"  # drf.<draft>: the draft so far
    ADD = "add"  # select: add.<draft>.<side>[.<n>], value a tile, "M" (money), "lots", "tiles" or a lot
    LOT_GROUP = "lg"  # select: lg.<draft>.<side>, value a group of lots <first>-<last> (a district)
    GIVER = "giv"  # select: giv.<draft>, value the side that gives
    MONEY = "mny"  # select: mny.<draft>.<side>[.<n>], value an amount
    TO = "to"  # to.<draft>.<side>.<item>.<receiver>
    REMOVE_PICK = "rmv"  # rmv.<draft>: which item to remove
    REMOVE = "rm"  # select: rm.<draft>, value an item's index
    POST = "pst"  # pst.<draft>: post the offer
