"""The table scorer's tablet: its boundary, its PIN, retries and Law E."""

import re

import pytest
from django.urls import reverse

from tournament import services
from tournament.models import DirectorCall, Result, TableLink
from tournament.services import Actor, Entry, tablets

from .conftest import make_event

# 3-table Mitchell, 2 boards a round: round 1 table 1 plays boards 1-2 (pairs 1 v 4),
# table 2 boards 3-4; in round 2 table 1 plays boards 3-4.


def board_post(**kw):
    data = {
        "level": "4",
        "strain": "H",
        "doubled": "",
        "declarer": "S",
        "tricks": "10",
        "revokes_ns": "0",
        "revokes_ew": "0",
        # No hand record: the honours are a required answer (docs/laws/scoring.md, "Honours").
        "honours": "aces:none" if kw.get("strain") == "NT" else "trumps:EW-3",
        "key": "k-" + kw.pop("key", "1"),
    }
    data.update({k: str(v) for k, v in kw.items()})
    return data


@pytest.fixture
def link(event):
    return tablets.link_for(event, 1)


def url(name, link, *args):
    return reverse(name, args=[link.token, *args])


def test_enter_confirm_agree_and_next_move(client, event, link):
    page = client.get(url("scorer_home", link)).content.decode()
    assert "Round 1" in page and "Board 1" in page and "Board 2" in page
    r = client.post(url("scorer_board", link, 1), board_post(key="a"))
    result = Result.objects.get(event=event)
    assert r["Location"] == url("scorer_result", link, result.pk)
    # 4H made: 32 + 125 premium = 157 to NS; EW simple honours 2 x 8 = 16: 141.
    assert (result.net_ns, result.confirmed, result.entered_via) == (141, False, "table 1")
    page = client.get(r["Location"]).content.decode()
    assert "duplicate premium" in page and "Opponents: we agree" in page
    client.post(r["Location"], {"action": "confirm"})
    assert Result.objects.get(pk=result.pk).confirmed
    # Agreeing the round needs every board confirmed.
    client.post(url("scorer_agree", link))
    assert event.seating_set.get(round=1, table=1).agreed_at is None
    r = client.post(url("scorer_board", link, 2), board_post(level="PASS", key="b"))
    client.post(r["Location"], {"action": "confirm"})
    r = client.post(url("scorer_agree", link))
    assert r["Location"] == url("scorer_next", link, 1)
    page = client.get(r["Location"]).content.decode()
    # Mitchell: NS stay, EW pair 4 goes to table 2, boards 1-2 go down to table 3.
    assert "North-South pair 1: stay at this table" in page
    assert "East-West pair 4: go to table 2, East-West" in page
    assert "Boards 1-2 to table 3" in page
    assert "Round 2" in client.get(url("scorer_home", link)).content.decode()


def test_link_cannot_reach_another_tables_boards_or_results(client, event, link):
    # Board 3 belongs to table 2 in round 1, and to table 1 only in round 2: the tablet is
    # sent back to its round, told where it is, and shown nothing of board 3.
    r = client.get(url("scorer_board", link, 3), follow=True)
    assert r.redirect_chain == [(url("scorer_home", link), 302)]
    assert "Board 3 is not one of this table" in r.content.decode()  # (the ' is escaped)
    r = client.post(url("scorer_board", link, 3), board_post(), follow=True)
    assert "Nothing was saved" in r.content.decode()
    other = services.enter_result(
        event, board_number=3, round_no=1, table=2, entry=Entry("4H", "S", 10), by=Actor.tablet(2)
    )
    assert client.get(url("scorer_result", link, other.pk)).status_code == 404
    assert (
        client.post(url("scorer_result", link, other.pk), {"action": "confirm"}).status_code == 404
    )
    assert client.post(url("scorer_change", link, other.pk), board_post()).status_code == 404
    assert not Result.objects.get(pk=other.pk).confirmed
    assert Result.objects.filter(event=event).count() == 1


def test_link_cannot_reach_another_round(client, event, link):
    # A round-2 board of table 1, before round 1 is agreed: refused (back to round 1).
    assert client.get(url("scorer_board", link, 3))["Location"] == url("scorer_home", link)
    assert client.get(url("scorer_next", link, 1)).status_code == 404


