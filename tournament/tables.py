"""django-tables2 tables: standings and travellers, sortable by any column."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Rank", order_by=("score",))
    pair = tables.Column(verbose_name="Pair")
    names = tables.Column(verbose_name="Players", orderable=True)
    display = tables.Column(
        verbose_name="Score", order_by=("score",), attrs={"td": {"class": "num"}}
    )
    exact = tables.Column(verbose_name="Exact", order_by=("score",), attrs={"td": {"class": "num"}})
    percent = tables.Column(verbose_name="Percent", attrs={"td": {"class": "num"}})
    boards = tables.Column(verbose_name="Boards", attrs={"td": {"class": "num"}})

    class Meta:
        attrs = {"class": "standings"}
        orderable = True

    def __init__(self, *args, event=None, method="total", **kwargs):
        exclude = ["percent"] if method == "total" else []
        super().__init__(*args, exclude=exclude, **kwargs)
        self.event = event

    def render_pair(self, value, record):
        if self.event is None:
            return value
        url = reverse("event_pair", args=[self.event.pk, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def order_rank(self, queryset, is_descending):
        return sorted(queryset, key=lambda r: r.score, reverse=not is_descending), True

    def order_display(self, queryset, is_descending):
        return sorted(queryset, key=lambda r: r.score, reverse=is_descending), True

    order_exact = order_display
