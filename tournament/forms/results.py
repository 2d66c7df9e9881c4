"""A result as a form enters it: the director's traveller line and correction.

Here too the helpers that turn a form's answers into the services' typed
:class:`~tournament.services.Entry` (:func:`entry_from`, the honours question
and its answers), which the tablet's form (:mod:`.scorer`) shares, so a result
is read the same way whoever enters it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from django import forms

from scoring import Code, Contract, ScoringError, parse_contract
from scoring.honours import honour_holding_of, honour_holdings, honours_question

from ..choices import Adjusted, Direction, RevokePenalty
from ..queries.auctions import ruling_penalties
from ..services import Entry, ServiceError, user_message
from .fields import SEAT_CHOICES, LinesText, OneLineText, WholeNumber, honours_from, penalties_from


def entry_from(contract: str, data: dict) -> Entry:
    """The typed boundary: a form's cleaned data as the entry the services take."""
    return Entry(
        contract=contract,
        declarer=data.get("declarer") or "",
        tricks=data.get("tricks"),
        honours=honours_from(data),
        revokes_ns=data.get("revokes_ns") or 0,
        revokes_ew=data.get("revokes_ew") or 0,
        revoke_penalty=data.get("revoke_penalty") or "",
        penalties=penalties_from(data),
    )


def initial_from(result) -> dict:
    """A stored result as a form's initial data (to change it); a ruling's points are not
    typed, so they are left out."""
    hon = result.honours or {}
    ruled = ruling_penalties(result.seating, result.board) if result.seating_id else []
    typed = [p for p in result.penalties or () if p not in ruled]
    pen = typed[0] if typed else {}
    return {
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        **{f"hon_{s.lower()}": hon.get(s) for s in "NESW"},
        "revokes_ns": result.revokes_ns or None,
        "revokes_ew": result.revokes_ew or None,
        "revoke_penalty": result.revoke_penalty,
        "penalty_side": pen.get("side", ""),
        "penalty_points": pen.get("points"),
        "penalty_law": pen.get("law", ""),
    }


@cache  # a code is one object per code and options; a tablet's form asks on every request
def honours_choices(code: Code) -> tuple:
    """The answers to "how did the honours lie?" that score differently, grouped.

    docs/laws/scoring.md, "Honours": without a hand record the honours are a required
    answer.  The strain is chosen on the same form, so both groups are
    offered (trump honours, and the aces at no trump); the form checks that
    the answer fits the contract.  Values are ``"trumps:<key>"`` or
    ``"aces:<key>"`` with the keys of :func:`scoring.honours.honour_holdings`.
    """
    if not code.has_honours:
        return ()
    trump = next(s for s in code.strains if s not in ("NT", "NULLO"))
    return (
        ("", "—"),
        (
            "In a trump contract",
            tuple((f"trumps:{h.key}", h.label) for h in honour_holdings(code, f"1{trump}")),
        ),
        ("At no trump", tuple((f"aces:{h.key}", h.label) for h in honour_holdings(code, "1NT"))),
    )


def honours_answer(
    code: Code, contract: Contract, answer: str, *, hand_record: bool
) -> dict[str, int] | None:
    """The honour counts an answer stands for; a ValidationError when it is missing or wrong.

    None when there is nothing to ask (Royalton, passed out, nullo, or a
    hand record gives the honours).
    """
    question = honours_question(code, contract, hand_record=hand_record)
    if question is None:
        return None
    if not answer:
        raise forms.ValidationError(
            'How did the honours lie? A blank is not "no honours": in a trump contract the '
            "five honours (A K Q J 10) lie between the two sides, so one side holds three or "
            "more; at no trump say how the aces lay, 2-2 included."
            if question == "trumps"
            else "How did the aces lie? At no trump say so even when they split 2-2 "
            "(nobody scores): a blank is not an answer."
        )
    kind, _, key = answer.partition(":")
    if kind != question:
        raise forms.ValidationError(
            "That answer is about the aces at no trump; this contract has trumps: "
            "say how the trump honours lay."
            if question == "trumps"
            else "That answer is about trump honours; at no trump say how the aces lay."
        )
    for holding in honour_holdings(code, contract):
        if holding.key == key:
            return dict(holding.counts)
    raise forms.ValidationError("Choose one of the honour holdings offered.")


def honours_initial(code: Code, result) -> str:
    """A stored result's honours as the answer that stands for them (to change it)."""
    if not result.honours or not code.has_honours:
        return ""
    try:
        contract = parse_contract(result.contract, code)
        holding = honour_holding_of(code, contract, result.honours)
    except ScoringError:
        return ""
    return f"{'aces' if contract.strain == 'NT' else 'trumps'}:{holding.key}"