def test_link_cannot_reach_another_event_or_director_pages(client, event, link, director):
    other_event = make_event(director, name="Other")
    theirs = services.enter_result(
        other_event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("4H", "S", 10),
        by=Actor.tablet(1),
    )
    assert client.get(url("scorer_result", link, theirs.pk)).status_code == 404
    client.get(url("scorer_home", link))  # the tablet's session
    for name, args in [
        ("director_event", [event.pk]),
        ("director_traveller", [event.pk, 1]),
        ("director_links", [event.pk]),
    ]:
        r = client.get(reverse(name, args=args))
        assert r.status_code == 302 and "/login/" in r["Location"]
    assert client.get(reverse("event_standings", args=[event.pk])).status_code == 404


def test_unknown_or_reissued_link_is_refused(client, event, link, director):
    assert client.get(reverse("scorer_home", args=["not-a-token"])).status_code == 404
    tablets.reissue(event, 1, by=Actor.director(director))
    assert client.get(url("scorer_home", link)).status_code == 404
    new = TableLink.objects.get(event=event, table=1, revoked_at__isnull=True)
    assert client.get(url("scorer_home", new)).status_code == 200


def test_pin_and_the_sixth_wrong_pin(client, event, link, director):
    tablets.set_pin(link, "4271", by=Actor.director(director))
    page = client.get(url("scorer_home", link)).content.decode()
    assert "Enter the table's PIN" in page
    assert client.get(url("scorer_board", link, 1)).status_code == 200  # the PIN page
    assert "Enter the table's PIN" in client.get(url("scorer_board", link, 1)).content.decode()
    for _ in range(5):
        r = client.post(url("scorer_home", link), {"pin": "0000"})
        assert r.status_code == 403 and "not right" in r.content.decode()
    r = client.post(url("scorer_home", link), {"pin": "4271"})  # the sixth try: refused
    assert r.status_code == 403 and "Too many wrong PINs" in r.content.decode()
    assert "Enter the table's PIN" in client.get(url("scorer_home", link)).content.decode()


def test_right_pin_opens_the_table(client, event, link, director):
    tablets.set_pin(link, "4271", by=Actor.director(director))
    r = client.post(url("scorer_home", link), {"pin": "4271"})
    assert r.status_code == 302
    assert "Round 1" in client.get(url("scorer_home", link)).content.decode()


def test_wrong_pins_limited_per_address_across_tables(client, event, director):
    for table in (1, 2, 3):
        tablets.set_pin(tablets.link_for(event, table), "1111", by=Actor.director(director))
    failures = 0
    for table in (1, 2, 3):
        for _ in range(4):
            r = client.post(url("scorer_home", tablets.link_for(event, table)), {"pin": "0000"})
            failures += "not right" in r.content.decode()
    assert failures == 10  # the eleventh and twelfth wrong tries from this address are refused


def test_retried_submission_stores_one_result(client, event, link):
    first = client.post(url("scorer_board", link, 1), board_post(key="same"))
    again = client.post(url("scorer_board", link, 1), board_post(key="same"))
    assert first["Location"] == again["Location"]
    assert Result.objects.filter(event=event).count() == 1


def test_second_device_gets_a_message_naming_the_first_result(client, event, link):
    client.post(url("scorer_board", link, 1), board_post(key="one"))
    r = client.post(
        url("scorer_board", link, 1),
        board_post(key="two", level="3", strain="NT", declarer="N", tricks="9"),
    )
    page = r.content.decode()
    assert r.status_code == 200
    assert "already has a result: 4H by S, 10 tricks, NS +141" in page
    assert re.search(r'name="bid" value="3NT" id="id_bid_\d+" checked', page)  # input kept
    # ...and a link to the result that stands, so the table can see what was stored.
    first = url("scorer_result", link, Result.objects.get(event=event).pk)
    assert f'<a href="{first}">See the result that stands</a>' in page
    assert Result.objects.filter(event=event, is_live=True).count() == 1


