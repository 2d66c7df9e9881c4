"""The table scorer's form: everything by touch, in the code's own strains.

Beside the director's result form (:mod:`.results`), whose helpers it shares:
the same entry, chips and taps instead of typing.
"""

from __future__ import annotations

import copy
import uuid
from dataclasses import replace
from functools import cache
from typing import Any

from django import forms
from django.utils.choices import BaseChoiceIterator, normalize_choices

from scoring import Refusal, ScoringError, parse_contract
from scoring.codes import Code

from ..choices import Direction, RevokePenalty
from ..services import Entry, ServiceError, user_message
from .fields import OneLineText
from .results import entry_from, honours_answer, honours_choices, honours_initial
from .results import initial_from as _initial_from

SEATS = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]
STRAIN_LABELS = {
    "C": "♣",
    "D": "♦",
    "H": "♥",
    "S": "♠",
    "RS": "Royal ♠",
    "NT": "NT",
    "NULLO": "Nullo",
}


DOUBLES = ("", "X", "XX")

# The revoke choice's own "nothing tapped" chip, as "Undoubled" is the double's: a choice
# tapped by mistake is cleared with a tap, not stuck once tapped.
NO_REVOKE_CHOICE = "No choice"


# What DrawnOnce keeps: at most this many drawings a process (a bad input's odd
# values are drawn, and not kept, past it).
DRAWINGS = 2048
_DRAWN: dict[tuple, str] = {}


class DrawnOnce(forms.Widget):
    """A widget whose HTML for the same inputs is drawn once a process, then reused.

    Why: a board page draws some eighty options, and every table's page is the same
    but for the chips already tapped; Django's template engine takes a few
    milliseconds for them, on the page a round's end asks for fifty times at once.
    The drawing depends on nothing but what the key holds (the widget's kind and
    template, the field's name, value, attributes and choices), so a kept one is the
    one Django would draw (``tests/tournament/test_scorer.py`` holds them equal).
    """

    def render(self, name, value, attrs=None, renderer=None):
        key = (
            type(self),
            self.template_name,
            name,
            repr(value),
            repr(sorted({**self.attrs, **(attrs or {})}.items())),
            _drawn_choices(getattr(self, "choices", ())),
            getattr(self, "small", False),
            getattr(self, "columns", None),
        )
        html = _DRAWN.get(key)
        if html is None:
            html = super().render(name, value, attrs, renderer)
            if len(_DRAWN) < DRAWINGS:
                _DRAWN[key] = html
        return html


def _drawn_choices(choices: Any) -> str:
    """A widget's answers as a kept drawing's key tells them apart."""
    return choices.drawn if isinstance(choices, FixedChoices) else repr(tuple(choices))


class Chips(DrawnOnce, forms.RadioSelect):
    """One tap among a few answers: radio buttons drawn as a row of touch targets, each
    a label holding its input and its text (``templates/scorer/widgets/``); ``small``
    for a row of many (the tricks)."""

    template_name = "scorer/widgets/chips.html"
    option_template_name = "scorer/widgets/chip.html"

    def __init__(self, attrs: dict[str, Any] | None = None, *, small: bool = False):
        super().__init__(attrs)
        self.small = small

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["small"] = self.small
        return context


class List(DrawnOnce, forms.Select):
    """A list to choose from (the revokes, the penalty), drawn once (:class:`DrawnOnce`)."""


class Text(DrawnOnce, forms.TextInput):
    """A line of text (the penalty's law), drawn once for the same value (most often
    none: :class:`DrawnOnce`)."""


class HonourChips(DrawnOnce, forms.RadioSelect):
    """The honours question: a group of answers per kind of contract (the page shows the
    group that fits the strain chosen, ``tournament/honours.js``), each answer in its
    side's column ("North-South: three honours" is "three honours" under the
    North-South heading; "nobody scores" spans both)."""

    template_name = "scorer/widgets/honours.html"
    option_template_name = "scorer/widgets/honour.html"

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["group"] = str(value).partition(":")[0]  # "trumps" or "aces"
        option["side"], option["short"] = "", str(label)
        for side in Direction:
            prefix = f"{side.label}: "
            if option["short"].startswith(prefix):
                option["side"], option["short"] = side.value, option["short"][len(prefix) :]
        return option


class BidGrid(DrawnOnce, forms.RadioSelect):
    """The contract in one tap: "Passed out" (where the dealer may pass) on a row of its
    own, then a row a level, one chip a declaration of the code, low to high, like the
    auction's bid box.  ``columns``: the chips a row (the code's strains, twice with
    royal bids), which the grid's class names for its columns."""

    template_name = "scorer/widgets/bid_grid.html"
    option_template_name = "scorer/widgets/bid.html"
    columns = 0

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["columns"] = self.columns
        return context

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        bid = str(value)
        royal = str(label).endswith(" R")  # bid_choices' royal declarations
        if bid == "PASS":
            option["css"], option["suit"] = "chip pass", "PASS"
        else:
            option["css"] = "chip royal" if royal else "chip"
            option["suit"] = bid[1:-1] if royal else bid[1:]
        return option


