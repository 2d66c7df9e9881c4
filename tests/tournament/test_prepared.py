"""Queries built once a connection (tournament.services.prepared) give exactly
what the querysets they were built from give, for any values, related rows included."""

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament import tablets
from tournament.models import Board, TableLink
from tournament.services.prepared import Prepared
from tournament.views.scorer.board import _BOARD_PAGE

from ..factories import make_event

BOARD = Prepared(lambda event, number: Board.objects.filter(event_id=event, number=number)[:1], 2)


def _same(a, b) -> bool:
    """Equal rows, field for field (a model's == compares the primary key only)."""
    if a is None or b is None:
        return a is b
    fields = [f.attname for f in type(a)._meta.concrete_fields]
    return [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]


@pytest.fixture
def event(director):
    return make_event(director)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(number=st.integers(-3, 40))
def test_a_prepared_board_is_the_querysets_board(event, number):
    plain = Board.objects.filter(event_id=event.pk, number=number).first()
    assert _same(BOARD.first(event.pk, number), plain)


def test_a_tablets_link_comes_with_its_event_in_one_query(event, django_assert_num_queries):
    link = tablets.link_for(event, 2)
    with django_assert_num_queries(1):
        found = tablets.resolve(link.token)
        assert found is not None and found.event.name == event.name  # no second query
    plain = TableLink.objects.select_related("event").get(token=link.token)
    assert _same(found, plain) and _same(found.event, plain.event)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(token=st.text(max_size=70))
def test_any_token_finds_what_the_queryset_finds(event, token):
    tablets.link_for(event, 1)
    got = tablets.resolve(token)
    if not token or len(token) > 64 or "\x00" in token:
        assert got is None
    else:
        plain = TableLink.objects.filter(token=token, revoked_at__isnull=True).first()
        assert _same(got, plain)


def test_a_revoked_link_is_not_found(event):
    link = tablets.link_for(event, 3)
    token = link.token
    TableLink.objects.filter(pk=link.pk).update(revoked_at="2026-01-01T20:00Z")
    assert tablets.resolve(token) is None


def test_the_tablets_form_fields_are_each_forms_own():
    """The tablet's choice fields are copied shallowly (forms.scorer._TextChoices): each
    form still gets fields of its own, and setting one form's choices (the code's
    strains, the honours answers) leaves the class's and another form's alone."""
    import copy

    from scoring.codes import get_code
    from tournament.forms.scorer import TabletEntryForm

    base = copy.deepcopy(TabletEntryForm.base_fields["strain"].choices)
    royalton = TabletEntryForm(code=get_code("royalton"), hand_record=False)
    plain = TabletEntryForm(code=get_code("1915"), hand_record=False)
    assert royalton.fields["strain"] is not plain.fields["strain"]
    assert royalton.fields["strain"].choices != plain.fields["strain"].choices
    assert TabletEntryForm.base_fields["strain"].choices == base
    plain.fields["tricks"].choices = [("1", "1")]
    assert (
        len(TabletEntryForm(code=get_code("1915"), hand_record=False).fields["tricks"].choices)
        == 14
    )
    assert plain.fields["level"].widget.choices is not royalton.fields["level"].widget.choices


def test_a_tap_fields_copy_is_what_djangos_deep_copy_makes():
    """_TextChoices.__deepcopy__ does Field's and ChoiceWidget's work without copying the
    choices deeply: the same attributes, none of them shared where Django's are not."""
    import copy

    from django import forms

    from tournament.forms.scorer import TabletEntryForm

    for name, field in TabletEntryForm.base_fields.items():
        if not isinstance(field, forms.ChoiceField):
            continue
        fast = copy.deepcopy(field)
        plain = forms.ChoiceField.__deepcopy__(field, {})
        assert fast.choices == plain.choices == field.choices, name
        assert fast.widget.choices == plain.widget.choices, name
        assert (
            fast.widget.attrs == plain.widget.attrs and fast.widget.attrs is not field.widget.attrs
        )
        assert fast.choices is not field.choices and fast.widget.choices is not field.widget.choices
        assert fast.widget is not field.widget and fast.validators is not field.validators
        assert fast.error_messages == field.error_messages
        assert fast.error_messages is not field.error_messages
        assert type(fast.widget) is type(field.widget) and fast.required == field.required


