"""The one lock order is written three times: in docs/decisions/lock-order.md, in
tournament/services/locks.py's docstring, and as each lock function's level (its
docstring's first words, "3. One board ..."). A test holds the three the same, so the
record a newcomer reads is the order the code takes."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from tournament.services import locks

RECORD = Path(__file__).resolve().parents[2] / "docs" / "decisions" / "lock-order.md"
LEVEL = re.compile(r"^(\d)\. ", re.M)


def levels_of(text: str) -> dict[int, set[str]]:
    """Each numbered level of a list, with the functions it names (`name` or
    :func:`name`)."""
    found: dict[int, set[str]] = {}
    starts = [(m.start(), int(m.group(1))) for m in LEVEL.finditer(text)]
    for (start, level), (end, _) in zip(starts, [*starts[1:], (len(text), 0)], strict=True):
        item = text[start:end].split("\n\n")[0]
        found[level] = set(re.findall(r"`+(?::func:`)?([a-z_]+)`", item))
    return found


def functions_by_level() -> dict[int, set[str]]:
    """Each lock function's level, from its docstring's first words ("4, then 5." is 4)."""
    found: dict[int, set[str]] = {}
    for name, fn in inspect.getmembers(locks, inspect.isfunction):
        if fn.__module__ != locks.__name__ or name.startswith("_"):
            continue
        doc = inspect.getdoc(fn) or ""
        if doc.startswith("Outside the order"):
            continue
        match = re.match(r"(\d)[.,]", doc)
        assert match, f"locks.{name}'s docstring does not start with its level"
        found.setdefault(int(match.group(1)), set()).add(name)
    return found


def test_the_record_the_module_and_the_functions_give_one_order():
    record = RECORD.read_text()
    listed = record[record.index("## Decision") : record.index("## Figures")]
    in_record = levels_of(listed)
    in_module = levels_of(inspect.getdoc(locks) or "")
    by_function = functions_by_level()
    assert in_record == in_module, "docs/decisions/lock-order.md and locks.py's list differ"
    assert in_module == by_function, "locks.py's list and its functions' levels differ"
    assert sorted(in_record) == [1, 2, 3, 4, 5, 6]


def test_the_levels_read_from_a_list():
    text = "1. the group (`group`);\n2. the event (`event`, :func:`club`);\n\nafter"
    assert levels_of(text) == {1: {"group"}, 2: {"event", "club"}}
