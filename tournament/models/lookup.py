"""One row found by a unique key, asked the cheap way.

``QuerySet.first()`` orders by the model's ``Meta.ordering`` (or its key) so that
"first" means something among many rows; for a lookup by a unique key there is at
most one row, and compiling that ORDER BY is a measurable share of a tablet's
request (every ordering expression is compared by its constructor's arguments
while the query is built).  :func:`unique_row` asks for the row with LIMIT 1 and
no ORDER BY.
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)


def unique_row(queryset: QuerySet[M]) -> M | None:
    """The row ``queryset`` finds by a unique key, or None."""
    return next(iter(queryset.order_by()[:1]), None)
