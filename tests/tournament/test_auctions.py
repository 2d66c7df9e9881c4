"""The auction in the app: the tablet records it, the director rules, the score follows."""

import pytest
from django.urls import reverse

from tournament import services
from tournament.models import AuditEntry, Board, Result, Ruling
from tournament.queries import auctions as auction_reads
from tournament.services import Actor, ServiceError, auctions, tablets

from ..factories import make_event
from .test_races import Device, gated_race, needs_postgresql, untimed_race


@pytest.fixture
def game(director):
    """A 1915 3-table Mitchell recording auctions; table 1, round 1, board 1 (dealer N)."""
    event = make_event(director, record_auctions=True)
    seating = event.seating_set.get(round=1, table=1)
    board = Board.objects.get(event=event, number=1)
    return event, seating, board


def bid(game, *calls, table=1):
    event, seating, board = game
    for text in calls:
        seen = len(auction_reads.auction_of(event, seating, board).calls)
        auctions.make_call(event, seating, board, text, seen=seen, by=Actor.tablet(table))
    return auction_reads.auction_of(event, seating, board)


def rule(game, director, irregularity, option, offender, call="", reason=""):
    """The director's ruling at table 1 on board 1."""
    event, seating, board = game
    return auctions.rule(
        event, seating, board, irregularity=irregularity, option=option, offender=offender,
        call=call, by=Actor.director(director, reason),
    )  # fmt: skip


def board_1_pbn(game, contract, declarer, tricks):
    """Board 1's PBN game once table 1 has entered its result from the tablet."""
    from tournament import exports

    event, _, _ = game
    services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=services.Entry(contract, declarer, tricks, honours={"N": 1, "S": 1, "E": 2, "W": 1}),
        by=Actor.tablet(1, "k"),
    )
    text = exports.write_pbn(event)
    return text[text.index('[Board "1"]') : text.index('[Board "2"]')]


def test_calls_are_checked_and_a_retry_is_not_recorded_twice(game):
    event, seating, board = game
    a = bid(game, "1H", "P")
    with pytest.raises(auctions.CallRefused, match=r"not higher than 1H.*Law 45") as e:
        auctions.make_call(event, seating, board, "1D", seen=2, by=Actor.tablet(1))
    assert e.value.call == "1D"
    # The same tap sent twice (a retry): the second is answered, not recorded again.
    auctions.make_call(event, seating, board, "2H", seen=2, by=Actor.tablet(1))
    again = auctions.make_call(event, seating, board, "2H", seen=2, by=Actor.tablet(1))
    assert [str(c) for c in again.calls] == ["1H", "P", "2H"]
    with pytest.raises(ServiceError, match="moved on"):
        auctions.make_call(event, seating, board, "1S", seen=1, by=Actor.tablet(1))
    a = bid(game, "P", "P", "P")
    assert a.is_over and str(a.contract()) == "2H" and a.declarer() == "N"


def test_a_mis_tap_is_taken_back_but_not_a_ruled_call(game):
    event, seating, board = game
    bid(game, "1H", "P")
    a = auctions.undo_call(event, seating, board, seen=2, by=Actor.tablet(1))
    assert [str(c) for c in a.calls] == ["1H"]
    with pytest.raises(ServiceError, match="changed meanwhile"):
        auctions.undo_call(event, seating, board, seen=5, by=Actor.tablet(1))


def test_the_tablet_may_not_contradict_the_auction(game):
    event, seating, board = game
    bid(game, "1H", "P", "2H", "P", "P", "P")
    with pytest.raises(ServiceError, match="the auction recorded 2H by N, not 4H by S"):
        services.enter_result(
            event,
            board_number=1,
            round_no=1,
            table=1,
            entry=services.Entry("4H", "S", 10, honours={"N": 1, "S": 1, "E": 2, "W": 1}),
            by=Actor.tablet(1, "k1"),
        )
    r = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=services.Entry("2H", "N", 8, honours={"N": 1, "S": 1, "E": 2, "W": 1}),
        by=Actor.tablet(1, "k2"),
    )
    assert r.auction == "1H P 2H P P P"
    with pytest.raises(ServiceError, match="already has its result"):
        auctions.make_call(event, seating, board, "P", seen=6, by=Actor.tablet(1))