def test_change_before_agreement_then_refused_after(client, event, link):
    r = client.post(url("scorer_board", link, 1), board_post(key="x"))
    result = Result.objects.get(event=event)
    r = client.post(url("scorer_change", link, result.pk), board_post(key="y", tricks="9"))
    new = Result.objects.get(event=event, is_live=True)
    # One down, 50 to EW, and EW's simple honours 16: -66.
    assert new.net_ns == -66 and new.version == 2 and not new.confirmed
    client.post(url("scorer_result", link, new.pk), {"action": "confirm"})
    r = client.post(url("scorer_board", link, 2), board_post(level="PASS", key="z"))
    client.post(r["Location"], {"action": "confirm"})
    client.post(url("scorer_agree", link))
    # The round is agreed: the table cannot change it any more (Law E); an old page's
    # change is refused in words, not a "not found".
    refused = client.post(url("scorer_change", link, new.pk), board_post(key="w", tricks="11"))
    assert refused.status_code == 409
    assert "Round 1 has been agreed" in refused.content.decode()
    with pytest.raises(services.ServiceError, match="only the director"):
        services.correct_result(new, entry=Entry("4H", "S", 11), by=Actor.tablet(1))
    assert Result.objects.get(event=event, is_live=True, board__number=1).pk == new.pk


def test_an_old_change_link_after_the_round_was_agreed_says_to_call_the_director(
    client, event, link
):
    """A scorer going back to a board's "Change" after the round was agreed must not get
    the generic "Not found" page.  Law E: once agreed, a score is the
    director's to change; the page says so, names the score that stands, offers to call
    the director and goes back to the table's round."""
    for number, key in ((1, "a"), (2, "b")):
        r = client.post(url("scorer_board", link, number), board_post(key=key))
        client.post(r["Location"], {"action": "confirm"})
    agreed = Result.objects.get(event=event, board__number=1)
    client.post(url("scorer_agree", link))
    r = client.get(url("scorer_change", link, agreed.pk))
    page = r.content.decode()
    assert r.status_code == 409
    assert "Round 1 has been agreed" in page
    assert "only the director changes it (Duplicate Law E)" in page
    assert "The score that stands (round 1): <strong>4H by S, 10 tricks, NS +141</strong>" in page
    assert f'action="{url("scorer_call", link)}"' in page and "Call the director" in page
    assert f'href="{url("scorer_home", link)}">Back to round 2<' in page
    assert 'name="level"' not in page  # no form to fill in
    # The director closed the round instead: said so.
    services.close_round(event, 1, by=Actor.director(event.owner))
    page = client.get(url("scorer_change", link, agreed.pk)).content.decode()
    assert "The director has closed round 1" in page
    # Calling the director from there works.
    client.post(url("scorer_call", link))
    assert DirectorCall.objects.filter(event=event, table=1).exists()
    assert Result.objects.filter(event=event).count() == 2  # nothing changed


def test_an_old_change_link_of_a_changed_score_links_the_score_that_stands(client, event, link):
    client.post(url("scorer_board", link, 1), board_post(key="a"))
    old = Result.objects.get(event=event)
    client.post(url("scorer_change", link, old.pk), board_post(key="b", tricks="9"))
    new = Result.objects.get(event=event, is_live=True)
    for r in (
        client.get(url("scorer_change", link, old.pk)),
        client.post(url("scorer_change", link, old.pk), board_post(key="c", tricks="11")),
    ):
        page = r.content.decode()
        assert r.status_code == 409
        assert "it has been changed since" in page
        assert "The score that stands: <strong>4H by S, 9 tricks, NS -66</strong>" in page
        assert f'href="{url("scorer_result", link, new.pk)}"' in page
    assert Result.objects.filter(event=event).count() == 2
    # Another table's result is still not this tablet's to know of: a plain 404.
    other = services.enter_result(
        event, board_number=3, round_no=1, table=2, entry=Entry("4H", "S", 10), by=Actor.tablet(2)
    )
    assert client.get(url("scorer_change", link, other.pk)).status_code == 404
    assert client.get(url("scorer_change", link, 2**64)).status_code == 404  # no such id


def test_revoke_choice_is_suggested(client, event, link):
    r = client.post(
        url("scorer_board", link, 1), board_post(level="3", doubled="X", tricks="7", revokes_ew="1")
    )
    page = r.content.decode()
    assert "Declarer chooses" in page and "worth more to declarer" in page
    # Tricks: 4 x 8 x 2 = 64 + 125 premium = 189; points: 100 (no undertricks to the
    # revoking side, Law 84); EW's simple honours (16) count either way: 173 and 84.
    assert "NS 173" in page and "NS 84" in page
    assert not Result.objects.exists()
    client.post(
        url("scorer_board", link, 1),
        board_post(level="3", doubled="X", tricks="7", revokes_ew="1", revoke_penalty="tricks"),
    )
    assert Result.objects.get().net_ns == 173


