"""Each rule and each lock has one home in the code.

Every row lock is taken through ``tournament/services/locks.py``, in the order of
docs/decisions/lock-order.md, so a verb cannot lock a row out of that order; the
stored choices are compared as the enums of ``tournament/choices.py``, never as
the strings they are stored as; no module imports a private helper of another
inside a function (a hidden import circle); and nothing leans on Django's private
parts, which an upgrade may change without notice.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "tournament"
SOURCES = sorted(p for p in APP.rglob("*.py") if "migrations" not in p.parts)

# The values of stored choices a comparison might spell out: methods, forms, movements,
# Law B's artificial scores and discoveries, a contest's carry-over.
STORED = (
    "total|matchpoints|pairs|teams|mitchell|howell|average|ns-lowest|ew-lowest"
    "|original-play|before-overplay|after-overplay|not-played"
)
COMPARED = re.compile(rf"""[!=]= ["']({STORED})["']""")


def _name(path: Path) -> str:
    return str(path.relative_to(APP.parent))


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_row_locks_are_taken_in_locks_py_only(path):
    if path.name == "locks.py":
        return
    assert "select_for_update" not in path.read_text(encoding="utf-8"), (
        f"{_name(path)} locks a row itself: take it through tournament.services.locks"
    )


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_stored_choices_are_compared_as_enums(path):
    found = [
        f"{_name(path)}:{n}: {line.strip()}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if COMPARED.search(line)
    ]
    assert not found, "compare with tournament.choices' enums:\n" + "\n".join(found)


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_no_private_helper_is_imported_inside_a_function(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [
        f"{_name(path)}:{node.lineno}: {alias.name}"
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(func)
        if isinstance(node, ast.ImportFrom) and node.level > 0
        for alias in node.names
        if alias.name.startswith("_")
    ]
    assert not found, "a private helper imported inside a function:\n" + "\n".join(found)


# Django's private parts: a name it does not document, reached for speed, that any
# upgrade may change without notice (docs/decisions/plain-django.md).
PRIVATE = re.compile(
    r"from django[\w.]* import [^#\n]*\b_[a-z]|get_related_populators|\._choices\b"
    r"|db\.backends\.\w+\.base|from django\.db\.models\.sql import"
    r"|\.query\.(sql_with_params|get_compiler)\b"
)


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_no_private_part_of_django_is_used(path):
    found = [
        f"{_name(path)}:{n}: {line.strip()}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PRIVATE.search(line)
    ]
    assert not found, "Django's private parts:\n" + "\n".join(found)
