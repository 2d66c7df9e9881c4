"""Fuzzing the PBN import: whatever it is given, a list of valid deals or one PbnError.

Random text, random bytes, and random mutations of valid files (a dealing
program's, and one written as our export writes it).  For every input:
no exception but :class:`PbnError`; a refusal names where and why; and a
file is accepted only if every deal it yields is a full 52-card deal, each
under a board number written in ASCII digits in a Board tag of the file.

``PBN_FUZZ_EXAMPLES`` (default 500) sets the examples per test; the whole
file runs in well under a minute at the default.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scoring.cards import DealError, format_pbn_deal, parse_pbn_deal
from scoring.dealing import deal_board
from scoring.pbn import (
    PbnError,
    deals_from_pbn,
    decode_pbn_bytes,
    format_table,
    format_tag,
    parse_pbn,
)

EXAMPLES = int(os.environ.get("PBN_FUZZ_EXAMPLES", "500"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

OTHER_PROGRAM = (Path(__file__).parent.parent / "fixtures" / "other_program.pbn").read_text()


def _as_we_export() -> str:
    out = ["% PBN 2.1", "% EXPORT", "% Duplicate Auction: fuzz", ""]
    for n in (1, 2, 3):
        out += [
            format_tag("Event", 'Club "night" \\ [Board "9"]'),
            format_tag("Board", n),
            format_tag("Dealer", "NESW"[(n - 1) % 4]),
            format_tag("Vulnerable", "None"),
            format_tag("Deal", format_pbn_deal(deal_board("fuzz", n))),
            format_table(
                "ScoreTable",
                ["Round\\2R", "Names\\20L", "Net_NS\\5R"],
                [[1, "Mrs. Alden", -1135], [2, "=cmd|' /C calc'!A0", "-1135/3"]],
            ),
            "",
        ]
    return "\n".join(out)


OUR_EXPORT = _as_we_export()
VALID = [OTHER_PROGRAM, OUR_EXPORT]

# Characters that matter to PBN, and those that fooled the old reader.
TRICKY = [
    *'0123456789"\\[]{};%#:.- \t\n\rNESWAKQJTakqjt_',
    "²",
    "٣",
    "３",
    "۷",
    "\u00a0",
    "\u2003",
    "\u2028",
    "\x00",
    "\x0c",
    "\x85",
    "\ufeff",
    "\uffff",
    "é",
    "10",
    '"]',
    '[Board "',
    '[Deal "N:',
    "\n\n",
]
CHARS = st.one_of(st.sampled_from(TRICKY), st.characters())


def texts(min_size: int = 0, max_size: int = 100) -> st.SearchStrategy[str]:
    return st.lists(CHARS, min_size=min_size, max_size=max_size).map("".join)


_REASON = re.compile(r"^(line \d+|board \d+|the file)\b.{8,}", re.DOTALL)


def check(text: str) -> dict[int, str] | None:
    """deals_from_pbn's answer, checked: valid deals, or a PbnError with a reason."""
    try:
        deals = deals_from_pbn(text)
    except PbnError as e:
        assert _REASON.match(str(e)), f"a refusal without its place and reason: {e!r}"
        assert len(str(e)) < 400
        return None
    assert deals
    board_tags = re.findall(r'\[[ \t]*Board[ \t]+" *([0-9]+) *"', text)
    written = {int(b) for b in board_tags}
    deal_tags = re.findall(r'\[[ \t]*Deal[ \t]+"([^"\r\n]*)"', text)
    for number, deal in deals.items():
        assert type(number) is int and number >= 1
        assert number in written, f"board {number} is not written in ASCII digits"
        cards = parse_pbn_deal(deal)  # a full 52-card deal, 13 a hand
        assert format_pbn_deal(cards) == deal
        assert any(_same_deal(tag, cards) for tag in deal_tags)
    return deals


def _same_deal(tag: str, cards: dict) -> bool:
    try:
        return parse_pbn_deal(tag.strip(" ")) == cards
    except DealError:
        return False


def test_the_valid_files_are_read():
    assert len(check(OTHER_PROGRAM)) == 2
    assert check(OUR_EXPORT) == {n: format_pbn_deal(deal_board("fuzz", n)) for n in (1, 2, 3)}


@FUZZ
@given(texts(max_size=200))
@example('[Board "²"]\n[Deal "N:-"]')
@example('[Board "٣"]\n[Deal "' + format_pbn_deal(deal_board("x", 1)) + '"]')
def test_random_text(text):
    check(text)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(raw):
    check(decode_pbn_bytes(raw))


@st.composite
def mutations(draw):
    text = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "line", "truncate"]))
        i = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:i] + draw(texts(min_size=1, max_size=4)) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 8)) :]
        elif op == "replace":
            text = text[:i] + draw(CHARS) + text[i + 1 :]
        elif op == "line":
            lines = text.split("\n")
            j, k = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            how = draw(st.sampled_from(["duplicate", "drop", "swap"]))
            if how == "duplicate":
                lines.insert(k, lines[j])
            elif how == "drop":
                del lines[j]
            else:
                lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
        else:
            text = text[:i]
    return text


@FUZZ
@given(mutations())
@example(OTHER_PROGRAM.replace("{ This deal", '{[Deal "N: This deal'))  # a tag in a comment
def test_mutations_of_valid_files(text):
    check(text)


NON_ASCII_DIGITS = st.characters(categories=["Nd", "No", "Nl"]).filter(lambda c: c > "\x7f")


@FUZZ
@given(st.sampled_from(VALID), NON_ASCII_DIGITS, st.data())
def test_a_board_number_in_any_other_digits_is_refused(text, digit, data):
    boards = list(re.finditer(r'\[Board "([0-9]+)"\]', text))
    board = data.draw(st.sampled_from(boards))
    at = data.draw(st.integers(board.start(1), board.end(1)))
    replace = data.draw(st.booleans())
    mutated = text[:at] + digit + text[at + replace :]
    assert check(mutated) is None


@FUZZ
@given(st.sampled_from(VALID), st.characters(categories=["Cc", "Zl", "Zp", "Cs"]), st.data())
def test_a_control_character_in_a_value_is_refused(text, char, data):
    value = data.draw(st.sampled_from(list(re.finditer(r'"([^"]*)"\]', text))))
    at = data.draw(st.integers(value.start(1), value.end(1)))
    assert check(text[:at] + char + text[at:]) is None


@pytest.mark.parametrize("text", VALID)
def test_a_repeated_board_is_refused(text):
    first_game = next(g for g in text.split("\n\n") if "[Board " in g)
    with pytest.raises(PbnError, match="appears twice"):
        deals_from_pbn(text.rstrip("\n") + "\n\n" + first_game + "\n")


@FUZZ
@given(
    st.lists(st.integers(0, 2**32), min_size=1, max_size=4, unique=True),
    st.text(st.characters(), max_size=30),
)
def test_what_we_write_we_read(seeds, name):
    deals = {i + 1: format_pbn_deal(deal_board(str(seed), i + 1)) for i, seed in enumerate(seeds)}
    games = [
        "\n".join(
            [
                format_tag("Event", name),
                format_tag("Board", n),
                format_tag("Deal", deal),
                format_table("TotalScoreTable", ["Names\\20L"], [[name], ["-"]]),
            ]
        )
        for n, deal in deals.items()
    ]
    text = "\n\n".join(games) + "\n"
    assert check(text) == deals
    assert {g.tags["Event"] for g in parse_pbn(text)} == {
        re.sub("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]", " ", name)
    }
