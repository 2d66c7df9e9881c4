"""The chooser: candidates for every field, ranked by the director's constraints,
winners and balance, each with a reason in a director's words."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, problems
from scoring.movements.chooser import choose, played_words, session_minutes, switched_rounds


@pytest.mark.parametrize("pairs", range(4, 61))
def test_every_field_of_4_to_60_pairs_has_a_sound_candidate(pairs):
    candidates = choose(pairs)
    assert candidates
    for c in candidates:
        assert problems(c.movement) == []
        assert len(c.movement.pairs) == pairs
        assert c.reason


@pytest.mark.parametrize("pairs", range(4, 33, 2))
def test_every_even_field_to_32_has_a_one_winner_candidate(pairs):
    assert any(c.winners == 1 for c in choose(pairs))


def test_time_assumption_golden():
    # 8 rounds of 3 boards: 24 boards x 7.5 = 180 minutes, plus 7 changes of a minute.
    assert session_minutes(8, 3) == 187


def test_default_length_is_a_club_evening():
    # 16 pairs, 8 tables: the 8-table Mitchells at 3 a round play 24 boards (relay, 8
    # rounds) or 21 (skip, 7 rounds); the relay fits 24-27, so it leads.
    best = choose(16)[0]
    assert best.boards_played == 24
    assert best.name.startswith("mitchell-8-relay")


def test_one_winner_before_two_when_both_fit():
    names = [c.name for c in choose(16)]
    assert names.index("mitchell-8-relay-arrow") < names.index("mitchell-8-relay")


def test_boards_constraint_comes_first():
    # 14 pairs asking for about 26 boards: the 7-table Howell plays 13 rounds of 2 = 26;
    # the plain 7-table Mitchell's 7 rounds cannot make 26 (21 or 28), so the Howell
    # comes before it, and whatever leads fits the 26 and has one winner.
    found = choose(14, boards=26)
    names = [c.name for c in found]
    assert names.index("howell-7") < names.index("mitchell-7")
    assert abs(found[0].boards_played - 26) <= 2 and found[0].winners == 1
    howell = found[names.index("howell-7")]
    assert howell.boards_played == 26
    assert howell.reason.startswith("one winner, every pair meets every other")


def test_minutes_choose_the_most_boards_that_fit():
    # 10 pairs in 2 hours: a 5-table Mitchell of 5 rounds at 3 a round takes
    # 15 x 7.5 + 4 = 116.5 minutes; at 4 a round, 154: so 3 a round.
    mitchell = next(c for c in choose(10, minutes=120) if c.name == "mitchell-5")
    assert mitchell.boards_per_round == 3
    assert mitchell.minutes == 117
    assert all(
        session_minutes(c.movement.rounds, c.boards_per_round) <= 120
        for c in choose(10, minutes=120)
    )


def test_reasons_say_relays_bystands_and_sit_outs():
    relay = next(c for c in choose(16) if c.name == "mitchell-8-relay")
    assert relay.reason.startswith(
        "two winners, North-South and East-West; needs a relay between tables 1 and 8 and a bystand"
    )
    odd = next(c for c in choose(9) if c.name == "mitchell-5")
    assert "a pair sits out each round" in odd.reason
    skip = next(c for c in choose(20) if c.name == "mitchell-10-skip")
    assert "each pair plays 27 of the 30 boards" in skip.reason


def test_json_has_the_movement_shape_and_the_figures():
    c = choose(12)[0]
    data = c.to_json()
    assert data["name"] == c.name
    assert data["winners"] == c.winners
    assert data["figures"] == c.figures.to_json()
    assert data["reason"] == c.reason
    assert data["rounds_count"] == c.movement.rounds
    assert data["rounds"][0]["tables"][0]["table"] == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [((0,), "number of pairs"), ((10, 0), "boards"), ((10, None, 5), "minutes")],
)
def test_refusals(args, words):
    with pytest.raises(MovementError, match=words):
        choose(*args)


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 40), st.integers(8, 40))
def test_ranking_puts_the_closest_length_first(pairs, boards):
    candidates = choose(pairs, boards=boards)
    misses = [abs(c.boards_played - boards) for c in candidates]
    slack = max(2, boards // 10)
    fitting = [m <= slack for m in misses]
    # Every candidate that fits the director's length comes before every one that does not.
    assert fitting == sorted(fitting, reverse=True)


def test_the_even_howells_reason_says_how_evenly_it_compares():
    # 16 pairs: the even Howell compares every two pairs on 7 sets (14 boards at 2 a
    # round); the classic layout is offered beside it for events already set up.
    found = {c.name: c for c in choose(16)}
    even, classic = found["howell-8-even"], found["howell-8"]
    assert even.reason.startswith(
        "one winner, every pair meets every other; every pair is compared with every "
        "other equally often, on 14 boards;"
    )
    assert classic.reason.startswith(
        "one winner, every pair meets every other; the classic layout, kept for events "
        "already set up with it (it compares the pairs less evenly: CV 0.421, the even "
        "Howell's 0.000);"
    )


def test_an_uneven_even_howell_gives_its_cv_beside_the_classic():
    found = {c.name: c for c in choose(14)}
    assert (
        "every two pairs are compared on 10 to 14 boards (CV 0.154, against 0.424 for the "
        "classic layout)" in found["howell-7-even"].reason
    )
    assert "the classic layout, kept for events" in found["howell-7"].reason


def test_a_howell_alone_says_nothing_of_a_classic_layout():
    # 20 pairs: no even Howell is held at 10 tables (the Howell itself is even there).
    howell = next(c for c in choose(20) if c.name == "howell-10")
    assert "classic" not in howell.reason
    assert "every pair is compared with every other equally often" not in howell.reason


def test_a_movement_sharing_sets_at_many_tables_names_them_once_each():
    """An Appendix Mitchell shares sets between its appended tables and the base's, in
    different rounds: the reason names the tables once each, a run of them as "1 to 7"."""
    appendix = next(c for c in choose(14) if c.name == "mitchell-7-appendix")
    assert "needs sets shared at tables 1 to 7, the guide cards say in which rounds" in (
        appendix.reason
    )


def _turned_rounds(movement):
    """The rounds in which every table seats its pairs turned round, read off the seats
    alone: a Mitchell's North-South pairs are 1 to T, its East-West pairs T + 1 to 2T."""
    tables = movement.tables
    turned = set(range(1, movement.rounds + 1))
    for tr in movement.schedule:
        ns_away = tr.ns is not None and int(tr.ns) > tables
        ew_away = tr.ew is not None and int(tr.ew) <= tables
        if not (ns_away or ew_away):
            turned.discard(tr.round)
    return sorted(turned)


