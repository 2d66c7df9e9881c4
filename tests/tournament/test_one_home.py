"""Each rule and each lock has one home in the code.

Every row lock is taken through ``tournament/services/locks.py``, in the order of
docs/decisions/lock-order.md, so a verb cannot lock a row out of that order; the
stored choices are compared as the enums of ``tournament/choices.py``, never as
the strings they are stored as; no module imports a private helper of another
(inside a function it hides an import circle; anywhere it is a name its module may
change without telling anyone: a name another module needs is public); and nothing
leans on Django's private parts, which an upgrade may change without notice.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tournament"
SOURCES = sorted(p for p in APP.rglob("*.py") if "migrations" not in p.parts)
# The project's own modules, the laws' library and the benchmarks with the app.
PROJECT = ("tournament", "scoring", "benchmarks")
PROJECT_SOURCES = sorted(
    p
    for top in PROJECT
    for p in (ROOT / top).rglob("*.py")
    if "migrations" not in p.relative_to(ROOT).parts
)

# Files another change is rewriting now, each with what it still does that the checks
# below refuse; a file leaves the set when that change lands.
BEING_REWRITTEN = {
    "tournament/exports/rows.py": "its helpers _live_lines, _precise, _number are "
    "imported by the other exports and a benchmark",
    "tournament/exports/xlsx.py": "imports rows._number; its _sheet is imported by "
    "exports/club.py and exports/groups.py",
    "tournament/exports/club.py": "imports rows._precise and xlsx._sheet",
    "tournament/exports/groups.py": "imports rows._precise and xlsx._sheet",
    "tournament/exports/pbn.py": "imports rows._live_lines",
}

# The values of stored choices a comparison might spell out: methods, forms, movements,
# Law B's artificial scores and discoveries, a contest's carry-over.
STORED = (
    "total|matchpoints|pairs|teams|mitchell|howell|average|ns-lowest|ew-lowest"
    "|original-play|before-overplay|after-overplay|not-played"
)
COMPARED = re.compile(rf"""[!=]= ["']({STORED})["']""")


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _module_of(path: Path) -> str:
    """The dotted name a file is imported as (a package by its ``__init__.py``)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_from(path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``import from`` reads, its dots resolved from ``path``."""
    if not node.level:
        return node.module or ""
    package = _module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _file_of(module: str) -> str:
    """The file of a project module, as :func:`_name` writes it."""
    as_path = Path(*module.split("."))
    return str(as_path / "__init__.py") if (ROOT / as_path).is_dir() else f"{as_path}.py"


def _private(name: str) -> bool:
    """A name its module keeps to itself: one underscore, not a dunder, not Django's
    documented ``_meta``."""
    return name.startswith("_") and not name.startswith("__") and name != "_meta"


def private_uses(path: Path) -> list[tuple[int, str, str]]:
    """Each use in ``path`` of another project module's private name, as (line, the
    module's file, the use): ``from module import _name`` and ``module._name`` for a
    module the file imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: dict[str, str] = {}  # a name bound in this file -> the project module
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = _imported_from(path, node)
            if source.split(".")[0] not in PROJECT:
                continue
            for alias in node.names:
                if _private(alias.name):
                    found.append((node.lineno, _file_of(source), f"{source}.{alias.name}"))
                else:
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in PROJECT:
                    bound = alias.asname or alias.name.split(".")[0]
                    modules[bound] = (alias.asname and alias.name) or bound
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _private(node.attr)):
            continue
        chain, base = [node.attr], node.value
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if isinstance(base, ast.Name) and base.id in modules:
            owner = ".".join([modules[base.id], *reversed(chain[1:])])
            found.append((node.lineno, _file_of(owner), f"{base.id}.{'.'.join(reversed(chain))}"))
    return found


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


def test_the_files_being_rewritten_exist():
    assert [name for name in BEING_REWRITTEN if not (ROOT / name).is_file()] == []


@pytest.mark.parametrize("path", PROJECT_SOURCES, ids=_name)
def test_no_module_uses_another_modules_private_names(path):
    """A name another module needs is made public (or the code moves to where it is
    used): a private name is its module's own, free to change."""
    found = [
        f"{_name(path)}:{line}: {use}"
        for line, owner, use in private_uses(path)
        if owner != _name(path)
        and _name(path) not in BEING_REWRITTEN
        and owner not in BEING_REWRITTEN
    ]
    assert not found, "another module's private name:\n" + "\n".join(found)


def test_the_private_names_check_sees_both_spellings(tmp_path, monkeypatch):
    """The check finds ``from module import _name`` (relative too) and ``module._name``,
    and lets ``_meta`` and dunders be."""
    package = tmp_path / "tournament" / "wing"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    source = package / "user.py"
    source.write_text(
        "from . import _helper\n"
        "from .rows import _lines, public\n"
        "from tournament.queries import standings\n"
        "import scoring.deal as deal\n"
        "standings._live(1)\n"
        "deal._SCORES.clear()\n"
        "public._meta\n"
        "standings.__name__\n"
    )
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert [(line, owner) for line, owner, _ in private_uses(source)] == [
        (1, "tournament/wing/__init__.py"),
        (2, "tournament/wing/rows.py"),
        (5, "tournament/queries/standings.py"),
        (6, "scoring/deal.py"),
    ]


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