@pytest.mark.parametrize("key, english", [("1915", False), ("1913", True), ("royalton", False)])
def test_the_tablets_choices_set_as_djangos_setter_sets_them(key, english):
    from scoring.codes import get_code
    from tournament.forms.results import honours_choices
    from tournament.forms.scorer import STRAIN_LABELS, TabletEntryForm

    code = get_code(key, english_bidding=english)
    form = TabletEntryForm(code=code, hand_record=False)
    plain = TabletEntryForm(code=code, hand_record=False)
    labels = {**STRAIN_LABELS, "S": "Royal ♠"} if code.english_bidding else STRAIN_LABELS
    plain.fields["strain"].choices = [(s, labels[s]) for s in code.strains]
    assert form.fields["strain"].choices == plain.fields["strain"].choices
    assert form.fields["strain"].widget.choices == plain.fields["strain"].widget.choices
    if "honours" in plain.fields:
        flat = [c for _, group in honours_choices(code)[1:] for c in group]
        plain.fields["honours"].choices = flat
        assert form.fields["honours"].choices == plain.fields["honours"].choices
        assert form.fields["honours"].widget.choices == plain.fields["honours"].widget.choices
    assert str(form["strain"]) == str(plain["strain"])


def _plain_current(event, table):
    """tablets.current_seating as the queryset it was built from."""
    from tournament.models import Round, Seating

    closed = Round.objects.filter(event=event, closed_at__isnull=False).values("number")
    return (
        Seating.objects.filter(event=event, table=table, agreed_at__isnull=True)
        .exclude(round__in=closed)
        .select_related("ns", "ew")
        .order_by("round")
        .first()
    )


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    agreed=st.sets(st.tuples(st.integers(1, 3), st.integers(1, 3))),
    closed=st.sets(st.integers(1, 3)),
)
def test_a_tables_current_round_is_the_querysets(event, agreed, closed):
    """Whatever the director closed and the tables agreed, the prepared read of a
    table's current round finds the queryset's row, its pairs with it."""
    from django.utils import timezone

    from tournament.models import Round, Seating

    Seating.objects.filter(event=event).update(agreed_at=None)
    Round.objects.filter(event=event).update(closed_at=None)
    for round_no, table in agreed:
        Seating.objects.filter(event=event, round=round_no, table=table).update(
            agreed_at=timezone.now()
        )
    Round.objects.filter(event=event, number__in=closed).update(closed_at=timezone.now())
    for table in (1, 2, 3, 4):
        got, plain = tablets.current_seating(event, table), _plain_current(event, table)
        assert _same(got, plain)
        if got is not None:
            assert _same(got.ns, plain.ns) and _same(got.ew, plain.ew)


def test_the_live_result_is_the_querysets_live_result(event):
    """Every place of the event, played or not, corrected or not: the prepared read
    finds the live version the queryset finds, its board and enterer with it."""
    from tournament.models import Result, Seating
    from tournament.services import Actor, correct_result, live_result

    from ..factories import enter, entry

    seatings = list(Seating.objects.filter(event=event, ns__isnull=False, ew__isnull=False))
    first = [
        enter(event, number, s.round, s.table, "3NT N 9")
        for s in seatings[:3]
        for number in s.board_numbers
    ]
    correct_result(first[0], entry=entry("4S E 8"), by=Actor.director(event.owner))  # version 2
    for s in seatings:
        for number in (*s.board_numbers, 99):
            got = live_result(event, number, s.round, s.table)
            plain = (
                Result.objects.filter(event=event)
                .at(number, s.round, s.table)
                .live()
                .select_related("board", "entered_by")
                .first()
            )
            assert _same(got, plain)
            if got is not None:
                assert _same(got.board, plain.board)
                assert got.contract == plain.contract
            # The board page's one read: the board, and the live result's id with it.
            page = _BOARD_PAGE.first(event.pk, number, s.round, s.table)
            if number == 99:
                assert page is None
            else:
                assert _same(page, Board.objects.get(event=event, number=number))
                assert page.live_id == (plain.pk if plain is not None else None)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(key=st.one_of(st.text(max_size=70), st.sampled_from(["table-1:k1", "table-1:k2"])))