def test_double_of_partners_declaration_costs_50_with_the_law(game, director):
    # 1915 Law 54: South doubles North's 1H: 50 points to East-West's honour score; the
    # double is void and South calls again.
    event, seating, board = game
    bid(game, "1H", "P")
    with pytest.raises(auctions.CallRefused, match="partner's") as e:
        auctions.make_call(event, seating, board, "X", seen=2, by=Actor.tablet(1))
    assert auction_reads.refusal(event, seating, board, "S", "X") == "double-partner"
    ruling = auctions.rule(
        event,
        seating,
        board,
        irregularity="double-partner",
        option="fifty",
        offender="S",
        call=e.value.call,
        by=Actor.director(director, "S doubled partner"),
    )
    assert ruling.penalty == {"side": "EW", "points": 50, "law": "Law 54"}
    a = bid(game, "2H", "P", "P", "P")
    assert str(a.contract()) == "2H"
    r = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=services.Entry("2H", "N", 8, honours={"N": 1, "S": 1, "E": 2, "W": 1}),
        by=Actor.tablet(1, "k"),
    )
    # 2H made: 2 x 8 = 16 to NS; EW's simple honours 2 x 8 = 16 (Law 6) and the ruling's
    # 50 (Law 54) to EW's honour score: net to NS 16 - 66 = -50.
    assert r.ew_honour == 66 and r.net_ns == -50
    assert any("Law 54" in item["reason"] for item in r.items)
    assert AuditEntry.objects.filter(event=event, action="ruling").exists()


def test_declaration_out_of_turn_stands_and_bars_the_partner(game, director):
    # Duplicate Law F: West declares 1S in East's turn: it stands, the bidding goes on
    # from West's left (East's turn is lost), 50 to North-South, East barred.
    event, seating, board = game
    bid(game, "1H")
    auctions.rule(
        event,
        seating,
        board,
        irregularity="out-of-turn",
        option="stands",
        offender="W",
        call="1S",
        by=Actor.director(director),
    )
    a = auction_reads.auction_of(event, seating, board)
    assert [str(c) for c in a.calls] == ["1H", "P", "P", "1S"] and a.to_call == "N"
    assert auction_reads.grid(a) == [["1H", "–", "–", "1S *"], ["?"]]
    bid(game, "P")
    with pytest.raises(auctions.CallRefused, match="Duplicate Law F"):
        auctions.make_call(event, seating, board, "2S", seen=5, by=Actor.tablet(1))


def test_a_ruling_after_the_result_posts_its_points_to_a_new_version(game, director):
    event, seating, board = game
    bid(game, "1NT", "P", "P", "P")
    r = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=services.Entry("1NT", "N", 7, honours={"N": 2, "E": 2}),
        by=Actor.tablet(1, "k"),
    )
    assert r.ew_honour == 0
    with pytest.raises(ServiceError, match="only a penalty or a lead"):
        auctions.rule(
            event, seating, board, irregularity="out-of-turn", option="stands",
            offender="E", call="1S", by=Actor.director(director),
        )  # fmt: skip
    auctions.rule(
        event, seating, board, irregularity="redouble-twice", option="hundred",
        offender="N", call="XX", by=Actor.director(director, "NS redoubled twice"),
    )  # fmt: skip
    live = Result.objects.get(event=event, board=board, is_live=True)
    assert live.version == 2 and live.ew_honour == 100 and live.penalties[-1]["law"] == "Law 54"


def test_only_the_director_rules_and_the_option_must_exist(game, director):
    event, seating, board = game
    with pytest.raises(ServiceError, match="only the director"):
        auctions.rule(
            event, seating, board, irregularity="insufficient", option="sufficient",
            offender="N", call="1C", by=Actor.tablet(1),
        )  # fmt: skip
    with pytest.raises(ServiceError, match="no option"):
        auctions.rule(
            event, seating, board, irregularity="insufficient", option="nonsense",
            offender="N", call="1C", by=Actor.director(director),
        )  # fmt: skip
    assert not Ruling.objects.exists()


