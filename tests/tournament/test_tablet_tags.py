"""The tablet's touch targets written in Python equal the templates they replaced.

``tournament/templatetags/tablet_tags.py`` writes the board page's chips, lists and
honours answers without the template engine (docs/decisions/tablet-tags.md);
here each tag's HTML is held equal to the template it replaced, for every
code's form, blank, bound and with text a page must escape.
"""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template

from scoring.codes import get_code
from tournament.forms.scorer import TabletEntryForm
from tournament.templatetags.tablet_tags import chips, honour_groups, picker

# The templates as they were (templates/parts/chips.html and select.html, and the
# honours loop of templates/scorer/board.html) before the tags replaced them.
CHIPS = (
    '<div class="chips">{% for c in options %}<label class="chip{% if small %} small{% endif %}">'
    '<input type="radio" name="{{ name }}" value="{{ c.value }}" id="{{ c.id }}"'
    '{% if c.checked %} checked{% endif %}><span class="suit-{{ c.value }}">{{ c.label }}</span>'
    "</label>{% endfor %}</div>"
)
SELECT = (
    '<label>{{ label }} <select name="{{ name }}" id="id_{{ name }}">{% for c in options %}'
    '<option value="{{ c.value }}"{% if c.checked %} selected{% endif %}>{{ c.label }}</option>'
    "{% endfor %}</select></label>"
)
HONOURS = """{% for group, title in groups %}
    <div class="honour-group" data-for="{{ group }}"><p class="label">{{ title }}</p>
      <div class="honour-grid"><span class="side-head" aria-hidden="true">North-South</span><span class="side-head" aria-hidden="true">East-West</span>
      {% for c in options %}{% if c.group == group %}<label class="chip wide side-{{ c.side|default:'both' }}"><input type="radio" name="honours" value="{{ c.value }}" id="{{ c.id }}" aria-label="{{ c.label }}"{% if c.checked %} checked{% endif %}><span>{{ c.short }}</span></label>{% endif %}{% endfor %}</div></div>
    {% endfor %}"""  # noqa: E501


def render(source: str, **context) -> str:
    return Template(source).render(Context(context))


def same(a: str, b: str) -> bool:
    """Equal but for the white space between tags (the loop's own indentation)."""
    squeeze = re.compile(r">\s+<")
    return squeeze.sub("><", a).strip() == squeeze.sub("><", b).strip()


FORMS = [
    ("1915", {}, None),
    ("1913", {"english_bidding": True}, None),
    ("royalton", {}, None),
    (
        "1915",
        {},
        {
            "level": "4",
            "strain": "H",
            "declarer": "S",
            "tricks": "10",
            "revokes_ns": "1",
            "honours": "trumps:EW-3",
            "penalty_side": "NS",
            "penalty_points": "50",
        },
    ),
    ("1915", {}, {"level": "3", "strain": "NT", "honours": "aces:NS-4"}),
]


@pytest.mark.parametrize(("key", "options", "data"), FORMS)
def test_every_field_equals_its_template(key, options, data):
    form = TabletEntryForm(data, code=get_code(key, **options), hand_record=False)
    choices = form.choices
    assert choices, "the form has choice fields"
    for name, opts in choices.items():
        for small in (False, True):
            old = render(CHIPS, name=name, options=opts, small=small)
            assert chips(name, opts, small) == old
        old = render(SELECT, name=name, label=form[name].label, options=opts)
        assert picker(name, form[name].label, opts) == old
    if "honours" in choices:
        old = render(HONOURS, groups=form.HONOUR_GROUPS, options=choices["honours"])
        new = honour_groups(form.HONOUR_GROUPS, choices["honours"])
        assert same(new, old)
        assert new.count("<label") == len(choices["honours"])
    if data:  # the chosen answers come back checked
        level = data["level"]
        assert f'value="{level}" id="id_level_{level}" checked' in chips("level", choices["level"])


def test_text_is_escaped_as_the_template_escapes_it():
    hostile = [
        {
            "value": '"><script>',
            "label": "<b>&'",
            "id": "id_x_0",
            "checked": True,
            "group": "trumps",
            "side": "NS",
            "short": "<i>",
        },
        {
            "value": "a&b",
            "label": 'x"y',
            "id": "id_x_1",
            "checked": False,
            "group": "aces",
            "side": "",
            "short": "'",
        },
    ]
    assert chips("x<", hostile) == render(CHIPS, name="x<", options=hostile, small=False)
    assert picker("x", "<L>", hostile) == render(SELECT, name="x", label="<L>", options=hostile)
    groups = (("trumps", "<T>"), ("aces", "A&"))
    assert same(honour_groups(groups, hostile), render(HONOURS, groups=groups, options=hostile))
    assert "<script>" not in chips("x", hostile)
