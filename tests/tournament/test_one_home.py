"""Each rule and each lock has one home in the code.

Every row lock is taken through ``tournament/services/locks.py``, in the order of
docs/decisions/lock-order.md, so a verb cannot lock a row out of that order; the
stored choices are compared as the enums of ``tournament/choices.py``, never as
the strings they are stored as; nothing sets an attribute on a model's instance by
``setattr`` or pops one from its ``vars()``; no module imports a private helper of another
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


@pytest.mark.parametrize("path", PROJECT_SOURCES, ids=_name)
def test_no_module_uses_another_modules_private_names(path):
    """A name another module needs is made public (or the code moves to where it is
    used): a private name is its module's own, free to change."""
    found = [
        f"{_name(path)}:{line}: {use}"
        for line, owner, use in private_uses(path)
        if owner != _name(path)
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


# Django's parts no page of its documentation describes, reached by attribute: each
# with what the documented way is.
UNDOCUMENTED = {
    "get_db_converters": "a backend's converters: read through a queryset instead",
    "get_col": "a field's column expression: use F() or the field's name",
    "get_compiler": "a query's compiler: run the queryset, or write the SQL out",
    "sql_with_params": "a query's compiled SQL: write the SQL out (connection.cursor())",
}
UNDOCUMENTED_MODULES = ("django.db.models.sql", "django.db.models.query_utils")
DJANGO_SOURCES = SOURCES + sorted((ROOT / "benchmarks").rglob("*.py"))


def _inside_from_db_of_a_class(parents: list[ast.AST]) -> bool:
    """Whether the innermost function is a class's own ``from_db`` (an override,
    which Django documents, calling ``super().from_db``)."""
    functions = [p for p in parents if isinstance(p, ast.FunctionDef | ast.AsyncFunctionDef)]
    if not functions or functions[-1].name != "from_db":
        return False
    at = parents.index(functions[-1])
    return at > 0 and isinstance(parents[at - 1], ast.ClassDef)


def _walk(node: ast.AST, parents: list[ast.AST]):
    """Every node with the nodes it lies in, outermost first."""
    yield node, parents
    for child in ast.iter_child_nodes(node):
        yield from _walk(child, [*parents, node])


def django_internals(source: str) -> list[tuple[int, str]]:
    """Each use of a part of Django it does not document, as (line, what): the
    attributes of :data:`UNDOCUMENTED`, a connection's ``ops``, the modules of
    :data:`UNDOCUMENTED_MODULES`, ``Model.from_db`` called outside a model's own
    ``from_db``, and a tuple made by ``tuple.__new__``."""
    found = []
    for node, parents in _walk(ast.parse(source), []):
        if isinstance(node, ast.Attribute):
            if node.attr in UNDOCUMENTED:
                found.append((node.lineno, f".{node.attr}: {UNDOCUMENTED[node.attr]}"))
            elif node.attr == "ops" and _is_a_connection(node.value):
                found.append((node.lineno, "connection.ops: the backend's operations"))
            elif node.attr == "from_db" and not _inside_from_db_of_a_class(parents):
                found.append((node.lineno, ".from_db outside a model's own from_db"))
            elif (
                node.attr == "__new__"
                and isinstance(node.value, ast.Name)
                and node.value.id == "tuple"
            ):
                found.append((node.lineno, "tuple.__new__: build the tuple by its class"))
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
            )
            for name in names:
                if any(name == m or name.startswith(m + ".") for m in UNDOCUMENTED_MODULES):
                    found.append((node.lineno, f"{name}: import from django.db.models"))
    return found


def _is_a_connection(node: ast.AST) -> bool:
    """``connection``, ``connections[...]``, or any ``x.connection``."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id in ("connection", "connections")
    return isinstance(node, ast.Attribute) and node.attr in ("connection", "connections")


def instance_writes(source: str) -> list[tuple[int, str]]:
    """Each ``setattr(x, ...)`` of an ``x`` other than ``self``, and each attribute popped
    from ``vars(x)`` or ``x.__dict__``: a value set on a model's instance that is not
    its field, or a field written round the model's own attribute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "setattr" and node.args:
            target = node.args[0]
            if not (isinstance(target, ast.Name) and target.id == "self"):
                found.append((node.lineno, f"setattr({ast.unparse(target)}, ...)"))
        elif isinstance(func, ast.Attribute) and func.attr == "pop":
            popped = func.value
            if (
                isinstance(popped, ast.Call)
                and isinstance(popped.func, ast.Name)
                and popped.func.id == "vars"
            ) or (isinstance(popped, ast.Attribute) and popped.attr == "__dict__"):
                found.append((node.lineno, f"{ast.unparse(popped)}.pop(...)"))
    return found


@pytest.mark.parametrize("path", DJANGO_SOURCES, ids=_name)
def test_no_undocumented_part_of_django_is_called(path):
    found = [
        f"{_name(path)}:{line}: {what}"
        for line, what in django_internals(path.read_text(encoding="utf-8"))
    ]
    assert not found, "Django's undocumented parts:\n" + "\n".join(found)


@pytest.mark.parametrize("path", SOURCES, ids=_name)
def test_nothing_is_set_on_an_instance_by_name(path):
    """What a read adds to a row comes back beside it (a dataclass), never set on the
    model's instance; a field is changed by its own attribute or by ``update()``."""
    found = [
        f"{_name(path)}:{line}: {what}"
        for line, what in instance_writes(path.read_text(encoding="utf-8"))
    ]
    assert not found, "set on an instance by name:\n" + "\n".join(found)


def test_the_django_checks_see_what_they_refuse():
    source = """
from django.db import connection, connections
from django.db.models.sql import Query
from django.db.models.query_utils import DeferredAttribute
import django.db.models.sql.compiler

converters = connection.ops.get_db_converters(None)
column = field.get_col("t")
compiler = queryset.query.get_compiler("default")
sql, params = queryset.query.sql_with_params()
quoted = connections["default"].ops.quote_name("x")
row = Result.from_db("default", names, values)
pair = tuple.__new__(Pair, values)
setattr(result, "seating", seating)
vars(result).pop("board", None)
result.__dict__.pop("board")


class Result(Model):
    @classmethod
    def from_db(cls, db, field_names, values):
        return super().from_db(db, field_names, values)

    def keep(self, name, value):
        setattr(self, name, value)
        return self.refresh_from_db(fields=[name])
"""
    assert [line for line, _ in django_internals(source)] == [3, 4, 5, 7, 7, 8, 9, 10, 11, 12, 13]
    assert [line for line, _ in instance_writes(source)] == [14, 15, 16]
