"""The new-event and deals forms' refusals: each refusal said once, in the director's
words, about the field it concerns; a field the movement chosen has no use for hidden,
and ignored if it is sent all the same."""

import io
import re

import pytest
from django.urls import reverse

from tournament.forms import ContestForm, EventForm
from tournament.models import AuditEntry, Board, Event

from ..factories import enter
from .conftest import make_event
from .test_director_views import NEW_EVENT as DIRECTOR_FILLS_IN

# The new-event form as a director fills it in, for a Mitchell pair contest by total points.
NEW_EVENT = {**DIRECTOR_FILLS_IN, "method": "total", "movement": "mitchell"}


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


def _errors(page: str) -> list[str]:
    """Every error message on a page, each as often as it is shown."""
    lists = re.findall(r'<ul class="errorlist[^>]*>(.*?)</ul>', page, re.S)
    return [m for ul in lists for m in re.findall(r"<li>(.*?)</li>", ul, re.S)]


def test_a_bad_pbn_files_error_is_said_once(alice, event):
    """8a: the import's refusal was printed twice, above the form and in it."""
    bad = io.BytesIO(b'[Board "1"]\n[Dealer "N"]\n[Deal "N:garbage"]\n')
    bad.name = "bad.pbn"
    url = reverse("director_deals", args=[event.pk])
    page = alice.post(url, {"action": "import", "file": bad}).content.decode()
    refusals = [e for e in _errors(page) if "The PBN file was not imported" in e]
    assert len(refusals) == 1, _errors(page)
    assert not Board.objects.filter(event=event).exclude(deal="").exists()


def test_the_mitchells_options_show_only_for_a_mitchell():
    """8b: with a Howell chosen, "Even Mitchell" and "Arrow switch" still showed.  They
    are shown for a Mitchell pair contest only; a sit-out (pairs count) fits a Howell
    too (movements.howell takes ``pairs``), never a team match."""
    when = {field.name: rule for _, fields in EventForm().fieldsets() for field, rule in fields}
    # ... and only while no movement is chosen from the chooser's candidates, which
    # sets them itself.
    chosen = "movement_name="
    assert when["even"] == when["arrow_switch"] == f"form=pairs movement=mitchell {chosen}"
    assert when["pairs_count"] == f"form=pairs {chosen}"
    contest = {f.name: rule for _, fields in ContestForm().fieldsets() for f, rule in fields}
    # No "form" and no "movement_name" on a contest's form: those conditions hold.
    assert contest["arrow_switch"] == f"form=pairs movement=mitchell {chosen}"


def test_the_new_event_page_marks_the_mitchells_options(alice):
    page = alice.get(reverse("director_event_create")).content.decode()
    fields = re.findall(r'<div class="field"([^>]*)>(.*?)</div>', page, re.S)
    for name in ("even", "arrow_switch"):
        (attrs,) = [a for a, inside in fields if f'id="id_{name}"' in inside]
        assert 'data-show-when="form=pairs movement=mitchell movement_name="' in attrs


@pytest.mark.parametrize(
    ("changes", "even", "arrow", "pairs_count"),
    [
        ({"movement": "howell", "even": "relay", "arrow_switch": "on"}, "skip", False, None),
        ({"movement": "howell", "pairs_count": "5"}, "skip", False, 5),  # a Howell's sit-out
        (
            {"form": "teams", "even": "relay", "arrow_switch": "on", "pairs_count": "5"},
            "skip",
            False,
            None,
        ),
        ({"even": "relay", "arrow_switch": "on", "pairs_count": "5"}, "relay", True, 5),
    ],
)
def test_what_the_movement_has_no_use_for_is_ignored(alice, changes, even, arrow, pairs_count):
    """8b without script (or a hidden field still holding what was typed before): the
    Howell's or team match's form is not refused for a Mitchell's option, it is ignored;
    a Mitchell keeps its options."""
    r = alice.post(reverse("director_event_create"), {**NEW_EVENT, **changes})
    assert r.status_code == 302, _errors(r.content.decode())
    event = Event.objects.get(name="Tuesday pairs")
    assert (event.even, event.arrow_switch, event.pairs_count) == (even, arrow, pairs_count)


def test_a_team_of_one_pair_is_refused_as_pairs_a_team(alice):
    """8c: a team match of one pair a team said "At least two tables", though its field
    is the pairs in each team."""
    data = {**NEW_EVENT, "form": "teams", "tables": "1"}
    errors = _errors(alice.post(reverse("director_event_create"), data).content.decode())
    assert errors == [
        "At least two pairs a team: a team plays each deal both ways, a pair North-South "
        "and a pair East-West (Law G)."
    ]
    errors = _errors(
        alice.post(reverse("director_event_create"), {**data, "tables": "31"}).content.decode()
    )
    assert errors == ["Up to 30 pairs a team."]
    errors = _errors(
        alice.post(reverse("director_event_create"), {**NEW_EVENT, "tables": "1"}).content.decode()
    )
    assert errors == ["At least two tables: duplicate needs a comparison."]
    errors = _errors(
        alice.post(reverse("director_event_create"), {**NEW_EVENT, "tables": "-1"}).content.decode()
    )
    assert errors == ["At least two tables: duplicate needs a comparison."]  # not "At least 0."