class ShownBid(forms.BoundField):
    """The contract field as the page shows it: the bid given, else the level and strain
    given apart (a form that sent them so) as the one chip they make."""

    def value(self) -> Any:
        bid = super().value()
        if bid or not isinstance(self.form, TabletEntryForm):
            return bid
        return self.form.bid_from_parts()


class BidField(forms.ChoiceField):
    """A contract in one tap, shown tapped when it came as a level and a strain."""

    def get_bound_field(self, form: forms.BaseForm, field_name: str) -> forms.BoundField:
        return ShownBid(form, self, field_name)


@cache
def strain_choices(code: Code) -> tuple[tuple[str, str], ...]:
    """The code's strains as the tablet offers them (royal spades under the English
    bidding rule)."""
    labels = {**STRAIN_LABELS, "S": "Royal ♠"} if code.english_bidding else STRAIN_LABELS
    return tuple((s, labels[s]) for s in code.strains)


@cache
def bid_choices(code: Code) -> tuple[tuple[str, str], ...]:
    """Every declaration of the code as one answer, level and strain together ("4H"; a
    royal bid "4HR" where the code has them), "Passed out" first where the dealer may
    pass: the contract in one tap, as the auction's bid box offers it."""
    labels = dict(strain_choices(code))
    out = [("PASS", "Passed out")] if code.dealer_may_pass else []
    for level in range(1, 8):
        for strain in code.strains:
            for royal in (False, True) if code.has_royal else (False,):
                value = f"{level}{strain}{'R' if royal else ''}"
                out.append((value, f"{level}{labels[strain]}{' R' if royal else ''}"))
    return tuple(out)


def split_bid(bid: str, code: Code) -> tuple[str, str, bool] | None:
    """A :func:`bid_choices` answer as (level, strain, royal); None if it is not one."""
    if bid == "PASS":
        return "PASS", "", False
    level, rest = bid[:1], bid[1:]
    royal = code.has_royal and rest.endswith("R") and rest[:-1] in code.strains
    strain = rest[:-1] if royal else rest
    if not ("1" <= level <= "7" and strain in code.strains):
        return None
    return level, strain, royal