class ResultEntryForm(forms.Form):
    """One traveller line as the scorer writes it.  Blank rows are not saved.

    The contract is read in the notation of the event's code and stored in
    its normal form ("4 h" becomes "4H"); without a hand record the honours
    are a required answer (docs/laws/scoring.md, "Honours").
    """

    contract = OneLineText(max_length=12, required=False)
    declarer = forms.ChoiceField(choices=[("", "—"), *SEAT_CHOICES], required=False)
    tricks = WholeNumber(
        min_value=0, max_value=13, required=False, label="Tricks won by declarer's side"
    )
    honours = forms.ChoiceField(choices=[], required=False, label="Honours")
    revokes_ns = WholeNumber(
        min_value=0, max_value=13, required=False, label="Revokes by North-South"
    )
    revokes_ew = WholeNumber(
        min_value=0, max_value=13, required=False, label="Revokes by East-West"
    )
    revoke_penalty = forms.ChoiceField(
        choices=[("", "—"), *RevokePenalty.choices],
        required=False,
        label="Declarer's choice for the defenders' revoke",
    )
    penalty_side = forms.ChoiceField(
        choices=[("", "—"), *Direction.choices], required=False, label="Penalty points to"
    )
    penalty_points = WholeNumber(
        min_value=1, max_value=1000, required=False, label="Penalty points"
    )
    penalty_law = OneLineText(max_length=60, required=False, label="Law of the penalty")

    def __init__(self, *args, code: Code, hand_record: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.code = code
        self.hand_record = hand_record
        self.fields["contract"].help_text = f"e.g. {code.notation_hint}"
        if hand_record or not code.has_honours:
            del self.fields["honours"]
        else:
            self.fields["honours"].choices = honours_choices(code)  # type: ignore[attr-defined]
        self._honours: dict[str, int] | None = None

    @property
    def asks_honours(self) -> bool:
        return "honours" in self.fields

    def is_blank(self) -> bool:
        return not (self.cleaned_data.get("contract") or "").strip()

    def clean(self):
        data = super().clean()
        assert data is not None
        text = (data.get("contract") or "").strip()
        if not text:
            return data
        try:
            contract = parse_contract(text, self.code)
        except ScoringError as e:
            self.add_error("contract", user_message(e))
            return data
        data["contract"] = str(contract)  # stored in its normal form
        if not contract.is_pass:
            if not data.get("declarer"):
                self.add_error("declarer", "Who was declarer?")
            if data.get("tricks") is None:
                self.add_error("tricks", "How many tricks did declarer's side win?")
        else:
            for name in ("declarer", "tricks", "revoke_penalty"):
                if data.get(name) not in (None, ""):
                    self.add_error(name, "A passed-out deal is not played: leave this blank.")
        if self.asks_honours:
            try:
                self._honours = honours_answer(
                    self.code, contract, data.get("honours") or "", hand_record=self.hand_record
                )
            except forms.ValidationError as e:
                self.add_error("honours", e)
        if data.get("penalty_points") and not data.get("penalty_side"):
            self.add_error("penalty_side", "Which side receives the penalty?")
        return data

    def entry(self) -> Entry:
        e = entry_from(self.cleaned_data["contract"], self.cleaned_data)
        return replace(e, honours=self._honours)

    def refuse(self, error: ServiceError) -> None:
        """A refusal of the verbs or the laws beside the field it concerns (the whole row
        when it concerns none), in the laws' words."""
        field = error.field if error.field in self.fields else None
        self.add_error(field, user_message(error))

    def messages(self) -> list[str]:
        """Every error in the scorer's words, each named by its field's label."""
        out: list[str] = []
        for name, errors in self.errors.items():
            # Named by its label ("Penalty points"), never its field ("penalty_points").
            label = self[name].label if name in self.fields else ""
            out += [
                f"{label}: {e}" if label and name != "__all__" else user_message(str(e))
                for e in errors
            ]
        return out

    @classmethod
    def initial_from(cls, result, code: Code) -> dict:
        data = initial_from(result)
        data["honours"] = honours_initial(code, result)
        return data


class CorrectionForm(ResultEntryForm):
    adjusted = forms.ChoiceField(
        choices=[("", "— (use the contract above)"), *Adjusted.choices],
        required=False,
        label="Or an artificial score",
    )
    reason = LinesText(
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        help_text="Required once the round is closed (Law E).",
    )

    def clean(self):
        if (self.data.get(self.add_prefix("adjusted")) or "") and self.asks_honours:
            self.fields["honours"].required = False
        data = super().clean()
        if data.get("adjusted"):
            for name in ("contract", "declarer", "tricks", "honours"):
                self.errors.pop(name, None)
        elif not (data.get("contract") or "").strip():
            self.add_error("contract", "Enter the contract, or choose an artificial score.")
        return data

    def entry(self) -> Entry:
        adjusted = self.cleaned_data.get("adjusted") or ""
        return Entry.artificial(adjusted) if adjusted else super().entry()


class ReasonForm(forms.Form):
    reason = OneLineText(max_length=300, required=False)