@pytest.mark.parametrize("boards", ["-2", "0"])
def test_boards_a_round_states_its_minimum_once_and_rightly(alice, boards):
    """8d: -2 said "At least 0." while 0 was refused with "Each round needs at least one
    board": both now say the one minimum, 1."""
    data = {**NEW_EVENT, "boards_per_round": boards}
    errors = _errors(alice.post(reverse("director_event_create"), data).content.decode())
    assert errors == ["At least 1."]
    assert not Event.objects.exists()


def test_the_form_still_makes_the_event_it_made(alice, director):
    """The limits moved from the model's to the form's: a plain event is made as before."""
    r = alice.post(reverse("director_event_create"), NEW_EVENT)
    assert r.status_code == 302
    made = Event.objects.get(name="Tuesday pairs")
    like = make_event(director, name="Like it", boards_per_round=2)
    assert (made.tables, made.boards_per_round) == (like.tables, like.boards_per_round)


@pytest.mark.parametrize("value", ["-2", "0", "1"])
def test_a_leagues_limits_are_its_models_said_once(db, value):
    """The league form's limits are the model's: -2 and 0 both get the model's minimum,
    "At least 2.", not Django's "At least 0." to -2."""
    from tournament.forms import LeagueForm

    data = {"name": "Winter league", "date": "1915-01-05", "code": "1915", "draw": "round-robin"}
    data.update(teams="Hawks\nOwls\nLarks", pairs_per_team=value, boards_per_round=value)
    errors = LeagueForm(data).errors
    assert errors["pairs_per_team"] == ["At least 2."]
    if value != "1":
        assert errors["boards_per_round"] == ["At least 1."]


def test_movement_preview_shows_a_mitchells_options_for_a_mitchell_and_ignores_them_else(
    client,
):
    """The movement planner as the new-event form: the even-table choice and the arrow
    switch show for a Mitchell only, and a box left ticked from a Mitchell does not stop
    a Howell's schedule (it was refused: "The arrow switch belongs to a Mitchell")."""
    page = client.get("/movements/").content.decode()
    assert page.count('data-show-when="kind=mitchell"') == 2
    assert "showwhen.js" in page
    query = {"kind": "howell", "tables": 3, "boards_per_round": 2, "arrow_switch": "on"}
    page = client.get("/movements/", {**query, "even": "relay"}).content.decode()
    assert "belongs to a Mitchell" not in page and "Guide cards" in page
    assert "Howell" in page and "arrow" not in page.split("<h2>", 1)[1].lower()
    # A Mitchell keeps it: the last round's boards are played with the arrows switched.
    mitchell = client.get("/movements/", {**query, "kind": "mitchell", "tables": 4})
    assert "arrow switch" in mitchell.content.decode().split("<h2>", 1)[1].lower()


def test_a_team_match_is_offered_no_average_plus(alice):
    """The values of average-plus and average-minus are a pair contest's (Law H's average,
    or a matchpoint top); a team match adds its pairs' scores (Law G) and gives none, so
    its form shows none of them, and what a hidden field still held is ignored."""
    page = alice.get(reverse("director_event_create")).content.decode()
    fields = re.findall(r'<div class="field"([^>]*)>(.*?)</div>', page, re.S)
    for name in ("adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points"):
        (attrs,) = [a for a, inside in fields if f'id="id_{name}"' in inside]
        assert 'data-show-when="form!=teams method=' in attrs, (name, attrs)
    data = {
        **NEW_EVENT,
        "form": "teams",
        "tables": "2",
        "adjusted_points": "200",
        "adjusted_plus_percent": "70",
    }
    r = alice.post(reverse("director_event_create"), data)
    assert r.status_code == 302, _errors(r.content.decode())
    event = Event.objects.get(name="Tuesday pairs")
    assert event.is_team_match
    default = Event()
    assert (event.adjusted_points, event.adjusted_plus_percent) == (
        default.adjusted_points,
        default.adjusted_plus_percent,
    )


def test_dealing_says_which_boards_were_dealt_and_which_kept_their_deal(alice, event):
    """ "Boards dealt from seed s" was said when boards with results kept their deals, and
    when every board had results and none was dealt (the audit trail said 0)."""
    url = reverse("director_deals", args=[event.pk])
    enter(event, 1, 1, 1)
    page = alice.post(url, {"action": "deal", "seed": "s"}, follow=True).content.decode()
    assert "5 boards dealt from seed s; board 1 already has results and keeps its deal" in page
    assert AuditEntry.objects.filter(event=event, action="dealt").get().detail == (
        "5 boards dealt from seed s; board 1 already has results and keeps its deal"
    )
    for s in event.seating_set.filter(round=1):
        for board in s.board_numbers:
            if board != 1:
                enter(event, board, 1, s.table)
    page = alice.post(url, {"action": "deal", "seed": "other"}, follow=True).content.decode()
    assert "No board was dealt: every board already has results" in page
    assert "dealt from seed other" not in page
    event.refresh_from_db()
    assert event.deal_seed == "s"  # the seed the boards were dealt from
    assert AuditEntry.objects.filter(event=event, action="dealt").count() == 1