def test_call_the_director(client, event, link, director):
    client.post(url("scorer_call", link))
    assert DirectorCall.objects.filter(event=event, table=1).exists()
    client.force_login(director)
    page = client.get(reverse("director_event", args=[event.pk])).content.decode()
    assert "Table 1 calls the director" in page


def test_royalton_form_offers_royal_and_nullo(client, director):
    e = make_event(director, code="royalton")
    link = tablets.link_for(e, 1)
    page = client.get(url("scorer_board", link, 1)).content.decode()
    assert "Nullo" in page and "Royal" in page and "Honours held" not in page
    # Royal bids, explained; no honours question: Royalton scores none.
    assert "Royal bids: the chips marked R" in page and 'id="honours-answer"' not in page
    client.post(
        url("scorer_board", link, 1),
        board_post(level="2", strain="NULLO", declarer="E", tricks="4"),
    )
    assert Result.objects.get(event=e).contract == "2NULLO"


def test_a_1915_board_asks_the_honours_and_offers_no_royal_bids(client, event, link):
    page = client.get(url("scorer_board", link, 1)).content.decode()
    assert 'id="honours-answer"' in page and "Royal bids: the chips marked R" not in page


def test_director_links_page_with_qr(client, event, director):
    client.force_login(director)
    page = client.get(reverse("director_links", args=[event.pk])).content.decode()
    assert "/t/" in page
    page = client.get(reverse("director_tables", args=[event.pk])).content.decode()
    assert "<svg" in page
    client.post(
        reverse("director_links", args=[event.pk]), {"table": "2", "action": "pin", "pin": "12a4"}
    )
    assert tablets.link_for(event, 2).pin == ""
    client.post(
        reverse("director_links", args=[event.pk]), {"table": "2", "action": "pin", "pin": "1234"}
    )
    assert tablets.link_for(event, 2).pin == "1234"


# What one submission costs (docs/decisions/first-entry.md) ----------------------------------

TRANSACTION = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")


def test_a_tablet_submission_takes_nine_statements(client, event, link):
    """The link, its event and its club, the board (for the form), the table-round's
    one locked read, under the lock the board and its round's state with whether the
    key was stored (tournament.queries.tablet: a row a read, docs/decisions/
    tablet-reads.md), the result and its audit line: no read of the round before the
    lock, no asking apart whether the board has a result (the unique index answers a
    second device)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        r = client.post(url("scorer_board", link, 1), board_post(key="count"))
    assert r["Location"].startswith(f"/t/{link.token}/results/")
    statements = [q["sql"] for q in queries.captured_queries]
    work = [q for q in statements if not q.upper().startswith(TRANSACTION)]
    assert len(work) <= 9, "\n".join(work)
    assert len(statements) <= 11, "\n".join(statements)  # and its transaction's two
    assert sum("FOR NO KEY UPDATE" in q or "FOR UPDATE" in q for q in work) <= 1


def test_a_retry_is_answered_under_the_lock_without_a_refused_insert(client, event, link):
    """A retry (the same key) learns of its first try in the board's read under the
    table-round's lock: the stored result is read and returned, with no insert for the
    database to refuse, no rollback and no second transaction."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first = client.post(url("scorer_board", link, 1), board_post(key="again"))
    with CaptureQueriesContext(connection) as queries:
        again = client.post(url("scorer_board", link, 1), board_post(key="again"))
    assert again["Location"] == first["Location"]
    statements = [q["sql"] for q in queries.captured_queries]
    assert not any(q.upper().startswith(("INSERT", "ROLLBACK")) for q in statements), statements
    # One transaction (a savepoint inside the test's own).
    assert sum(q.upper().startswith(("BEGIN", "SAVEPOINT")) for q in statements) == 1, statements
    # The link, its event and club, the board; the lock, the board and its round's state
    # with the key's, the stored result.
    work = [q for q in statements if not q.upper().startswith(TRANSACTION)]
    assert len(work) <= 8, "\n".join(work)
    assert Result.objects.filter(event=event).count() == 1


