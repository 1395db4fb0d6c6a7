"""Discord's rules for what a message may hold, as its API documentation states them.

Each check returns the broken rules as sentences; the double answers those requests with Discord's own
error (400 code 50035, or 413 code 40005 for files too large) and remembers them, so a test fails.
"""

from __future__ import annotations

from typing import Any

CONTENT_LIMIT = 2000
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # 10 MiB: a server without boosts
FILES_LIMIT = 10
EMBEDS_LIMIT = 10
ROWS_LIMIT = 5
ROW_LIMIT = 5
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
OPTIONS_LIMIT = 25
OPTION_TEXT_LIMIT = 100
PLACEHOLDER_LIMIT = 150
SELECT_TYPES = {3, 5, 6, 7, 8}
TEXT_INPUT = 4


DESCRIPTION_LIMIT = 1024  # an attachment's description (alt text)


def message_problems(payload: dict[str, Any], *, new: bool) -> list[str]:
    problems: list[str] = []
    content = payload.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        problems.append(f"content is {len(content)} characters; Discord allows {CONTENT_LIMIT}")
    if len(payload.get("embeds") or []) > EMBEDS_LIMIT:
        problems.append(f"more than {EMBEDS_LIMIT} embeds")
    problems.extend(component_problems(payload.get("components") or []))
    for attachment in payload.get("attachments") or []:
        if isinstance(attachment, dict) and len(attachment.get("description") or "") > DESCRIPTION_LIMIT:
            problems.append(f"an attachment description longer than {DESCRIPTION_LIMIT}")
    if new and not (content or payload.get("embeds") or payload.get("components") or payload.get("attachments")):
        problems.append("an empty message (code 50006)")
    return problems


def file_problems(files: list[tuple[str, bytes]]) -> list[str]:
    problems = []
    if len(files) > FILES_LIMIT:
        problems.append(f"{len(files)} files; Discord allows {FILES_LIMIT}")
    for name, data in files:
        if len(data) > ATTACHMENT_SIZE_LIMIT:
            problems.append(f"{name} is {len(data)} bytes; the limit is {ATTACHMENT_SIZE_LIMIT}")
    return problems


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(rows) > ROWS_LIMIT:
        problems.append(f"{len(rows)} action rows; Discord allows {ROWS_LIMIT}")
    seen: set[str] = set()
    for row in rows:
        if row.get("type") != 1:
            problems.append(f"a top-level component of type {row.get('type')} (action rows only)")
            continue
        parts = row.get("components") or []
        if not 1 <= len(parts) <= ROW_LIMIT:
            problems.append(f"an action row with {len(parts)} components")
        if any(p.get("type") in SELECT_TYPES for p in parts) and len(parts) != 1:
            problems.append("a select shares its action row")
        for part in parts:
            problems.extend(_part_problems(part, seen))
    return problems


def _part_problems(part: dict[str, Any], seen: set[str]) -> list[str]:
    problems: list[str] = []
    kind = part.get("type")
    custom_id = part.get("custom_id")
    if kind == 2 and part.get("style") == 5:
        if not part.get("url"):
            problems.append("a link button without url")
    elif not custom_id or len(custom_id) > CUSTOM_ID_LIMIT:
        problems.append(f"custom_id {custom_id!r} is empty or longer than {CUSTOM_ID_LIMIT}")
    elif custom_id in seen:
        problems.append(f"custom_id {custom_id!r} is used twice in one message")
    if custom_id:
        seen.add(custom_id)
    if kind == 2 and len(part.get("label") or "") > LABEL_LIMIT:
        problems.append(f"button label longer than {LABEL_LIMIT}")
    if kind == 3:
        options = part.get("options") or []
        if not 1 <= len(options) <= OPTIONS_LIMIT:
            problems.append(f"a select with {len(options)} options")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append("select option values repeat")
        for option in options:
            for key in ("label", "value", "description"):
                text = option.get(key) or ""
                if len(text) > OPTION_TEXT_LIMIT or (key != "description" and not text):
                    problems.append(f"select option {key} {text!r} is empty or too long")
        if len(part.get("placeholder") or "") > PLACEHOLDER_LIMIT:
            problems.append(f"placeholder longer than {PLACEHOLDER_LIMIT}")
        if part.get("max_values", 1) > max(1, len(options)):
            problems.append("max_values above the number of options")
    if kind not in (2, 3, 4, 5, 6, 7, 8):
        problems.append(f"unknown component type {kind}")
    return problems


def modal_problems(data: dict[str, Any]) -> list[str]:
    problems = []
    if not data.get("custom_id") or len(data["custom_id"]) > CUSTOM_ID_LIMIT:
        problems.append("a modal without a valid custom_id")
    if len(data.get("title") or "") > 45:
        problems.append("a modal title longer than 45")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= ROWS_LIMIT:
        problems.append(f"a modal with {len(rows)} rows")
    return problems
