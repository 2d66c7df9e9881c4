"""The table scorer's form: everything by touch, in the code's own strains.

Beside the director's result form (:mod:`.results`), whose helpers it shares:
the same entry, chips and taps instead of typing.
"""

from __future__ import annotations

import copy
import uuid
from dataclasses import replace
from functools import cache

from django import forms
from django.forms.widgets import ChoiceWidget

from scoring import ScoringError, parse_contract
from scoring.codes import Code

from ..choices import RevokePenalty
from ..services import Entry, user_message
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
SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}


class _TextChoices:
    """A choice field whose choices are pairs of text, copied shallowly for each form.

    Why: Django deep-copies every field of a form for every form it makes,
    and a field's choices with it, tuple by tuple: 200 copies for the tablet's form, a
    tenth of a submission's time.  Text cannot change, and the choices are only ever
    replaced whole (never changed in place), so a new list of the same pairs is as
    good as a deep copy.
    """

    _choices: list
    widget: ChoiceWidget
    error_messages: dict
    validators: list

    def __deepcopy__(self, memo: dict) -> _TextChoices:
        # What Field.__deepcopy__ and ChoiceWidget.__deepcopy__ do, less copying the
        # choices deeply and normalising them again (they are normalised already).
        result = copy.copy(self)
        memo[id(self)] = result
        widget = copy.copy(self.widget)
        widget.attrs = self.widget.attrs.copy()
        widget._choices = list(self.widget._choices)  # type: ignore[attr-defined]
        memo[id(self.widget)] = widget
        result.widget = widget
        result.error_messages = self.error_messages.copy()
        result.validators = self.validators[:]
        result._choices = list(self._choices)
        return result

    def set_text_choices(self, choices: tuple[tuple[str, str], ...]) -> None:
        """Choices already in Django's normal form (pairs of text, no groups) set on the
        field and its widget as the ``choices`` setters would, without normalising them
        twice more for every form."""
        self._choices = list(choices)
        self.widget._choices = list(choices)  # type: ignore[attr-defined]


class TapChoiceField(_TextChoices, forms.ChoiceField):
    """One tap among a few answers (:class:`_TextChoices`)."""


class TapTypedChoiceField(_TextChoices, forms.TypedChoiceField):
    """One tap among a few answers, coerced (:class:`_TextChoices`)."""


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


@cache
def honour_answers(code: Code) -> tuple[tuple[str, str], ...]:
    """The honours answers of :func:`honours_choices`, in one list (the page shows the
    group that fits the strain chosen)."""
    return tuple(choice for _, group in honours_choices(code)[1:] for choice in group)


