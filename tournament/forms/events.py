"""The forms that set an event up: a new event (the laws, the form of contest,
the movement), the players' names, and the groups of events (a contest of
sections and sessions, a league of team matches).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.http import QueryDict

from scoring.movements import MAX_TABLES
from scoring.movements.chooser import Candidate

from ..choices import CodeOfLaws, Even, Factoring, Form, Method, MovementKind
from ..models import Contest, Event, League
from ..models.movements import CLUB_PREFIX
from ..queries.movements import IndividualCandidate, family_of
from .fields import LinesText, OneLineText, WholeNumber, whole_numbers


class EventForm(forms.ModelForm):
    """Create an event: the laws, the form of contest, the movement."""

    class Meta:
        formfield_callback = whole_numbers  # the model's integers in the room's words
        model = Event
        fields = [
            "name",
            "date",
            "code",
            "english_slams",
            "english_bidding",
            "premium",
            "form",
            "method",
            "factoring",
            "movement_name",
            "movement",
            "tables",
            "boards_per_round",
            "even",
            "arrow_switch",
            "pairs_count",
            "record_auctions",
            "tablet_running_score",
            "seats_at_table",
            "record_open",
            "adjusted_plus_percent",
            "adjusted_minus_percent",
            "adjusted_points",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    # The model's plain positive integers would say "At least 0." for a negative number,
    # while the movement refuses fewer than one board a round (and two tables) in other
    # words: each lower limit is stated once, here or in clean(), in the room's words.
    tables = WholeNumber(
        label="Tables (for a team match: pairs in each team)", required=False
    )  # clean()
    boards_per_round = WholeNumber(
        min_value=1, max_value=13, initial=3, label="Boards per round", required=False
    )
    # One of the chooser's candidates for the pairs present (scoring.movements.chooser,
    # docs/director/movements.md), shown with its reason and figures; blank: the family,
    # tables and options below, as before.
    movement_name = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label="Movement for the pairs present",
        error_messages={
            "invalid_choice": "Choose one of the movements listed for the pairs present "
            "(show the movements again if the number of pairs changed)."
        },
    )
    KEEP_SETTINGS = "The family and tables below"

    # The form in the order a director decides (one fieldset each); a field a later
    # feature adds and no section names is shown under "Options", never dropped.
    SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("The evening", ("name", "date")),
        ("Code of laws", ("code", "english_slams", "english_bidding", "premium")),
        ("The contest", ("form", "method", "factoring")),
        (
            "Movement",
            ("movement", "tables", "boards_per_round", "even", "arrow_switch", "pairs_count"),
        ),
        ("At the tables", ("record_auctions", "tablet_running_score", "seats_at_table")),
        ("The published results", ("record_open",)),
        (
            "The director's adjusted scores",
            ("adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points"),
        ),
    )
    # Shown only when they apply (showwhen.js: every condition, space-separated, must
    # hold; without script every field shows, and clean() ignores what does not apply).
    # The even-table choice and the arrow switch are a Mitchell's; a sit-out (one pair
    # short) fits a Mitchell or a Howell, never a team match (Law G: equal teams).
    # A movement chosen from the candidates sets the family, tables, boards a round and
    # the sit-out itself: those fields show while none is chosen ("movement_name=").
    SHOW_WHEN = {
        "english_slams": "code=1913",
        "english_bidding": "code=1913",
        "method": "form!=teams",
        "factoring": "form!=teams method=total",
        "movement": "form=pairs movement_name=",
        "tables": "movement_name=",
        "boards_per_round": "movement_name=",
        "even": "form=pairs movement=mitchell movement_name=",
        "arrow_switch": "form=pairs movement=mitchell movement_name=",
        "pairs_count": "form=pairs movement_name=",
        # A pair contest's adjusted scores (Law H's average, or matchpoints): a team match
        # (Law G) adds its pairs' scores and gives none of them.
        "adjusted_plus_percent": "form!=teams method=matchpoints",
        "adjusted_minus_percent": "form!=teams method=matchpoints",
        "adjusted_points": "form!=teams method=total",
    }

    ADJUSTED_VALUES = ("adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points")

    def __init__(
        self,
        *args: Any,
        candidates: Sequence[Candidate | IndividualCandidate] | None = None,
        pairs: int | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        # The chooser's candidates for ``pairs`` pairs present, best first.
        self.candidates: list[Candidate | IndividualCandidate] = list(candidates or [])
        self.pairs_present = pairs
        field = self.fields["movement_name"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", self.KEEP_SETTINGS)] + [(c.name, c.name) for c in self.candidates]
        # The individuals offered for the players present (none: a pair contest's).
        self.individuals = [c for c in self.candidates if isinstance(c, IndividualCandidate)]
        kind = self.fields["movement"]
        assert isinstance(kind, forms.ChoiceField)
        # An individual's family comes with its movement, never from this list.
        kind.choices = [c for c in MovementKind.choices if c[0] != MovementKind.INDIVIDUAL]
        for name in self.ADJUSTED_VALUES:  # left blank: the usual value
            self.fields[name].required = False
        if "factoring" in self.fields:  # left out: as played, Law H's own reading
            self.fields["factoring"].required = False

    # keeptyped.js sends the event's form along with a chooser's question, each field
    # as "keep-<name>", so that the page answering it shows what was typed.
    KEPT = "keep-"

    @classmethod
    def kept(cls, data: Any) -> dict[str, Any]:
        """What the director had typed in the form when he asked the chooser, as the
        answer's initial values, each read by the form's own widget (a box he left
        unticked stays unticked); empty when ``data`` keeps nothing.  The movement
        picked is left out: the chooser's answer offers its own."""
        typed = QueryDict(mutable=True)
        for name, values in data.lists():
            if name.startswith(cls.KEPT):
                typed.setlist(name.removeprefix(cls.KEPT), values)
        if not typed:
            return {}
        form = cls(typed)
        return {name: form[name].value() for name in form.fields if name != "movement_name"}

    def clean_adjusted_plus_percent(self) -> int:
        return self._or_default("adjusted_plus_percent")

    def clean_adjusted_minus_percent(self) -> int:
        return self._or_default("adjusted_minus_percent")

    def clean_adjusted_points(self) -> int:
        return self._or_default("adjusted_points")

    def _or_default(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return getattr(Event(), name) if value is None else value  # the model's default

    def fieldsets(self) -> list[tuple[str, list[tuple[forms.BoundField, str]]]]:
        """The sections with their bound fields, each with its "show when" condition."""
        named = {n for _, names in self.SECTIONS for n in names} | {"movement_name"}
        sections = [
            (legend, [n for n in names if n in self.fields]) for legend, names in self.SECTIONS
        ]
        extra = [n for n in self.fields if n not in named]
        if extra:
            sections.append(("Options", extra))
        return [
            (legend, [(self[n], self.SHOW_WHEN.get(n, "")) for n in names])
            for legend, names in sections
        ]

    def clean(self):
        data = super().clean()
        assert data is not None  # Form.clean() returns cleaned_data
        form, movement = data.get("form"), data.get("movement")
        if form == Form.TEAMS:
            data["movement"] = MovementKind.TEAMS
        elif movement == MovementKind.TEAMS:
            self.add_error("movement", "A pair contest uses a Mitchell or a Howell.")
        self._settings_of_the_chosen(data)
        self._ignore_what_does_not_apply(data)
        if data.get("code") != CodeOfLaws.WC1913:
            for option in ("english_slams", "english_bidding"):
                if data.get(option):
                    label = self.fields[option].label
                    self.add_error(option, f"The {label} belongs to the 1913 laws.")
        tables = data.get("tables")
        kind = data.get("movement")
        teams = kind == MovementKind.TEAMS  # "tables" is then the pairs in each team
        if tables and kind in MAX_TABLES and tables > MAX_TABLES[kind]:
            most = MAX_TABLES[kind]
            self.add_error(
                "tables",
                f"Up to {most} pairs a team."
                if teams
                else f"Up to {most} tables for this movement.",
            )
        if tables is not None and tables < 2:
            self.add_error(
                "tables",
                "At least two pairs a team: a team plays each deal both ways, a pair "
                "North-South and a pair East-West (Law G)."
                if teams
                else "At least two tables: duplicate needs a comparison.",
            )
        pc = data.get("pairs_count")
        if pc and tables and pc not in (2 * tables, 2 * tables - 1):
            self.add_error(
                "pairs_count", f"{tables} tables seat {2 * tables - 1} or {2 * tables} pairs."
            )
        return data

    def _settings_of_the_chosen(self, data: dict[str, Any]) -> None:
        """A movement chosen from the candidates: its family, tables, boards a round and
        sit-out replace what the fields below hold (hidden while one is chosen); none
        chosen: the tables and boards a round are needed."""
        name = data.get("movement_name") or ""
        chosen = next((c for c in self.candidates if c.name == name), None)
        individual = data.get("form") == Form.INDIVIDUAL
        if individual and not isinstance(chosen, IndividualCandidate):
            self.add_error(
                "form",
                "An individual plays an individual movement: say how many players are "
                "present (above), then choose one of the movements listed.",
            )
            for name in ("tables", "boards_per_round", "pairs_count", "movement"):
                self.errors.pop(name, None)
            return
        if isinstance(chosen, IndividualCandidate):
            if not individual:
                self.add_error(
                    "form", f"The movement {chosen.name} is an individual's: choose Individual."
                )
                return
            for name in ("tables", "boards_per_round", "pairs_count", "movement"):
                self.errors.pop(name, None)
            data["movement"] = MovementKind.INDIVIDUAL
            data["tables"] = chosen.movement.tables
            data["boards_per_round"] = chosen.boards_per_round
            data["pairs_count"] = None
            data["even"], data["arrow_switch"] = Even.SKIP, False
            return
        if chosen is None:
            if "movement_name" in self.fields:
                data["movement_name"] = ""
            if data.get("tables") is None and "tables" not in self.errors:
                self.add_error("tables", "Give the number of tables, or choose a movement above.")
            if data.get("boards_per_round") is None and "boards_per_round" not in self.errors:
                self.add_error("boards_per_round", "How many boards a round?")
            return
        if data.get("form") == Form.TEAMS:
            self.add_error(
                "movement_name",
                "A team match plays its own rotation: leave the movement to it (the last "
                "choice, with the pairs in each team as its tables).",
            )
            return
        movement = chosen.movement
        for name in ("tables", "boards_per_round", "pairs_count", "movement"):
            self.errors.pop(name, None)
        data["movement"] = family_of(movement)
        data["tables"] = movement.tables
        data["boards_per_round"] = movement.boards_per_round
        pairs = len(movement.pairs)
        custom = chosen.name.startswith(CLUB_PREFIX)
        data["pairs_count"] = None if custom or pairs == 2 * movement.tables else pairs
        data["even"], data["arrow_switch"] = Even.SKIP, False

    def _ignore_what_does_not_apply(self, data: dict[str, Any]) -> None:
        """Set the fields the movement chosen has no use for back to their defaults: the
        even-table choice and the arrow switch are a Mitchell's; a team match seats two
        full teams (Law G), so no sit-out; a Howell one pair short has one as a Mitchell.

        The form hides them (SHOW_WHEN), but a hidden field keeps what was typed in it
        before, and without script every field shows: what does not apply is ignored,
        not refused with a message on a field the director may not see.
        """
        if (
            not data.get("factoring")
            or data.get("method") != Method.TOTAL
            or (data.get("form") == Form.TEAMS)
        ):  # factoring is for total points; matchpoints are a percentage of the tops played
            data["factoring"] = Factoring.AS_PLAYED
        kind = data.get("movement")
        if kind in (MovementKind.HOWELL, MovementKind.TEAMS):
            data["even"], data["arrow_switch"] = Even.SKIP, False
        if kind == MovementKind.TEAMS:
            data["pairs_count"] = None
            for name in self.ADJUSTED_VALUES:  # Law G gives no average-plus: the defaults
                data[name] = getattr(Event(), name)


class PairNamesForm(forms.Form):
    """One pair's row of the players page.  The row carries its pair's label, so what is
    typed reaches that pair even when the list of pairs changed while it was typed."""

    pair = OneLineText(widget=forms.HiddenInput, required=False, max_length=8)
    # A member as the register offers him, "Name (#number)": a name of 80 and its number.
    player1 = OneLineText(max_length=104, required=False, label="Player 1")
    player2 = OneLineText(max_length=104, required=False, label="Player 2")


# More rows than any movement seats pairs: a count past it is not a page's.
MAX_NAME_ROWS = 1000
_ROW_FIELD = re.compile(r"form-(\d{1,4})-(pair|player1|player2)", re.ASCII)


@dataclass(frozen=True)
class TypedNames:
    """What a players page sent, matched to the event's pairs by label.

    ``data``: the formset's data for exactly the event's pairs, in their order, with
    what was typed for each pair the page named and the stored names for the others;
    ``added``: the event's pairs the page did not name (joined since it was opened);
    ``unknown``: rows for no pair of the event (an altered page, or a count of rows
    that is not the page's).  The page matches the event when both are empty.
    """

    data: dict[str, str]
    added: tuple[str, ...]
    unknown: int

    @property
    def matches(self) -> bool:
        return not self.added and not self.unknown


def typed_names(post: Any, labels: list[str], stored: list[dict[str, str]]) -> TypedNames:
    """Match a players page's rows to the event's pairs (``labels``, in the page's order,
    with their ``stored`` names).

    A row names its pair in its hidden field; a row without one (a page that did not
    send it) is the pair in its place.  ``form-TOTAL_FORMS`` says how many rows there
    are, as Django's formsets read it; missing or not a count, the rows sent are read.
    """
    rows: dict[int, dict[str, str]] = {}
    for key in post:
        m = _ROW_FIELD.fullmatch(key)
        if m:
            rows.setdefault(int(m[1]), {})[m[2]] = str(post.get(key, ""))
    total = str(post.get("form-TOTAL_FORMS", "")).strip()
    if re.fullmatch(r"\d{1,4}", total, re.ASCII) and int(total) <= MAX_NAME_ROWS:
        indices: list[int] = list(range(int(total)))
    else:
        indices = sorted(rows)
    typed: dict[str, dict[str, str]] = {}
    unknown = 0
    for i in indices:
        row = rows.get(i, {})
        label = row.get("pair", "").strip() or (labels[i] if i < len(labels) else "")
        if label not in labels or label in typed:
            unknown += 1
            continue
        typed[label] = {"player1": row.get("player1", ""), "player2": row.get("player2", "")}
    n = len(labels)
    data = {"form-TOTAL_FORMS": str(n), "form-INITIAL_FORMS": str(n)}
    for i, (label, names) in enumerate(zip(labels, stored, strict=True)):
        row = typed.get(label, names)
        data[f"form-{i}-pair"] = label
        data[f"form-{i}-player1"] = row.get("player1", "")
        data[f"form-{i}-player2"] = row.get("player2", "")
    added = tuple(label for label in labels if label not in typed)
    return TypedNames(data, added, unknown)


class ContestForm(EventForm):
    """A pair event of several sections and/or sessions: every part's settings, and how
    many sections and sessions, and how the sessions carry over."""

    sections = WholeNumber(min_value=1, max_value=8, initial=2, label="Sections")
    sessions = WholeNumber(min_value=1, max_value=6, initial=1, label="Sessions")
    carry = forms.ChoiceField(
        choices=Contest.Carry.choices,
        initial=Contest.Carry.TOTAL,
        label="Sessions carried over by",
    )
    one_ranking = forms.BooleanField(
        required=False,
        label="One overall ranking across directions",
        help_text="Every pair ranked together overall, North-South and East-West alike; "
        "a Howell or an arrow switch makes one field anyway.",
    )

    # The scoring method before the carry-over, which depends on it (percentages are
    # averaged for matchpoints only).
    SECTIONS = (
        ("The event", ("name", "date")),
        ("Scoring", ("method", "factoring")),
        ("Sections and sessions", ("sections", "sessions", "carry", "one_ranking")),
        *(s for s in EventForm.SECTIONS if s[0] not in ("The evening", "The contest")),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["form"]  # sections and sessions are for pair events
        del self.fields["movement_name"]  # each section's movement by its settings
        self.fields["tables"].label = "Tables in each section"
        # A pair contest's movement: a team match (Law G) is not a section of one.
        movement = self.fields["movement"]
        movement.choices = [  # type: ignore[attr-defined]
            (value, label)
            for value, label in movement.choices  # type: ignore[attr-defined]
            if value != MovementKind.TEAMS
        ]


class LeagueForm(forms.ModelForm):
    """A team event of many teams: its teams, how they are drawn, the matches' settings."""

    teams = LinesText(
        widget=forms.Textarea(attrs={"rows": 6, "cols": 40}),
        label="Teams, one a line (the first round of a Swiss pairs them in this order)",
    )

    class Meta:
        formfield_callback = whole_numbers  # the model's integers in the room's words
        model = League
        fields = [
            "name",
            "date",
            "code",
            "premium",
            "pairs_per_team",
            "boards_per_round",
            "draw",
            "rounds",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}
        labels = {"pairs_per_team": "Pairs in each team (tables a match)"}

    SHOW_WHEN = {"rounds": "draw=swiss"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def rows(self) -> list[tuple[forms.BoundField, str]]:
        return [(self[n], self.SHOW_WHEN.get(n, "")) for n in self.fields]

    def clean_teams(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["teams"].splitlines() if n.strip()]
        if len(names) < 3:
            raise forms.ValidationError("Name at least three teams, one a line.")
        if any(len(n) > 80 for n in names):
            raise forms.ValidationError("A team's name is at most 80 letters.")
        return names


class ReseatForm(forms.Form):
    """Seat a session's pairs by hand: each pair of the session before, and its seat in
    this one (a section letter and a number: "B4"), or none when it does not play."""

    def __init__(
        self,
        *args: Any,
        pairs: list[tuple[str, str]],
        seats: list[str],
        current: dict[str, str],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "(not in this session)"), *((s, s) for s in seats)]
        for seat, names in pairs:
            self.fields[f"pair-{seat}"] = forms.ChoiceField(
                choices=choices,
                required=False,
                label=f"{seat} {names}".strip(),
                initial=current.get(seat, ""),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        given: dict[str, str] = {}
        for name, seat in list(data.items()):
            if not seat:
                continue
            pair = name.removeprefix("pair-")
            if seat in given:
                self.add_error(name, f"seat {seat} is given to pair {given[seat]} too")
            else:
                given[seat] = pair
        if not given and not self.errors:
            raise forms.ValidationError("give at least one pair a seat")
        return data

    def seats(self) -> dict[str, str]:
        """Each pair of the session before ("A3") -> its seat ("B1")."""
        return {
            name.removeprefix("pair-"): seat for name, seat in self.cleaned_data.items() if seat
        }