def test_tablet_pages_and_the_directors_guide(client, game, director):
    event, seating, board = game
    link = tablets.link_for(event, 1)
    # The board page sends the tablet to the auction first.
    r = client.get(reverse("scorer_board", args=[link.token, 1]))
    assert r["Location"] == reverse("scorer_auction", args=[link.token, 1])
    url = r["Location"]
    client.post(url, {"call": "1H", "seen": "0"})
    client.post(url, {"call": "P", "seen": "1"})
    page = client.post(url, {"call": "1C", "seen": "2"}).content.decode()
    assert "1C by S is not allowed" in page and "Call the director" in page
    client.post(
        reverse("scorer_call", args=[link.token]),
        {"board": "1", "seat": "S", "call": "1C", "note": "insufficient"},
    )
    director_client = client.__class__()
    director_client.force_login(director)
    panel = director_client.get(reverse("director_event", args=[event.pk])).content.decode()
    guide_url = reverse("director_ruling", args=[event.pk, 1, 1, 1])
    assert guide_url in panel and "Rule on board 1" in panel
    guide = director_client.get(guide_url).content.decode()
    assert "An insufficient declaration" in guide and "this call" in guide and "Law 50" in guide
    r = director_client.post(
        guide_url, {"ruling": "insufficient:sufficient", "offender": "S", "call": "1C"}
    )
    assert r["Location"] == reverse("director_rulings", args=[event.pk])
    log = director_client.get(r["Location"]).content.decode()
    assert "Made sufficient" in log
    a = auction_reads.auction_of(event, seating, board)
    assert [str(c) for c in a.calls] == ["1H", "P", "2C"]  # 1C made sufficient: 2C
    page = client.get(url).content.decode()
    assert "2C *" in page
    assert "N may not declare or double again (Law 50) unless an opponent" in page


def test_the_auction_goes_into_the_pbn_export(game, director):
    from tournament import exports

    event, _, _ = game
    bid(game, "1H", "P")
    rule(game, director, "double-partner", "fifty", "S", "X")
    bid(game, "2H", "X", "XX", "P", "P", "P")
    game_1 = board_1_pbn(game, "2HXX", "N", 8)
    assert '[Declarer "N"]' in game_1 and '[Contract "2HXX"]' in game_1 and '[Result "8"]' in game_1
    # PBN export format: CRLF line ends.  The voided double left no trace.
    assert '[Auction "N"]\r\n1H Pass 2H X\r\nXX AP\r\n' in game_1
    assert "Ruling: S: A double of partner" in _traveller_page(event, director)
    # Only finished boards reach the public: with board 1 hidden, no auction either.
    assert '[Auction "' not in exports.write_pbn(event, boards={2})


def _traveller_page(event, director):
    from django.test import Client

    client = Client()
    client.force_login(director)
    return client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()


def test_pbn_auction_marks_a_ruled_call_with_a_note():
    from tournament.exports import pbn_auction

    lines = pbn_auction("E", "1S P 2C* P P P", ["S: An insufficient declaration (Law 50)"])
    assert lines == [
        '[Auction "E"]',
        "1S Pass 2C =1= AP",
        '[Note "1:S: An insufficient declaration (Law 50)"]',
    ]
    assert pbn_auction("E", "1S P 2C* P P P")[-1] == '[Note "1:ruled by the director"]'


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_devices_tapping_at_once_record_one_call(director, monkeypatch):
    """Two tablets at one table (or a double tap) send the next call at once, each having
    seen the same auction: the second waits for the first's lock on the table-round, then
    finds the call made (the same call: answered; another: refused). Never two calls."""
    event = make_event(director, record_auctions=True)
    seating = event.seating_set.get(round=1, table=1)
    board = Board.objects.get(event=event, number=1)
    auctions.make_call(event, seating, board, "1H", seen=0, by=Actor.tablet(1))

    def tap(text):
        return lambda: auctions.make_call(event, seating, board, text, seen=1, by=Actor.tablet(1))

    a, b = Device("a", tap("P")), Device("b", tap("1S"))
    assert gated_race(monkeypatch, (auctions, "from_record"), a, b)  # b waited for a's lock
    assert [str(c) for c in auction_reads.auction_of(event, seating, board).calls] == ["1H", "P"]
    assert isinstance(b.outcome, ServiceError) and "moved on" in str(b.outcome)
    a, b = Device("a", tap("P")), Device("b", tap("P"))  # the same call twice: once
    untimed_race(a, b)
    assert [str(c) for c in auction_reads.auction_of(event, seating, board).calls] == ["1H", "P"]