class TabletEntryForm(forms.Form):
    """One board's result, built from taps: the contract (level and strain in one tap),
    double, declarer, tricks.  The level and strain may also come apart (a form of
    another page, or a client that sends them so): ``bid`` wins when both come."""

    # A blank answer is the server's to word ("Who was declarer?"), not the browser's.
    use_required_attribute = False

    bid = BidField(required=False, widget=BidGrid, label="Contract")
    level = forms.ChoiceField(
        choices=[("PASS", "Passed out"), *[(str(n), str(n)) for n in range(1, 8)]],
        required=False,
        widget=Chips,
    )
    strain = forms.ChoiceField(required=False, widget=Chips)
    royal = forms.BooleanField(required=False, label="Royal")
    doubled = forms.ChoiceField(
        choices=[("", "Undoubled"), ("X", "Doubled"), ("XX", "Redoubled")],
        required=False,
        widget=Chips,
    )
    declarer = forms.ChoiceField(choices=SEATS, required=False, widget=Chips)
    tricks = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(14)],
        coerce=int,
        required=False,
        empty_value=None,
        widget=Chips(small=True),
        label="Tricks won by declarer's side",
    )
    honours = forms.ChoiceField(choices=[], required=False, label="Honours", widget=HonourChips)
    revokes_ns = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(4)],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # the stubs allow only str | None
        label="Revokes by North-South",
        widget=List,
    )
    revokes_ew = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in range(4)],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # the stubs allow only str | None
        label="Revokes by East-West",
        widget=List,
    )
    revoke_penalty = forms.ChoiceField(
        choices=[("", NO_REVOKE_CHOICE), *RevokePenalty.choices],
        required=False,
        widget=Chips,
        label="Declarer's choice for the defenders' revoke",
    )
    penalty_side = forms.ChoiceField(
        choices=[("", "No penalty"), ("NS", "to North-South"), ("EW", "to East-West")],
        required=False,
        label="Penalty points",
        widget=List,
    )
    penalty_points = forms.TypedChoiceField(
        choices=[("", "—"), *[(str(p), str(p)) for p in (25, 50, 100, 150, 200)]],
        coerce=int,
        required=False,
        empty_value=None,
        label="Points",
        widget=List,
    )
    penalty_law = OneLineText(max_length=60, required=False, label="Law", widget=Text)
    key = OneLineText(widget=forms.HiddenInput)

    # Each code's own form (:meth:`for_code`) sets these, with its fields' choices.
    code: Code
    hand_record: bool

    @staticmethod
    def for_code(code: Code, hand_record: bool) -> type[TabletEntryForm]:
        """The form of a code, with a hand record or without: made once a process
        (:func:`_form_for`), so a page's form copies its fields' answers as they are
        rather than working each list out again on every request."""
        return _form_for(code, hand_record)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._honours: dict[str, int] | None = None
        if not self.is_bound and not self.initial.get("key"):
            self.initial["key"] = uuid.uuid4().hex

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        parts = split_bid(data.get("bid") or "", self.code) if data.get("bid") else None
        if parts is not None:
            data["level"], data["strain"], data["royal"] = parts
            self.errors.pop("level", None)
            self.errors.pop("strain", None)
        elif not data.get("level") and "level" not in self.errors:
            self.add_error("bid", "Choose the contract (or Passed out).")
        if data.get("level") and data["level"] != "PASS":
            if not data.get("strain"):
                self.add_error("strain", "Choose the declaration.")
            if not data.get("declarer"):
                self.add_error("declarer", "Who was declarer?")
            if data.get("tricks") is None:
                self.add_error("tricks", "How many tricks did declarer's side win?")
        if "honours" in self.fields and data.get("level") and not self.errors:
            try:
                contract = parse_contract(self.contract(), self.code)
                self._honours = honours_answer(
                    self.code, contract, data.get("honours") or "", hand_record=self.hand_record
                )
            except ScoringError as e:
                self.add_error(None, user_message(e))
            except forms.ValidationError as e:
                self.add_error("honours", e)
        if data.get("penalty_side") and not data.get("penalty_points"):
            self.add_error("penalty_points", "How many penalty points?")
        return data

    def refuse(self, error: ServiceError) -> None:
        """Put a refusal of the laws beside the field it concerns, in the table's words
        where the scoring's would name values rather than the chips the table taps (the
        rule itself is the scoring's alone: :class:`scoring.Refusal`)."""
        field = error.field if error.field in self.fields else None
        self.add_error(field, self._in_table_words(error) or user_message(error))

    def _in_table_words(self, error: ServiceError) -> str:
        """A revoke choice the laws refuse, said with the chip that clears it; "" for any
        other refusal.  It stays a refusal: a choice with no defenders' revoke is often a
        revoke entered against the wrong side."""
        code, data = self.code, self.cleaned_data
        clear = f"tap “{NO_REVOKE_CHOICE}” to clear it"
        points = f"{code.revoke_penalty} points"
        ours = Direction.NS if (data.get("declarer") or "N") in "NS" else Direction.EW
        theirs = Direction.EW if ours == Direction.NS else Direction.NS
        match error.code:
            case Refusal.CHOICE_MISSING:
                return "Declarer chooses: points or three tricks."
            case Refusal.CHOICE_NOBODY_REVOKED:
                return f"Nobody revoked, so declarer has nothing to choose: {clear}."
            case Refusal.CHOICE_BOTH_REVOKED:
                law = code.laws["revoke_both"]
                return f"Both sides revoked, so declarer has nothing to choose ({law}): {clear}."
            case Refusal.CHOICE_DECLARER_REVOKED:
                return (
                    f"Only declarer's side ({ours.label}) revoked, so declarer has nothing "
                    f"to choose: {clear}, or, if {theirs.label} revoked, change the revokes."
                )
            case Refusal.NO_TRICKS_ON_NULLO:
                return (
                    f"On a nullo a defenders' revoke gives declarer {points}, never tricks: "
                    f"tap “{points}”."
                )
            case Refusal.NO_TRICKS_EACH_REVOKE_COSTS:
                law = code.laws["revoke_further"]
                revokes = data.get(f"revokes_{theirs.value.lower()}") or 0
                return (
                    f"The defenders revoked {revokes} times, so each revoke costs {points} "
                    f"and declarer has nothing to choose ({law}): {clear}."
                )
        return ""

    def bid_from_parts(self) -> str:
        """The level and strain given apart (a form that sent them so) as one contract
        chip, "" when they make none: the chip the bid grid shows tapped then."""
        level, strain = self["level"].value(), self["strain"].value()
        if level == "PASS":
            return "PASS"
        if not level or not strain:
            return ""
        royal = self["royal"].value() if "royal" in self.fields else False
        return f"{level}{strain}{'R' if royal and royal != 'False' else ''}"

    def contract(self) -> str:
        d = self.cleaned_data
        if d["level"] == "PASS":
            return "PASS"
        royal = "R" if d.get("royal") else ""
        return f"{d['level']}{d['strain']}{royal}{d.get('doubled') or ''}"

    def entry(self) -> Entry:
        entry = replace(entry_from(self.contract(), self.cleaned_data), honours=self._honours)
        if entry.contract == "PASS":  # taps left from another contract do not apply
            entry = replace(entry, declarer="", tricks=None, revoke_penalty="")
        return entry

    @staticmethod
    def initial_from(result, code: Code) -> dict:
        """Prefill from a stored result (to change it): the contract back into taps."""
        initial: dict = {}
        try:
            c = parse_contract(result.contract, code)
        except ScoringError:
            c = None  # an artificial score: nothing to prefill
        if c is not None and c.is_pass:
            initial["level"] = initial["bid"] = "PASS"
        elif c is not None:
            initial.update(
                level=str(c.level), strain=c.strain, royal=c.royal, doubled=DOUBLES[c.doubled]
            )
            initial["bid"] = f"{c.level}{c.strain}{'R' if c.royal else ''}"
        initial.update(_initial_from(result))
        initial["honours"] = honours_initial(code, result)
        del initial["contract"]
        initial.update(revokes_ns=result.revokes_ns, revokes_ew=result.revokes_ew)
        return initial


