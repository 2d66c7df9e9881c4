"""django-tables2 tables: standings and travellers, sortable by any column."""

from __future__ import annotations

import html
from urllib.parse import quote

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe

from .choices import Method

URL_SAFE = RFC3986_SUBDELIMS + "/~:@"  # what reverse() leaves unquoted in a URL's argument


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
# exact column, which only restates the score as a fraction, is left out (``wide``).
WIDE = {"th": {"class": "wide"}, "td": {"class": "num wide"}}
NUM = {"td": {"class": "num"}}


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name="Rank", order_by=("score",))
    pair = tables.Column(verbose_name="Pair")
    names = tables.Column(verbose_name="Players", orderable=True, attrs={"td": {"class": "names"}})
    display = tables.Column(verbose_name="Score", order_by=("score",), attrs=NUM)
    exact = tables.Column(verbose_name="Exact", order_by=("score",), attrs=WIDE)
    percent = tables.Column(verbose_name=_heading("Percent", "%"), attrs=NUM)
    boards = tables.Column(verbose_name=_heading("Boards", "Bds"), attrs=NUM)
    # Factored total points: the sum as played, and the boards compared (b) it is scaled
    # from; shown only when the event is factored.
    as_played = tables.Column(
        verbose_name=_heading("As played", "Played"), order_by=("as_played_value",), attrs=NUM
    )
    compared = tables.Column(verbose_name=_heading("Boards (b)", "b"), attrs=NUM)

    class Meta:
        attrs = {"class": "standings phone-fit"}
        orderable = True
        template_name = "tables/standings.html"  # its page links labelled, as buttons

    def __init__(self, *args, event=None, method="total", exact=True, **kwargs):
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
                verbose_name=_heading("Matchpoints", "MP"), order_by=("score",), attrs=NUM
            )
            kwargs.update(
                sequence=["rank", "pair", "names", "percent", "display", "boards", "exact", "..."],
                extra_columns=[("display", matchpoints)],  # this table's own, not the class's
            )
        super().__init__(*args, **kwargs)
        self.event = event
        self.method = method

    def render_names(self, value, record):
        """The players, and a late or withdrawn pair's mark naming the rounds it missed."""
        if not record.mark:
            return value
        return format_html('{}<span class="field-mark">{}</span>', value, record.mark)

    def render_pair(self, value, record):
        if self.event is None:
            return value
        url = reverse("event_pair", args=[self.event.pk, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def body_html(self) -> SafeString:
        """The rows of the page shown, as django-tables2's own template renders them
        (``templates/tables/standings.html`` puts them in its body).

        Why (docs/decisions/standings-rows.md): its template asks each cell's value
        through a call that inspects the render method's signature, for every cell after
        every change; the standings' cells are
        plain text and one link, so they are written here from each column's
        attributes, worked out once a table, not once a cell.  A test holds this
        equal to django-tables2's rendering, sorted either way.
        """
        columns = []
        for column in self.columns:
            accessor = str(column.accessor)
            assert "." not in accessor and "__" not in accessor  # plain attributes only
            td = column.attrs["td"].as_html()
            empty = column.column.empty_values
            columns.append((accessor, f"<td {td}>", column.default, empty))
        base = None
        if self.event is not None:  # one reverse for every pair's link
            first = reverse("event_pair", args=[self.event.pk, "0"])
            base = first[: first.rindex("0/")]
        out = []
        for row in self.paginated_rows:
            record = row.record
            cells = []
            for accessor, td, default, empty in columns:
                value = getattr(record, accessor)
                if accessor == "names" and record.mark:  # a late or withdrawn pair's mark
                    text = html.escape(str(default if value in empty else value))
                    text += f'<span class="field-mark">{html.escape(record.mark)}</span>'
                elif value in empty:
                    text = html.escape(str(default))
                elif accessor == "pair" and base is not None:
                    text = html.escape(str(value))
                    href = html.escape(f"{base}{quote(str(value), safe=URL_SAFE)}/")
                    text = f'<a href="{href}">{text}</a>'
                else:
                    text = html.escape(str(value))
                cells.append(f"{td}{text}</td>")
            out.append(f"<tr {row.attrs.as_html()}>{''.join(cells)}</tr>")
        if not out and self.empty_text:
            empty_row = html.escape(str(self.empty_text))
            out.append(f'<tr><td colspan="{len(columns)}">{empty_row}</td></tr>')
        return mark_safe("".join(out))  # every value escaped above

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