def test_a_call_out_of_turn_is_reported_from_the_auction_page(client, game, director):
    # The tablet records every call for the player whose turn it is; a call out of turn
    # is reported with the board, and the director rules it (Duplicate Law F).
    event, seating, board = game
    link = tablets.link_for(event, 1)
    page = client.get(reverse("scorer_auction", args=[link.token, 1])).content.decode()
    assert "A call out of turn, or anything else? Call the director" in page
    client.post(reverse("scorer_call", args=[link.token]), {"board": "1"})
    call = event.directorcall_set.get()
    assert (call.board, call.seat, call.call) == (1, "", "")
    auctions.rule(
        event, seating, board, irregularity="out-of-turn", option="stands",
        offender="E", call="1D", by=Actor.director(director),
    )  # fmt: skip
    a = auction_reads.auction_of(event, seating, board)
    assert [str(c) for c in a.calls] == ["P", "1D"] and a.to_call == "S"  # North's turn lost
    assert Ruling.objects.get().penalty == {"side": "NS", "points": 50, "law": "Duplicate Law F"}


def test_a_pass_out_of_turn_bars_the_offender_and_the_tablet_says_only_pass(client, game, director):
    # 1915 Law 49: N 1H; W passes in East's turn.  The order is unaffected (E calls);
    # W may not declare or double unless 1H is overbid or doubled by another player.
    event, seating, board = game
    bid(game, "1H")
    ruling = rule(game, director, "pass-out-of-turn", "order", "W", "P", "W passed in E's turn")
    assert ruling.penalty is None and ruling.law == "Law 49"
    with pytest.raises(ServiceError, match="ruled since that call"):
        auctions.undo_call(event, seating, board, seen=1, by=Actor.tablet(1))
    a = bid(game, "P", "P")
    assert [str(c) for c in a.calls] == ["1H", "P", "P"] and a.to_call == "W"
    with pytest.raises(auctions.CallRefused, match=r"\(Law 49\) unless 1H, the declaration"):
        auctions.make_call(event, seating, board, "X", seen=3, by=Actor.tablet(1))
    link = tablets.link_for(event, 1)
    page = client.get(reverse("scorer_auction", args=[link.token, 1])).content.decode()
    assert "only Pass" in page and "W may not declare or double again (Law 49)" in page
    log = AuditEntry.objects.get(event=event, action="ruling").detail
    assert "A pass out of turn" in log and "W may not declare or double again (Law 49)" in log
    a = bid(game, "P")
    assert a.is_over and str(a.contract()) == "1H"


def test_an_impossible_declaration_makes_the_adversarys_own_last_declaration_final(game, director):
    # 1915 (our reading: the 1913 Law 50 remedy): N 1NT, E 2H, S 7NT, W 7S (no spade
    # declaration of seven or less is higher than 7NT).  North demands that the last
    # declaration made on behalf of his partnership be final: South's 7NT, played by
    # North, who named no trump first (Law 47).
    event, seating, board = game
    bid(game, "1NT", "2H", "7NT")
    with pytest.raises(auctions.CallRefused) as e:
        auctions.make_call(event, seating, board, "7S", seen=3, by=Actor.tablet(1))
    assert auction_reads.refusal(event, seating, board, "W", e.value.call) == "impossible"
    rule(game, director, "impossible", "last-final", "W", "7S")
    a = auction_reads.auction_of(event, seating, board)
    assert a.is_over and str(a.contract()) == "7NT" and a.declarer() == "N"