def test_a_retry_after_the_round_was_agreed_gets_the_stored_result(client, event, link):
    first = client.post(url("scorer_board", link, 1), board_post(key="late"))
    result = Result.objects.get(event=event)
    services.confirm_result(result, by=Actor.tablet(1))
    services.enter_result(
        event,
        board_number=2,
        round_no=1,
        table=1,
        entry=Entry("PASS"),
        by=Actor.tablet(1),
        confirmed=True,
    )
    services.agree_round(event.seating_set.get(round=1, table=1), by=Actor.tablet(1))
    again = client.post(url("scorer_board", link, 1), board_post(key="late"))
    assert again["Location"] == first["Location"]
    assert Result.objects.filter(event=event).count() == 2


def test_a_submission_to_a_closed_round_is_refused_in_the_directors_words(client, event, link):
    services.close_round(event, 1, by=Actor.director(event.owner))
    r = client.post(url("scorer_board", link, 1), board_post(key="closed"), follow=True)
    assert r.status_code == 200
    assert "Nothing was saved" in r.content.decode()
    assert not Result.objects.filter(event=event).exists()


def test_the_round_page_names_both_pairs_players_in_one_query(client, event, link):
    """The page a tablet returns to after each board: the table's two pairs named, their
    four players read together, not a query each time a pair's names are asked."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.models import Player

    seating = event.seating_set.get(round=1, table=1)
    for pair, names in ((seating.ns, ("Ann", "Bob")), (seating.ew, ("Cy", "Di"))):
        for position, name in enumerate(names, 1):
            Player.objects.update_or_create(pair=pair, position=position, defaults={"name": name})
    client.get(url("scorer_home", link))  # the tablet's session
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url("scorer_home", link)).content.decode()
    assert "(Ann &amp; Bob)" in page and "(Cy &amp; Di)" in page
    players = [q["sql"] for q in queries.captured_queries if "tournament_player" in q["sql"]]
    assert len(players) == 1, players
    # The link, its event and its club, the round and its pairs (a row a read:
    # docs/decisions/tablet-reads.md), the players, the results: none a row at a time.
    assert len(queries.captured_queries) <= 9


def test_a_result_page_of_a_score_changed_since_goes_to_the_one_that_stands(client, event, link):
    """Phone B has board 1's result page open when phone A changes the score: B's reload,
    and B's opponents agreeing the old score, must not get the public "no page at this
    address" page, as if the table's link were dead.  The score that
    stands, with why; an agreement of the old score is not recorded."""
    client.post(url("scorer_board", link, 1), board_post(key="a"))
    old = Result.objects.get(event=event)
    client.post(url("scorer_change", link, old.pk), board_post(key="b", tricks="9"))
    new = Result.objects.get(event=event, is_live=True)
    r = client.get(url("scorer_result", link, old.pk), follow=True)
    assert r.redirect_chain == [(url("scorer_result", link, new.pk), 302)]
    page = r.content.decode()
    assert "score was changed since, on this tablet or another one at the table" in page
    assert "The score that stands: 4H by S, 9 tricks, NS -66." in page
    r = client.post(url("scorer_result", link, old.pk), {"action": "confirm"}, follow=True)
    assert r.redirect_chain == [(url("scorer_result", link, new.pk), 302)]
    assert "Nothing was agreed: check the score that stands and agree that one." in (
        r.content.decode()
    )
    assert not Result.objects.filter(event=event, confirmed=True).exists()
    # Taken out of play by the director: back to the round, told so.
    services.void_result(new, by=Actor.director(event.owner, reason="fouled board"))
    r = client.get(url("scorer_result", link, new.pk), follow=True)
    assert r.redirect_chain == [(url("scorer_home", link), 302)]
    assert "taken board 1&#x27;s score out of play" in r.content.decode()


def test_a_result_page_of_a_round_agreed_since_goes_back_to_the_tables_round(client, event, link):
    for number, key in ((1, "a"), (2, "b")):
        r = client.post(url("scorer_board", link, number), board_post(key=key))
        client.post(r["Location"], {"action": "confirm"})
    agreed = Result.objects.get(event=event, board__number=1)
    client.post(url("scorer_agree", link))
    r = client.get(url("scorer_result", link, agreed.pk), follow=True)
    assert r.redirect_chain == [(url("scorer_home", link), 302)]
    page = r.content.decode()
    assert "Board 1: the table has agreed round 1, so its score is the director" in page
    assert "The score that stands: 4H by S, 10 tricks, NS +141." in page
    assert "Round 2" in page
    services.close_round(event, 1, by=Actor.director(event.owner))
    r = client.post(url("scorer_result", link, agreed.pk), {"action": "confirm"}, follow=True)
    page = r.content.decode()
    assert "the director has closed round 1" in page and "Nothing was recorded now." in page
    # Not this table's: still a plain 404, whatever its state.
    other = services.enter_result(
        event,
        board_number=3,
        round_no=1,
        table=2,
        entry=Entry("4H", "S", 10),
        by=Actor.director(event.owner, reason="late"),
    )
    assert client.get(url("scorer_result", link, other.pk)).status_code == 404


def test_a_line_whose_score_carries_a_revoke_says_so_wherever_it_is_shown(
    client, event, link, director
):
    """A line "4S by N, 9 tricks, NS +161" (a defender's revoke, declarer taking three
    tricks) beside another table's "4S by N, 10 tricks, NS +143" reads as a scoring
    mistake unless the revoke is named: the tricks shown are those played, the penalty is in the
    score."""
    r = client.post(
        url("scorer_board", link, 1),
        board_post(level="4", strain="S", declarer="N", tricks="9", revokes_ew="1",
                   revoke_penalty="tricks"),
    )  # fmt: skip
    result = Result.objects.get(event=event)
    assert result.revoke_note == "EW revoke"
    assert result.played == "4S by N, 9 tricks, EW revoke"
    assert f"{result.played}, NS " in result.summary
    page = client.get(r["Location"]).content.decode()
    assert '9 tricks, <span class="revoke-note">EW revoke</span>' in page
    assert "EW revoke" in client.get(url("scorer_home", link)).content.decode()
    client.force_login(director)
    page = client.get(reverse("director_traveller", args=[event.pk, 1])).content.decode()
    assert ">(EW revoke)</span>" in page
    # Two revokes, one by each side: both named; none: nothing added.
    result.revokes_ns, result.revokes_ew = 1, 2
    assert result.revoke_note == "NS revoke, EW 2 revokes"
    result.revokes_ns = result.revokes_ew = 0
    assert result.played == "4S by N, 9 tricks"


def test_a_refused_entry_says_so_at_the_top_of_the_page(client, event, link):
    """The missing-honours message sits under twelve honour chips, far down the phone's
    page, and the page comes back scrolled to the top, as if "Score it" had done nothing:
    so the top names what is missing, linked."""
    post = board_post(declarer="", honours="")
    page = client.post(url("scorer_board", link, 1), post).content.decode()
    top = page[: page.index('id="level-answer"')]
    assert "Not scored yet:" in top
    assert '<a href="#declarer-answer">Declarer</a>: Who was declarer?' in top
    assert 'id="declarer-answer"' in page
    assert not Result.objects.filter(event=event).exists()
    post = board_post(honours="")  # the honours only (asked once the rest is right)
    page = client.post(url("scorer_board", link, 1), post).content.decode()
    top = page[: page.index('id="level-answer"')]
    assert '<a href="#honours-answer">Honours</a>:' in top and 'id="honours-answer"' in page


def bid_post(bid, **kw):
    """The board page's answers with the contract in one tap, as the page sends them."""
    data = board_post(**kw)
    del data["level"], data["strain"]
    data["bid"] = bid
    return data