def _rounds_said(reason):
    """The rounds a reason says are switched ("in the last round" is None)."""
    found = re.search(r"by an arrow switch in (the last round|rounds? ([0-9, and]+?))(;|$)", reason)
    assert found, reason
    if found.group(1) == "the last round":
        return None
    return [int(n) for n in re.findall(r"[0-9]+", found.group(2))]


@pytest.mark.parametrize("tables", range(3, 21))
def test_a_switch_candidates_reason_names_the_rounds_its_schedule_switches(tables):
    """Every switch-K candidate for 3 to 20 tables, a full field and one pair short: the
    reason names exactly the rounds in which the schedule turns every table round, and
    those are the title's every K-th round."""
    seen = 0
    for pairs in (2 * tables - 1, 2 * tables):
        for c in choose(pairs):
            if "-switch-" not in c.name:
                continue
            seen += 1
            m = c.movement
            turned = _turned_rounds(m)
            step = int(c.name.rsplit("-", 1)[1])
            assert f"arrow switch every {step} rounds" in m.description
            assert turned == list(range(step, m.rounds + 1, step))
            said = _rounds_said(c.reason)
            assert said == turned, (c.name, c.reason)
            assert "the last round" not in c.reason
    # From 6 tables every size offers one (3 to 5 are too few rounds to switch twice).
    assert seen or tables < 6


def test_the_switch_every_4_rounds_at_16_pairs_says_rounds_4_and_8():
    found = {c.name: c for c in choose(16)}
    assert found["mitchell-8-relay-switch-4"].reason.startswith(
        "one winner, by an arrow switch in rounds 4 and 8;"
    )
    assert found["mitchell-8-skip-switch-3"].reason.startswith(
        "one winner, by an arrow switch in rounds 3 and 6;"
    )


def test_the_last_round_switch_and_the_scramble_keep_their_words():
    found = {c.name: c for c in choose(16)}
    arrow = found["mitchell-8-relay-arrow"]
    assert _turned_rounds(arrow.movement) == [arrow.movement.rounds]
    assert arrow.reason.startswith("one winner, by an arrow switch in the last round;")
    scrambled = found["mitchell-8-relay-scrambled-1-2"]
    assert switched_rounds(scrambled.movement) == []  # half the tables turn, not all
    assert scrambled.reason.startswith("one winner;")


def _boards_each_pair_plays(movement):
    """Pair -> the boards it plays, read round by round off where it sits: none in a
    round it sits out (no table, or a table whose other pair is missing)."""
    played = {}
    for pair in movement.pairs:
        played[pair] = 0
        for r in range(1, movement.rounds + 1):
            seat = movement.where(pair, r)
            if seat is not None and not movement.at(r, seat[0]).sit_out:
                played[pair] += len(movement.at(r, seat[0]).boards)
    return played


@pytest.mark.parametrize("pairs", range(3, 41))
def test_the_boards_a_pair_are_what_each_pair_plays(pairs):
    """The figure "N boards a pair" (or "N or M") names exactly the numbers of boards the
    pairs play in the built movement: a pair that sits out a round plays fewer."""
    for c in choose(pairs):
        counts = sorted(set(_boards_each_pair_plays(c.movement).values()))
        assert list(c.figures.boards_each) == counts, c.name
        assert c.boards_a_pair.replace(",", "").replace("or ", "").split() == [
            str(n) for n in counts
        ]
        if len(counts) == 2:
            assert c.boards_a_pair == f"{counts[0]} or {counts[1]}"


def test_a_sit_out_shows_in_the_boards_a_pair():
    # 15 pairs, 8 rounds of 3: the pair drawn against the phantom plays 7 rounds.
    relay = next(c for c in choose(15) if c.name == "mitchell-8-relay")
    assert relay.boards_a_pair == "21 or 24"
    # 13 pairs in a 7-table Howell of 13 rounds of 2: every pair sits out one round.
    howell = next(c for c in choose(13) if c.name == "howell-7")
    assert (howell.boards_played, howell.boards_a_pair) == (26, "24")
    # 16 pairs: nobody sits out.
    assert next(c for c in choose(16) if c.name == "mitchell-8-relay").boards_a_pair == "24"


@pytest.mark.parametrize(
    ("counts", "words"),
    [([24, 24], "24"), ([28, 24, 28], "24 or 28"), ([20, 28, 24], "20, 24 or 28")],
)
def test_played_words(counts, words):
    assert played_words(counts) == words
