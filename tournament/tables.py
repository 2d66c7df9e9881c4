"""django-tables2 tables: standings and travellers, sortable by any column."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString

from .choices import Method


def _heading(long: str, short: str) -> SafeString:
    """A column heading in full on a laptop and abbreviated on a phone (site.css shows
    ``.long`` or ``.short`` by the screen's width, as the traveller's do): the short
    form names itself in full to a screen reader and under the pointer."""
    return format_html(
        '<span class="long">{}</span><abbr class="short" title="{}">{}</abbr>', long, long, short
    )


# On a phone (site.css, max-width 40rem) the standings keep what a player looks for on
# the screen, rank, pair, score, percent and boards, without scrolling sideways (the
# score must not sit off a 390 px screen).  The players' names wrap; the
# exact column, which only restates the score as a fraction, is left out (``wide``:
# its heading here, its cells in templates/tables/standings.html, which writes the rows).
WIDE = {"th": {"class": "wide"}}


class StandingsTable(tables.Table):
    """A field's standings (:class:`tournament.queries.standings.StandingRow`), sortable by
    any column, 50 pairs a page: the columns and their headings here, each row's cells
    in ``templates/tables/standings.html`` (the pair linked to its score card, a late or
    withdrawn pair's mark beside the names)."""

    rank = tables.Column(verbose_name="Rank", order_by=("score",))
    pair = tables.Column(verbose_name="Pair")
    names = tables.Column(verbose_name="Players", orderable=True)
    display = tables.Column(verbose_name="Score", order_by=("score",))
    exact = tables.Column(verbose_name="Exact", order_by=("score",), attrs=WIDE)
    percent = tables.Column(verbose_name=_heading("Percent", "%"))
    boards = tables.Column(verbose_name=_heading("Boards", "Bds"))
    # Factored total points: the sum as played, and the boards compared (b) it is scaled
    # from; shown only when the event is factored.
    as_played = tables.Column(
        verbose_name=_heading("As played", "Played"), order_by=("as_played_value",)
    )
    compared = tables.Column(verbose_name=_heading("Boards (b)", "b"))

    class Meta:
        attrs = {"class": "standings phone-fit"}
        orderable = True
        template_name = "tables/standings.html"  # its page links labelled, as buttons

    def __init__(self, *args, event=None, method="total", exact=True, individual=False, **kwargs):
        # Factored standings (rows with ``factor_to``) show the sum as played and b in
        # place of the boards played.
        # Matchpoints rank by percentage (pairs may have played different numbers of
        # boards mid-event), so the percentage comes first and the total is "Matchpoints".
        # ``exact``: whether the exact column says anything the score does not ("34"
        # beside "34.00", "83/2" beside "41.50" only puzzle players).
        hidden = [] if exact else ["exact"]
        factored = any(r.factor_to is not None for r in (args[0] if args else ()))
        hidden += ["boards"] if factored else ["as_played", "compared"]
        if method == Method.TOTAL:
            kwargs.update(exclude=["percent", *hidden])
        else:
            if hidden:
                kwargs.update(exclude=hidden)
            matchpoints = tables.Column(
                verbose_name=_heading("Matchpoints", "MP"), order_by=("score",)
            )
            kwargs.update(
                sequence=["rank", "pair", "names", "percent", "display", "boards", "exact", "..."],
                extra_columns=[("display", matchpoints)],  # this table's own, not the class's
            )
        super().__init__(*args, **kwargs)
        self.event = event
        self.method = method
        # An individual's rows are players (docs/laws/duplicate.md, "Individuals"): each
        # links to the player's own score card.
        self.card_view = "event_player" if individual else "event_pair"
        self.entry = "player" if individual else "pair"
        if individual:
            self.columns["pair"].column.verbose_name = "Player"
            self.columns["names"].column.verbose_name = "Name"

    def _rank_key(self, r):
        if self.method != Method.TOTAL and r.percent_value is not None:
            return r.percent_value
        return r.score

    def order_rank(self, queryset, is_descending):
        return sorted(queryset, key=self._rank_key, reverse=not is_descending), True

    def order_percent(self, queryset, is_descending):
        return sorted(queryset, key=self._rank_key, reverse=is_descending), True

    def order_display(self, queryset, is_descending):
        return sorted(queryset, key=lambda r: r.score, reverse=is_descending), True

    order_exact = order_display


class TravellerTable(tables.Table):
    """A board's traveller lines (:class:`tournament.queries.travellers.TravellerLine`), a
    page at a time: django-tables2 pages them and names the pages as the standings'
    (``?page=2``, a page that does not exist shows the nearest one); the rows are
    written by ``templates/parts/traveller_table.html``, since a line's cells (an
    adjusted score's note, a ruling, the itemised score) are more than columns."""

    class Meta:
        orderable = False