def test_an_insufficient_declaration_left_to_stand_is_scored_as_bid(game, director):
    # Law 50b's note: N 2S, E 2H (insufficient) stands as regular; S P, W P, N repeats
    # 2S, all pass: 2S by N.
    bid(game, "2S")
    rule(game, director, "insufficient", "stands", "E", "2H")
    a = bid(game, "P", "P", "2S", "P", "P", "P")
    assert [str(c) for c in a.calls] == ["2S", "2H", "P", "P", "2S", "P", "P", "P"]
    assert str(a.contract()) == "2S" and a.declarer() == "N"
    assert auction_reads.auction_text(a) == "2S 2H* P P 2S P P P"


def test_a_ruling_the_auction_does_not_bear_out_is_refused_with_nothing_changed(game, director):
    event, seating, board = game
    bid(game, "1H")
    with pytest.raises(ServiceError, match="allowed now"):
        rule(game, director, "insufficient", "stands", "E", "1S")
    with pytest.raises(ServiceError, match="out of turn"):
        rule(game, director, "insufficient", "stands", "S", "1C")
    assert not Ruling.objects.exists()
    assert [str(c) for c in auction_reads.auction_of(event, seating, board).calls] == ["1H"]


def test_the_royalton_guide_offers_its_own_irregularities_and_says_where_it_reads(client, director):
    event = make_event(director, record_auctions=True, code="royalton")
    client.force_login(director)
    page = client.get(reverse("director_ruling", args=[event.pk, 1, 1, 1])).content.decode()
    assert "A declaration changed after the next player called" in page  # Royalton Law 43
    assert "A royal not of an equal number of tricks" in page  # Royalton Law 32
    assert "Our reading of an open point" in page and "Royalton Law 37" in page
    assert "Royalton Law 50" in page and "Nothing to record here" in page  # a card exposed
    seating = event.seating_set.get(round=1, table=1)
    board = Board.objects.get(event=event, number=1)
    auctions.make_call(event, seating, board, "2H", seen=0, by=Actor.tablet(1))
    with pytest.raises(auctions.CallRefused, match="no jump royal"):
        auctions.make_call(event, seating, board, "3SR", seen=1, by=Actor.tablet(1))
    assert auction_reads.refusal(event, seating, board, "E", "3SR") == "royal"
    r = auctions.rule(
        event, seating, board, irregularity="royal", option="void",
        offender="E", call="3SR", by=Actor.director(director),
    )  # fmt: skip
    assert r.penalty == {"side": "NS", "points": 25, "law": "Royalton Law 32, Royalton Law 99"}


def test_law_65_a_card_exposed_bars_the_partner_for_the_rest_of_the_auction(game, director):
    event, seating, board = game
    bid(game, "1H")
    rule(game, director, "exposed", "law-65", "E", "SQ", "E showed the queen of spades")
    bid(game, "P", "P")
    with pytest.raises(auctions.CallRefused, match=r"W may not declare or double again \(Law 65\)"):
        auctions.make_call(event, seating, board, "1S", seen=3, by=Actor.tablet(1))
    assert Ruling.objects.get().call == "SQ"


def test_pbn_notes_explain_the_marked_calls_only(game, director):
    # N 1H; W passes out of turn (Law 49: nothing recorded, W barred); E 1S overbids
    # 1H (W's bar lifts); W declares 2C in South's turn, standing under Law F.  The PBN
    # note of the marked call is Law F's, not Law 49's.
    bid(game, "1H")
    rule(game, director, "pass-out-of-turn", "order", "W", "P")
    bid(game, "1S")
    rule(game, director, "out-of-turn", "stands", "W", "2C")
    a = bid(game, "P", "P", "P")
    assert auction_reads.auction_text(a) == "1H 1S P 2C* P P P"
    game_1 = board_1_pbn(game, "2C", "W", 8)
    assert '[Note "1:W: A declaration, double or redouble out of turn' in game_1
    assert "A pass out of turn" not in game_1