@cache
def _form_for(code: Code, hand_record: bool) -> type[TabletEntryForm]:
    """:class:`TabletEntryForm` for one code: its strains and declarations, royal bids
    where it has them, "Passed out" where the dealer may pass, and the honours question
    only where the code scores honours and no hand record answers it."""
    fields = copy.deepcopy(TabletEntryForm.base_fields)
    fields["strain"].choices = strain_choices(code)  # type: ignore[attr-defined]
    fields["bid"].choices = bid_choices(code)  # type: ignore[attr-defined]
    columns = len(code.strains) * (2 if code.has_royal else 1)
    fields["bid"].widget.columns = columns
    if not code.has_royal:
        del fields["royal"]
    if not code.dealer_may_pass:  # 1913 without the English bidding rule (Law 42)
        level = fields["level"]
        level.choices = level.choices[1:]  # type: ignore[attr-defined]
    if hand_record or not code.has_honours:
        del fields["honours"]
    else:  # one tap: the holdings that score differently (docs/laws/scoring.md, "Honours")
        groups = honours_choices(code)[1:]  # no blank: a blank is no answer
        fields["honours"].choices = groups  # type: ignore[attr-defined]
    for field in fields.values():  # answers that are the same on every request
        if isinstance(field, forms.ChoiceField):
            field.choices = FixedChoices(tuple(field.choices))  # type: ignore[arg-type]
    form: type[TabletEntryForm] = type(
        "TabletEntryForm",
        (TabletEntryForm,),
        {"__module__": __name__, "code": code, "hand_record": hand_record},
    )
    form.base_fields = fields
    return form


class FixedChoices(BaseChoiceIterator):
    """A field's answers, the same on every request of a code's form (:func:`_form_for`):
    put in Django's form as they are (put in as a list, they would be checked again
    each time they are read), shared by every copy of the form rather than copied, and
    told apart in a kept drawing by their ``drawn`` text, written once
    (:class:`DrawnOnce`)."""

    def __init__(self, choices: tuple) -> None:
        self.choices = tuple(normalize_choices(choices))
        self.drawn = repr(self.choices)

    def __iter__(self):
        return iter(self.choices)

    def __copy__(self) -> FixedChoices:
        return self

    def __deepcopy__(self, memo: dict) -> FixedChoices:
        return self


class SeatsForm(forms.Form):
    """The four seats' member numbers (or guests' names) keyed at a table's first round:
    one number field and one guest field a seat, every one optional (a seat left blank
    keeps what it keyed before).  The rules are the verb's (services/seats.py); this
    form only reads the text."""

    def __init__(self, *args: Any, seats: tuple[str, ...] = ("N", "E", "S", "W"), **kwargs: Any):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        for seat in seats:
            self.fields[f"{seat}-number"] = OneLineText(
                required=False,
                label="Member number",
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
            )
            self.fields[f"{seat}-guest"] = OneLineText(
                required=False,
                label="or a guest's name",
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )
        self.seats = seats

    @staticmethod
    def new_key() -> str:
        """The confirming submission's idempotency key, new on every page."""
        return uuid.uuid4().hex

    def typed(self) -> list[tuple[str, str, str]]:
        """(seat, number, guest's name) of each seat, as cleaned."""
        return [
            (s, self.cleaned_data.get(f"{s}-number", ""), self.cleaned_data.get(f"{s}-guest", ""))
            for s in self.seats
        ]
