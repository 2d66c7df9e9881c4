"""A hot query built once a database connection, then run with new values.

See docs/decisions/hot-queries.md.

Django builds a query's SQL afresh each time it runs it.  For the reads of a
tablet's submission that building costs more than the database's answer, and a
round's end brings 50 of them at once.
A :class:`Prepared` query is built by Django once per connection, with marker
values standing for the real ones; each run puts the real values in the
markers' places and sends the same SQL.  The rows go through the same
converters (a JSON field, a date on SQLite) into the same model instances, so
a caller cannot tell it from the queryset it was built from.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)
# Markers: values in every integer field's range (Django compiles a lookup outside it
# to no query at all) and unlike the query's own constants; only their places count.
MARKERS = (32_001, 32_002, 32_003, 32_004)
# A text argument's marker (a token): no real text holds a NUL.
TEXT_MARKERS = ("\x00prepared-1\x00", "\x00prepared-2\x00")


class Prepared(Generic[M]):
    """``build(*markers)``: the queryset, for one model (``select_related`` followed as
    Django's own iterator does); run it with :meth:`first` and the real values in the
    same order.  ``text``: the positions of the arguments that are text (a marker of
    text stands for them).  The queryset's own constants must differ from the markers
    (they are left as they are)."""

    def __init__(
        self, build: Callable[..., QuerySet[M]], arity: int, *, text: tuple[int, ...] = ()
    ):
        self.build = build
        numbers, texts = iter(MARKERS), iter(TEXT_MARKERS)
        self.markers = tuple(next(texts) if i in text else next(numbers) for i in range(arity))
        # One compiled form a connection (a thread's own; the SQL differs by database).
        self._compiled: weakref.WeakKeyDictionary[Any, tuple] = weakref.WeakKeyDictionary()

    def _compile(self, connection: Any) -> tuple:
        compiled = self._compiled.get(connection)
        if compiled is None:
            queryset = self.build(*self.markers)
            compiler = queryset.query.get_compiler(connection=connection)
            sql, params = compiler.as_sql()
            klass_info = compiler.klass_info
            assert klass_info is not None
            fields = klass_info["select_fields"]
            attnames = [compiler.select[i][0].target.attname for i in fields]
            annotations = dict(compiler.annotation_col_map or {})
            # select_related: the related rows' populators, as ModelIterable makes them
            # (they keep no state from one row to the next).
            related = get_related_populators(klass_info, compiler.select, connection.alias)
            # The columns' converters (a JSON field, a date on SQLite), as results_iter
            # works them out for every call: once here.
            columns = [col[0] for col in compiler.select[0 : compiler.col_count]]
            converters = compiler.get_converters(columns)
            model = queryset.model
            compiled = (
                sql, tuple(params), compiler, model, fields, attnames, annotations, related,
                converters,
            )  # fmt: skip
            self._compiled[connection] = compiled
        return compiled

    def first(self, *values: Any, using: str = DEFAULT_DB_ALIAS) -> M | None:
        """The first row as the queryset built with ``values`` would give it, or ``None``."""
        connection = connections[using]
        compiled = self._compile(connection)
        sql, params, compiler, model, fields, attnames, annotations, related, converters = compiled
        if compiler.query.select_for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update needs a transaction")
        real = dict(zip(self.markers, values, strict=True))
        bound = [_put(p, real) for p in params]
        with connection.cursor() as cursor:
            cursor.execute(sql, bound)
            row = cursor.fetchone()
        if row is None:
            return None
        if converters:
            row = next(compiler.apply_converters([row], converters))
        obj = model.from_db(using, attnames, row[fields[0] : fields[-1] + 1])
        for name, index in annotations.items():
            setattr(obj, name, row[index])
        for populator in related:
            populator.populate(row, obj)
        return obj


def _put(param: Any, real: dict[Any, Any]) -> Any:
    """A marker's real value, in the marker's type (psycopg's ``Int2`` for a small
    integer column: PostgreSQL compares it as the column's type); any other as it is."""
    if isinstance(param, str):
        return real.get(param, param)
    if isinstance(param, int) and not isinstance(param, bool) and int(param) in real:
        value = real[int(param)]
        return type(param)(value) if type(param) is not int else value
    return param


class PreparedInsert(Generic[M]):
    """An insert of one ``model`` row, its SQL built once a connection.

    What :meth:`Model.save` does for a new row with an automatic primary key, less
    building the same ``INSERT`` afresh each time: each field's value is prepared as
    Django prepares it (``pre_save`` with ``add``, so ``auto_now_add`` stamps it, then
    ``get_db_prep_save``), the row is inserted, and the id the database returns is set
    on the instance, which is then saved as far as Django can tell.  For models with
    no ``save`` of their own, no signal receivers and no database defaults (the
    tablet's result and its audit line); ``tests/tournament/test_prepared.py`` holds the
    rows equal to ``save()``'s.
    """

    def __init__(self, model: type[M]):
        self.model = model
        self._compiled: weakref.WeakKeyDictionary[Any, tuple] = weakref.WeakKeyDictionary()

    def _compile(self, connection: Any) -> tuple:
        compiled = self._compiled.get(connection)
        if compiled is None:
            from django.db.models.sql import InsertQuery

            meta = self.model._meta
            fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field]
            returning = list(meta.db_returning_fields)
            query = InsertQuery(self.model)
            query.insert_values(fields, [self.model()])
            compiler = query.get_compiler(connection=connection)
            compiler.returning_fields = returning
            (sql, params), *more = compiler.as_sql()
            assert not more and len(params) == len(fields), "one row, one parameter a field"
            compiled = (sql, fields, returning, compiler.connection.features)
            self._compiled[connection] = compiled
        return compiled

    def save(self, obj: M, *, using: str = DEFAULT_DB_ALIAS) -> M:
        """Insert ``obj`` (new, its id unset) and set its id: ``obj.save()``, faster."""
        assert obj._state.adding and obj.pk is None, "a new row only"
        connection = connections[using]
        sql, fields, returning, features = self._compile(connection)
        obj._prepare_related_fields_for_save(operation_name="save")  # type: ignore[attr-defined]
        params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            if features.can_return_columns_from_insert:
                row = cursor.fetchone()
            else:  # pragma: no cover - every database the project runs on returns them
                row = (connection.ops.last_insert_id(cursor, self.model._meta.db_table, "id"),)
        for value, field in zip(row, returning, strict=True):
            setattr(obj, field.attname, value)
        obj._state.adding = False
        obj._state.db = using
        return obj