def test_the_contract_in_one_tap_scores_as_level_and_strain(client, event, link):
    r = client.post(url("scorer_board", link, 1), bid_post("4H"))
    assert r.status_code == 302
    result = Result.objects.get(event=event)
    assert (result.contract, result.declarer, result.tricks) == ("4H", "S", 10)
    assert not result.confirmed  # "Score it": the opponents agree on the next page


def test_a_contract_that_is_no_bid_of_the_code_is_refused_in_words(client, event, link):
    for bid in ("8H", "4X", "", "4HR"):  # no eighth level, no X strain, no royal bids in 1915
        page = client.post(url("scorer_board", link, 1), bid_post(bid)).content.decode()
        assert "Not scored yet" in page and "Contract" in page, bid
    assert not Result.objects.filter(event=event).exists()


def test_the_agreement_tapped_under_the_score_enters_and_agrees_it(client, event, link):
    r = client.post(url("scorer_board", link, 1), {**bid_post("4H"), "agree": "1"})
    result = Result.objects.get(event=event)
    assert result.confirmed and r["Location"] == url("scorer_result", link, result.pk)
    # The same tap sent again (flaky Wi-Fi, same key): the stored result, not a second one.
    again = client.post(url("scorer_board", link, 1), {**bid_post("4H"), "agree": "1"})
    assert again.status_code == 302 and Result.objects.filter(event=event).count() == 1


