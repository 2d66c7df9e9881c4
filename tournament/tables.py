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
        template_name = "tables/standings.html"  # its page links labelled, as buttons

    def __init__(self, *args, event=None, method="total", **kwargs):
        # Matchpoints rank by percentage (pairs may have played different numbers of
        # boards mid-event), so the percentage comes first and the total is "Matchpoints".
        if method == "total":
            kwargs.update(exclude=["percent"])
        else:
            matchpoints = tables.Column(
                verbose_name="Matchpoints", order_by=("score",), attrs={"td": {"class": "num"}}
            )
            kwargs.update(
                sequence=["rank", "pair", "names", "percent", "display", "boards", "exact"],
                extra_columns=[("display", matchpoints)],  # this table's own, not the class's
            )
        super().__init__(*args, **kwargs)
        self.event = event
        self.method = method

    def render_pair(self, value, record):
        if self.event is None:
            return value
        url = reverse("event_pair", args=[self.event.pk, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def _rank_key(self, r):
        if self.method != "total" and r.percent_value is not None:
            return r.percent_value
        return r.score

    def order_rank(self, queryset, is_descending):
        return sorted(queryset, key=self._rank_key, reverse=not is_descending), True

    def order_percent(self, queryset, is_descending):
        return sorted(queryset, key=self._rank_key, reverse=is_descending), True

    def order_display(self, queryset, is_descending):
        return sorted(queryset, key=lambda r: r.score, reverse=is_descending), True

    order_exact = order_display