class TabletEntryForm(forms.Form):
    """One board's result, built from taps: the contract (level and strain in one tap),
    double, declarer, tricks.  The level and strain may also come apart (a form of
    another page, or a client that sends them so): ``bid`` wins when both come."""

    bid = TapChoiceField(required=False, widget=forms.RadioSelect, label="Contract")
    level = TapChoiceField(
        choices=[("PASS", "Passed out"), *[(str(n), str(n)) for n in range(1, 8)]],
        required=False,
        widget=forms.RadioSelect,
    )
    strain = TapChoiceField(required=False, widget=forms.RadioSelect)
    royal = forms.BooleanField(required=False, label="Royal")
    doubled = TapChoiceField(
        choices=[("", "Undoubled"), ("X", "Doubled"), ("XX", "Redoubled")],
        required=False,
        widget=forms.RadioSelect,
    )
    declarer = TapChoiceField(choices=SEATS, required=False, widget=forms.RadioSelect)
    tricks = TapTypedChoiceField(
        choices=[(str(n), str(n)) for n in range(14)],
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
        label="Tricks won by declarer's side",
    )
    honours = TapChoiceField(choices=[], required=False, label="Honours")
    revokes_ns = TapTypedChoiceField(
        choices=[(str(n), str(n)) for n in range(4)],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # the stubs allow only str | None
        label="Revokes by North-South",
    )
    revokes_ew = TapTypedChoiceField(
        choices=[(str(n), str(n)) for n in range(4)],
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # the stubs allow only str | None
        label="Revokes by East-West",
    )
    revoke_penalty = TapChoiceField(
        choices=[("", NO_REVOKE_CHOICE), *RevokePenalty.choices],
        required=False,
        widget=forms.RadioSelect,
        label="Declarer's choice for the defenders' revoke",
    )
    penalty_side = TapChoiceField(
        choices=[("", "No penalty"), ("NS", "to North-South"), ("EW", "to East-West")],
        required=False,
        label="Penalty points",
    )
    penalty_points = TapTypedChoiceField(
        choices=[("", "—"), *[(str(p), str(p)) for p in (25, 50, 100, 150, 200)]],
        coerce=int,
        required=False,
        empty_value=None,
        label="Points",
    )
    penalty_law = forms.CharField(max_length=60, required=False, label="Law")
    key = forms.CharField(widget=forms.HiddenInput)

    def __init__(self, *args, code: Code, hand_record: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.code = code
        self.hand_record = hand_record
        self.fields["strain"].set_text_choices(strain_choices(code))  # type: ignore[attr-defined]
        self.fields["bid"].set_text_choices(bid_choices(code))  # type: ignore[attr-defined]
        if not code.has_royal:
            del self.fields["royal"]
        if not code.dealer_may_pass:  # 1913 without the English bidding rule (Law 42)
            level = self.fields["level"]
            level.choices = level.choices[1:]  # type: ignore[attr-defined]
        if hand_record or not code.has_honours:
            del self.fields["honours"]
        else:  # one tap: the holdings that score differently (RULES.md section 2)
            self.fields["honours"].set_text_choices(honour_answers(code))  # type: ignore[attr-defined]
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
        if data.get("revoke_penalty") and data.get("level") not in (None, "", "PASS"):
            why = self._no_revoke_choice(data.get("declarer") or "", data)
            if why:
                self.add_error("revoke_penalty", why)
        if data.get("penalty_side") and not data.get("penalty_points"):
            self.add_error("penalty_points", "How many penalty points?")
        return data

    def _no_revoke_choice(self, declarer: str, data: dict) -> str:
        """Why declarer has no revoke penalty to choose here, and how to clear the tap; ""
        when the defenders alone revoked (or declarer is not given yet: asked first).

        The scoring refuses such a choice too ("leave the choice out"), which on the
        tablet read as a dead end; this says it in the table's words and names the
        chip that clears it.  It stays a refusal: a choice with no defenders' revoke
        is often a revoke entered against the wrong side.
        """
        if not declarer:
            return ""
        ours = "NS" if declarer in "NS" else "EW"
        theirs = "EW" if ours == "NS" else "NS"
        by_declarer = data.get(f"revokes_{ours.lower()}") or 0
        by_defenders = data.get(f"revokes_{theirs.lower()}") or 0
        if by_defenders and not by_declarer:
            return self._no_tricks(data, by_defenders)
        clear = f"tap “{NO_REVOKE_CHOICE}” to clear it"
        if by_defenders:
            law = self.code.laws["revoke_both"]
            return f"Both sides revoked, so declarer has nothing to choose ({law}): {clear}."
        if by_declarer:
            return (
                f"Only declarer's side ({SIDE_NAMES[ours]}) revoked, so declarer has "
                f"nothing to choose: {clear}, or, if {SIDE_NAMES[theirs]} revoked, change "
                "the revokes."
            )
        return f"Nobody revoked, so declarer has nothing to choose: {clear}."

    def _no_tricks(self, data: dict, by_defenders: int) -> str:
        """Why "three tricks" cannot be declarer's choice here, in the table's words
        (the scoring's own refusal names the values "points" and "tricks"); "" when it can.

        A nullo's revoke costs the points only, and under a code where each revoke
        costs its points (Royalton 77(c)) two or more leave declarer no choice."""
        if data.get("revoke_penalty") != "tricks":
            return ""
        points = f"{self.code.revoke_penalty} points"
        if data.get("strain") == "NULLO":
            return (
                f"On a nullo a defenders' revoke gives declarer {points}, never tricks: "
                f"tap “{points}”."
            )
        if self.code.each_revoke_costs and by_defenders > 1:
            law = self.code.laws["revoke_further"]
            return (
                f"The defenders revoked {by_defenders} times, so each revoke costs "
                f"{points} and declarer has nothing to choose ({law}): "
                f"tap “{NO_REVOKE_CHOICE}” to clear it."
            )
        return ""

    def _bid_shown(self) -> str:
        """The contract chip to show tapped: the bid given, else the level and strain
        given apart (a form that sent them so), as one."""
        bid = self["bid"].value()
        if bid:
            return str(bid)
        level, strain = self["level"].value(), self["strain"].value()
        if level == "PASS":
            return "PASS"
        if not level or not strain:
            return ""
        royal = self["royal"].value() if "royal" in self.fields else False
        return f"{level}{strain}{'R' if royal and royal != 'False' else ''}"

    @property
    def bid_columns(self) -> int:
        """The contract grid's chips a row: the code's strains (twice, with royal bids)."""
        return len(self.code.strains) * (2 if self.code.has_royal else 1)

    # The honours question's two groups, shown one at a time as the strain is chosen.
    HONOUR_GROUPS = (("trumps", "In a trump contract"), ("aces", "At no trump"))

    @property
    def choices(self) -> dict[str, list[dict]]:
        """Each choice field's options with the one chosen marked, for the template.

        The tablet's page draws its buttons and lists from these directly:
        Django's widgets render a template per option, and a board's page has
        some sixty options, which made it the slowest page under load.
        """
        out: dict[str, list[dict]] = {}
        for name, field in self.fields.items():
            if not isinstance(field, forms.ChoiceField):
                continue
            current = self._bid_shown() if name == "bid" else self[name].value()
            current = "" if current is None else str(current)
            out[name] = [
                {
                    "value": str(v),
                    "label": label,
                    "id": f"id_{name}_{i}",
                    "checked": str(v) == current,
                    "group": str(v).partition(":")[0],
                    **_side_of(str(label)),
                }
                for i, (v, label) in enumerate(field.choices)  # type: ignore[arg-type]
            ]
        return out

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


_SIDES = (("North-South: ", "NS"), ("East-West: ", "EW"))


def _side_of(label: str) -> dict[str, str]:
    """An honours answer laid out in its side's column: "North-South: three honours"
    is "three honours" under the North-South heading; "nobody scores" spans both."""
    for prefix, side in _SIDES:
        if label.startswith(prefix):
            return {"side": side, "short": label[len(prefix) :]}
    return {"side": "", "short": label}
