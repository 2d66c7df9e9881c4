"""The table's home and its round: the boards to play, the round agreed at the
table, where each pair goes next with the running score, a call to the
director, and the auction recorded call by call.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from scoring.fractions_fmt import signed
from scoring.movements import MovementError, wording

from ... import services
from ...access import table_view
from ...forms.scorer import STRAIN_LABELS
from ...models import Board, Event, Result, Seating, TableLink
from ...queries import auctions as auction_reads
from ...queries import individual_standings, standings, tablet
from ...queries import individuals as individual_reads
from ...services import Actor, ServiceError, auctions, display, tablets, user_message
from . import seats
from .table import current_round, rounds_in_words


@table_view
def scorer_home(request: HttpRequest, link: TableLink) -> HttpResponse:
    seating = current_round(link)
    if seating is None:
        # Finished: by agreeing every round, or because the director closed rounds this
        # table never agreed, each of which is named ("all rounds played" would puzzle a
        # table that entered nothing; "round 1 and the rounds after it", one that agreed
        # rounds 2-4).  A round closed before the table agreed it, but with every board
        # entered here, lost nothing: the players only skipped "Round agreed", and no
        # alarm is raised for it.
        played = Seating.objects.filter(
            event_id=link.event_id,
            table=link.table,
            absent=False,
            ns__isnull=False,
            ew__isnull=False,
        ).order_by("round")
        rounds = list(played.values_list("round", "agreed_at", "first_board", "last_board"))
        entered = dict(
            Result.objects.filter(event_id=link.event_id, table=link.table, is_live=True)
            .values("round")
            .annotate(n=Count("id"))
            .values_list("round", "n")
        )
        unagreed = [
            number
            for number, agreed, first, last in rounds
            if agreed is None and entered.get(number, 0) < last - first + 1
        ]
        every = len(unagreed) == len(rounds) > 1  # "every round", not "rounds 1, ... and 5"
        context = {
            "link": link,
            "event": link.event,
            "closed_rounds": "every round" if every else rounds_in_words(unagreed),
            "closed_them": "them" if len(unagreed) > 1 and not every else "it",
            "closed_count": len(unagreed),
        }
        return render(request, "scorer/finished.html", context)
    if seats.asking(link, seating):  # the event's option: the seats key their names first
        return redirect("scorer_seats", link.token)
    # A board whose score here the director took out of play (Law B's replay or new
    # deal) says so: "enter the result" alone would not tell the table why.
    done, again = services.round_boards(seating)
    boards = [
        {"number": n, "result": done.get(n), "again": n in again} for n in seating.board_numbers
    ]
    # The two pairs' players in one query (the page names them), not two a pair.
    prefetch_related_objects([p for p in (seating.ns, seating.ew) if p is not None], "player_set")
    # The room's clock, only while it counts this table's round (its play, or the change
    # of tables before it): never another round's clock under this round's number.
    timer = display.timer_state(link.event)
    clock = timer if timer.state != "stopped" and timer.round == seating.round else None
    # A set this table shares with others this round: which tables, and the board to
    # start on, in the guide card's words.
    try:
        plan = services.movement_planned(link.event)
        words = wording.table_words(plan, seating.round, link.table)
    except MovementError:  # a seating the movement no longer has: nothing to add
        words = None
    return render(
        request,
        "scorer/round.html",
        {
            "link": link,
            "event": link.event,
            "seating": seating,
            "boards": boards,
            "complete": not services.open_boards(seating, done),
            "calling": any(c.table == link.table for c in tablet.open_calls(link.event_id)),
            "clock": clock,
            "words": words,
            "last_round": not Seating.objects.filter(
                event_id=link.event_id, table=link.table, round__gt=seating.round
            ).exists(),
            # An individual: the four players by seat, each partnering the one opposite.
            "players": individual_reads.seated_players(seating) if link.event.is_individual else [],
        },
    )


@require_POST
@table_view
def scorer_agree(request: HttpRequest, link: TableLink) -> HttpResponse:
    seating = current_round(link)
    if seating is None:
        return redirect("scorer_home", link.token)
    try:
        services.agree_round(seating, by=Actor.tablet(link.table))
    except ServiceError as e:
        messages.error(request, user_message(e))
        return redirect("scorer_home", link.token)
    return redirect("scorer_next", link.token, seating.round)


@table_view
def scorer_next(request: HttpRequest, link: TableLink, round_no: int) -> HttpResponse:
    """Where the pairs and the boards go at the end of the round."""
    seating = (
        Seating.objects.filter(
            event=link.event, table=link.table, round=round_no, agreed_at__isnull=False
        )
        .select_related("ns", "ew")
        .first()
    )
    if seating is None:
        raise Http404("This table has not finished that round")
    movement = services.movement_for(link.event)
    move = movement.next_move(round_no, link.table)
    words = wording.table_words(movement, round_no, link.table)
    context = {
        "link": link,
        "event": link.event,
        "seating": seating,
        "move": move,
        "words": words,
    }
    if link.event.is_individual:  # the players move, not the partnerships
        context["going"], context["coming"] = individual_reads.table_moves(link.event, seating)
    if link.event.tablet_running_score:
        context["running"] = running_scores(link.event, seating)
    return render(request, "scorer/next.html", context)


def running_scores(event: Event, seating: Seating) -> list[dict]:
    """The two pairs' (or teams') scores and places so far: the director's option.

    Standings reveal no hand (they are public from the first result), so this
    shows what the published standings would, for this table's pairs only.
    """
    if event.is_team_match:
        match = standings.team_match(event)
        if match is None:
            return []
        names = {t.label: str(t) for t in event.team_set.all()}
        return [
            {"who": names[label], "score": signed(s.rounded), "place": ""}
            for label, s in match.teams.items()
        ]
    if event.is_individual:  # the table's four players, in one field
        players = individual_standings.individual_contest(event)
        by_label = {r.pair: r for r in players}
        out = []
        for p in individual_reads.seated_players(seating):
            row = by_label.get(p.label)
            if row is not None:
                score = f"{row.percent}%" if row.percent else row.display
                who = f"{p.where} {p.label}" + (f" {p.name}" if p.name else "")
                out.append({"who": who, "score": score, "place": f"{row.rank} of {len(players)}"})
        return out
    rows = standings.pair_contest(event)
    out = []
    for side, pair in (("North-South", seating.ns), ("East-West", seating.ew)):
        if pair is None:
            continue
        row = next((r for r in rows if r.pair == pair.label), None)
        if row is None:
            continue
        field = sum(1 for r in rows if r.direction == row.direction)
        if row.percent:
            score = f"{row.percent}%"
        elif event.by_matchpoints:
            score = "no comparison yet"  # every board so far played at this table only
        else:
            score = row.display
        place = f"{row.rank} of {field}"
        out.append({"who": f"{side} {pair.label}", "score": score, "place": place})
    return out


@require_POST
@table_view
def scorer_call(request: HttpRequest, link: TableLink) -> HttpResponse:
    seating = current_round(link)
    board_text = request.POST.get("board", "")
    board = int(board_text) if board_text.isascii() and board_text.isdigit() else None
    if seating is None or board not in seating.board_numbers:
        board = None
    tablets.call_director(
        link.event,
        link.table,
        seating.round if seating else 0,
        board=board,
        seat=request.POST.get("seat", "")[:1].upper() if board else "",
        call=request.POST.get("call", "")[:12] if board else "",
        note=request.POST.get("note", "")[:300] if board else "",
    )
    messages.success(request, "The director has been called to your table.")
    if board is not None:
        return redirect("scorer_auction", link.token, board)
    return redirect("scorer_home", link.token)


@table_view
def scorer_auction(request: HttpRequest, link: TableLink, number: int) -> HttpResponse:
    """The auction, one tap a call: the event's code checks each call; a call it
    refuses is not recorded, and the scorer may call the director about it."""
    event = link.event
    seating = current_round(link)
    if not event.record_auctions or seating is None or number not in seating.board_numbers:
        return redirect("scorer_board", link.token, number)
    board = Board.objects.get(event=event, number=number)
    existing = services.live_result(event, number, seating.round, link.table)
    if existing is not None:
        return redirect("scorer_result", link.token, existing.pk)
    refused = None
    if request.method == "POST":
        seen_text = request.POST.get("seen", "")
        seen = int(seen_text) if seen_text.isascii() and seen_text.isdigit() else -1
        by = Actor.tablet(link.table)
        try:
            if request.POST.get("action") == "undo":
                auctions.undo_call(event, seating, board, seen=seen, by=by)
            else:
                auctions.make_call(
                    event, seating, board, request.POST.get("call", ""), seen=seen, by=by
                )
                # The auction's last call: straight on to the tricks (the board page
                # shows the contract and declarer it made, with a link back to it).
                if auction_reads.auction_of(event, seating, board).is_over:
                    return redirect("scorer_board", link.token, number)
            return redirect("scorer_auction", link.token, number)
        except auctions.CallRefused as e:
            refused = {"call": e.call[:12], "message": user_message(e)}
        except ServiceError as e:
            messages.error(request, user_message(e))
            return redirect("scorer_auction", link.token, number)
    auction = auction_reads.auction_of(event, seating, board)
    barred_now, bar_notes = auction_reads.bar_lines(auction)
    return render(
        request,
        "scorer/auction.html",
        {
            "link": link,
            "event": event,
            "seating": seating,
            "board": board,
            "auction": auction,
            "grid": auction_reads.grid(auction),
            "bar_notes": bar_notes,
            "barred_now": barred_now,
            "box": _bid_box(auction) if not auction.is_over else [],
            "refused": refused,
            "seen": len(auction.calls),
        },
    )


def _bid_box(auction) -> dict:
    """Every call with whether the code allows it now (the others are dimmed, not hidden:
    what happened at the table may have to go to the director)."""
    legal = {str(c) for c in auction.legal_calls()}
    labels = dict(STRAIN_LABELS)
    if auction.code.english_bidding:
        labels["S"] = "Royal ♠"
    rows = []
    for level in range(1, 8):
        row = []
        for strain in auction.code.strains:
            for royal in (False, True) if auction.code.has_royal else (False,):
                text = f"{level}{strain}{'R' if royal else ''}"
                row.append(
                    {
                        "call": text,
                        "label": f"{level}{labels[strain]}{' R' if royal else ''}",
                        "legal": text in legal,
                        "royal": royal,
                        "suit": strain,
                    }
                )
        rows.append(row)
    specials = [
        {"call": c, "label": label, "legal": c in legal}
        for c, label in (("P", "Pass"), ("X", "Double"), ("XX", "Redouble"))
    ]
    return {"rows": rows, "specials": specials}