def test_a_retrys_stored_result_is_the_querysets(event, key):
    """Any key, stored or not: the prepared read finds what the queryset finds."""
    from tournament.models import Result
    from tournament.services import Actor
    from tournament.services.results import stored

    from ..factories import enter

    if not Result.objects.filter(event=event).exists():
        enter(event, 1, 1, 1, "3NT N 9", by=Actor.tablet(1, "table-1:k1"))
    got = stored(event, key)
    if not key or "\x00" in key:
        assert got is None
    else:
        assert _same(got, Result.objects.filter(event=event, idempotency_key=key).first())
    assert _same(stored(event.pk, key), got)


def test_a_result_page_beyond_any_id_is_not_found(event, client):
    """A hand-typed result address with a number no id reaches: the page's 404, not the
    database's refusal to compare it."""
    link = tablets.link_for(event, 1)
    for number in (2**63, 2**64 + 5, 10**30):
        assert client.get(f"/t/{link.token}/results/{number}/").status_code == 404
        assert client.get(f"/t/{link.token}/results/{number}/change/").status_code == 404


def test_a_prepared_insert_stores_the_row_save_stores(event):
    """The tablet's result and audit line inserted by PreparedInsert, and the same
    rows by Django's save(): equal field for field but the id and the moment, and
    each instance saved as far as Django can tell (its id set, no longer adding)."""
    from django.db import IntegrityError, transaction

    from tournament.models import AuditEntry, Result
    from tournament.services import Actor
    from tournament.services.prepared import PreparedInsert

    from ..factories import enter

    model_row = enter(event, 1, 1, 1, "4H S 10", by=Actor.tablet(1, "k-1"))
    copies = []
    for how in ("save", "prepared"):
        row = Result.objects.get(pk=model_row.pk)
        row.pk = row.id = None
        row._state.adding = True
        row.is_live = False  # beside the live one (one live result a place)
        row.idempotency_key = f"k-{how}"
        if how == "save":
            row.save()
        else:
            assert PreparedInsert(Result).save(row) is row
        assert row.pk is not None and not row._state.adding and row._state.db == "default"
        copies.append(Result.objects.get(pk=row.pk))
    skip = {"id", "created_at", "idempotency_key"}
    fields = [f.attname for f in Result._meta.concrete_fields if f.attname not in skip]
    assert [getattr(copies[0], f) for f in fields] == [getattr(copies[1], f) for f in fields]
    assert copies[1].created_at is not None  # auto_now_add stamped it
    lines = []
    for how in ("save", "prepared"):
        line = AuditEntry(
            event=event, actor="table 1", action="entered", detail="x", result=copies[1]
        )
        line.save() if how == "save" else PreparedInsert(AuditEntry).save(line)
        lines.append(AuditEntry.objects.get(pk=line.pk))
    fields = [f.attname for f in AuditEntry._meta.concrete_fields if f.attname not in skip | {"at"}]
    assert [getattr(lines[0], f) for f in fields] == [getattr(lines[1], f) for f in fields]
    # A refused row is Django's IntegrityError, as save() raises it.
    twin = Result.objects.get(pk=copies[1].pk)
    twin.pk = twin.id = None
    twin._state.adding = True
    with pytest.raises(IntegrityError), transaction.atomic():
        PreparedInsert(Result).save(twin)  # the same idempotency key


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL feature")
@pytest.mark.django_db
def test_a_hot_query_is_prepared_on_the_postgresql_server_once_it_has_run_five_times(event):
    """settings.py: values bound on the server and a statement run five times on a
    connection prepared there (parsed and planned once)."""

    def prepared_here() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_prepared_statements")
            return cursor.fetchone()[0]

    before = prepared_here()
    assert _BOARD_PAGE.first(event.pk, 1, 1, 1).number == 1
    assert prepared_here() == before  # once is not yet worth preparing
    for _ in range(6):
        assert _BOARD_PAGE.first(event.pk, 1, 1, 1).number == 1
    assert prepared_here() > before