def test_the_preview_scores_without_storing_and_only_the_tables_boards(client, event, link):
    preview = url("scorer_preview", link, 1)
    page = client.post(preview, bid_post("4H")).content.decode()
    # 4H by S, 10 tricks: 4 odd x 8 = 32 + 125 premium; EW three honours (simple) 2 x 8 = 16.
    assert "Net to North-South: <strong>141</strong>" in page and "data-score" in page
    assert not Result.objects.filter(event=event).exists()
    assert "data-score" not in client.post(preview, bid_post("4H", tricks="")).content.decode()
    assert client.get(preview).status_code == 405
    # Board 3 is table 2's this round: nothing of it is scored here (a hand record would
    # tell something of its hands).
    assert client.post(url("scorer_preview", link, 3), bid_post("4H")).status_code == 404


# The board page's widgets are drawn once for the same inputs (forms.scorer.DrawnOnce).

DRAWN_POSTS = [
    None,  # a blank board
    board_post(),
    board_post(level="PASS"),
    board_post(strain="NT", declarer="E", tricks="6", revokes_ns="2", revoke_penalty="points"),
    board_post(level="", strain="", tricks="14", honours="trumps:nonsense"),  # refused
    board_post(penalty_side="EW", penalty_points="50", penalty_law="Law 54"),
    bid_post("4H"),  # the contract in one tap
    bid_post("2SR", doubled="X"),  # a royal bid where the code has them, refused elsewhere
    bid_post("PASS"),
    bid_post("8H"),  # no bid of any code: refused
]


def test_a_kept_drawing_is_the_one_django_draws(monkeypatch):
    """Every form of every code, blank, bound and refused, drawn twice over in turn: the
    second time each widget's HTML comes from what any form before it kept, and must
    equal what Django draws afresh with nothing kept."""
    from scoring.codes import get_code
    from tournament.forms import scorer

    codes = [get_code("1915"), get_code("1913", english_bidding=True), get_code("royalton")]

    def forms():
        for code in codes:
            for hand_record in (False, True):
                for data in DRAWN_POSTS:
                    form = scorer.TabletEntryForm.for_code(code, hand_record)(data)
                    form.is_valid()
                    yield form

    for form in forms():  # drawn, and kept
        "".join(str(field) for field in form)
    drawn = 0
    for form in forms():
        for field in form:
            if not isinstance(field.field.widget, scorer.DrawnOnce):
                continue
            kept = str(field)
            with monkeypatch.context() as m:
                m.setattr(scorer, "_DRAWN", {})
                m.setattr(scorer, "DRAWINGS", 0)
                fresh = str(field)
            assert kept == fresh, (form.code.name, field.name, form.data)
            drawn += 1
    assert drawn > 100


def test_the_submission_key_is_written_as_djangos_hidden_input_draws_it(client, event, link):
    """The board page writes its key's hidden input out (a new key on every page, so no
    drawing of it could be kept): the same input Django's widget draws, a fresh page's
    key new, a refused submission's kept for its retry."""
    fresh = client.get(url("scorer_board", link, 1))
    again = client.get(url("scorer_board", link, 1))
    refused = client.post(url("scorer_board", link, 1), board_post(key="<kept>", tricks="14"))
    assert refused.status_code == 200
    keys = []
    for page in (fresh, again, refused):
        key = page.context["form"]["key"]
        assert str(key) in page.content.decode()
        keys.append(key.value())
    assert keys[0] != keys[1] and re.fullmatch("[0-9a-f]{32}", keys[0])
    assert keys[2] == "k-<kept>"
