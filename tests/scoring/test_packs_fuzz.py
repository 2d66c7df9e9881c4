"""Any choice of boards, offset and room: a clear refusal or a selection, never
another exception (bounded in time)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import format_pbn_deal
from scoring.dealing import deal_board
from scoring.packs import PackChoice, select_pack
from scoring.pbn import PbnError, pack_from_pbn

PACK = pack_from_pbn(
    "".join(
        f'[Board "{n}"]\n[Room "{room}"]\n[Deal "{format_pbn_deal(deal_board(room, n))}"]\n\n'
        for room in ("Open", "Closed")
        for n in range(1, 13)
    )
)


@settings(max_examples=200, deadline=None)
@given(
    first=st.none() | st.integers(-5, 40),
    last=st.none() | st.integers(-5, 40),
    offset=st.integers(-40, 40),
    room=st.none() | st.sampled_from(["Open", "closed", "Lounge", ""]),
    boards=st.sets(st.integers(1, 30), max_size=30),
)
def test_any_choice_is_taken_or_refused_in_words(first, last, offset, room, boards):
    try:
        chosen = select_pack(PACK, boards, PackChoice(first, last, offset, room or None))
    except PbnError as e:
        assert str(e) and "Traceback" not in str(e)
        return
    assert chosen.deals and set(chosen.deals) <= boards
    for ours, game in chosen.deals.items():
        assert game.number - offset == ours
