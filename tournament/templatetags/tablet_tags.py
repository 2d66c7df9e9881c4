"""``{% load tablet_tags %}``: the tablet's touch targets written in Python.

See docs/decisions/tablet-tags.md.

Why: the board page draws some sixty options (levels, strains, tricks, the
honours answers, the revoke and penalty lists), and Django's template engine
resolved five or six variables for each, a third of the page's time, on the
page a round's end asks for fifty times at once.  These tags write the same
HTML, byte for byte, from the options :attr:`TabletEntryForm.choices` gives
(``tests/tournament/test_tablet_tags.py`` holds each equal to the template it
replaced).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape  # Django's escape is this, less its lazy-text wrapper

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.simple_tag
def chips(name: str, options: Sequence[dict], small: bool = False) -> SafeString:
    """One row of touch targets for a choice field (radio buttons drawn as chips)."""
    name = escape(name)
    css = "chip small" if small else "chip"
    out = ['<div class="chips">']
    for c in options:
        value = escape(c["value"])
        checked = " checked" if c["checked"] else ""
        out.append(
            f'<label class="{css}"><input type="radio" name="{name}" value="{value}" '
            f'id="{escape(c["id"])}"{checked}><span class="suit-{value}">'
            f"{escape(c['label'])}</span></label>"
        )
    out.append("</div>")
    return mark_safe("".join(out))  # every value above is escaped


@register.simple_tag
def picker(name: str, label: str, options: Sequence[dict]) -> SafeString:
    """A labelled select for a choice field (the revoke and penalty lists)."""
    name = escape(name)
    out = [f'<label>{escape(label)} <select name="{name}" id="id_{name}">']
    for c in options:
        selected = " selected" if c["checked"] else ""
        out.append(f'<option value="{escape(c["value"])}"{selected}>{escape(c["label"])}</option>')
    out.append("</select></label>")
    return mark_safe("".join(out))  # every value above is escaped


@register.simple_tag
def honour_groups(groups: Iterable[tuple[str, str]], options: Sequence[dict]) -> SafeString:
    """The honours question, one group of answers per kind of contract (the page shows
    the group that fits the strain chosen), each answer in its side's column."""
    out = []
    for group, title in groups:
        group_html = escape(group)
        out.append(
            f'<div class="honour-group" data-for="{group_html}"><p class="label">'
            f'{escape(title)}</p>\n      <div class="honour-grid"><span class="side-head" '
            'aria-hidden="true">North-South</span><span class="side-head" '
            'aria-hidden="true">East-West</span>\n      '
        )
        for c in options:
            if c["group"] != group:
                continue
            checked = " checked" if c["checked"] else ""
            out.append(
                f'<label class="chip wide side-{escape(c["side"] or "both")}"><input '
                f'type="radio" name="honours" value="{escape(c["value"])}" '
                f'id="{escape(c["id"])}" aria-label="{escape(c["label"])}"{checked}>'
                f"<span>{escape(c['short'])}</span></label>"
            )
        out.append("</div></div>\n    ")
    return mark_safe("".join(out))  # every value above is escaped


@register.simple_tag
def bid_grid(options: Sequence[dict], strains: int) -> SafeString:
    """The contract in one tap: "Passed out" (where the dealer may pass) on a row of its
    own, then a row a level, one chip a declaration of the code, low to high, like the
    auction's bid box.  ``strains``: the chips a row (the code's strains, twice with
    royal bids), which the grid's class names for its columns."""
    out = [f'<div class="bid-grid cols-{int(strains)}">']
    for c in options:
        value = escape(c["value"])
        checked = " checked" if c["checked"] else ""
        if c["value"] == "PASS":
            css, suit = "chip pass", "PASS"
        else:
            royal = str(c["label"]).endswith(" R")  # bid_choices' royal declarations
            suit = escape(c["value"][1:-1] if royal else c["value"][1:])
            css = "chip royal" if royal else "chip"
        out.append(
            f'<label class="{css}"><input type="radio" name="bid" value="{value}" '
            f'id="{escape(c["id"])}"{checked}><span class="suit-{suit}">'
            f"{escape(c['label'])}</span></label>"
        )
    out.append("</div>")
    return mark_safe("".join(out))  # every value above is escaped
