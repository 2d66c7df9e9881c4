"""A board at the table: its entry page, the submission, the result the table
entered, and a change to it while the round is open.

A submission carries an idempotency key, so a retry on flaky Wi-Fi returns the
stored result instead of making a second one; a board that is not this table's
now, or a result that another table or the director has since changed, is
refused in words that say where the table is.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from scoring import Refusal, revoke_choices

from ... import services
from ...access import table_view
from ...forms.scorer import TabletEntryForm
from ...models import Board, Result, Seating, TableLink
from ...queries import tablet, travellers
from ...queries.auctions import auction_of
from ...services import (
    Actor,
    AuctionNotOver,
    Outcome,
    ResultConflict,
    ServiceError,
    user_message,
)
from ...services.results import DIRECTOR_SET, round_closed
from .table import could_be_an_id, current_round, own_result, stored_answer, submission_key


def _entry_form(
    request: HttpRequest,
    link: TableLink,
    board: Board,
    *,
    changing: Result | None = None,
    initial: dict | None = None,
) -> TabletEntryForm:
    """The board's entry form, bound to the POST if there is one."""
    form = TabletEntryForm.for_code(link.event.laws, bool(board.deal))
    return form(
        request.POST if request.method == "POST" else None,
        initial=TabletEntryForm.initial_from(changing, link.event.laws) if changing else initial,
    )


def _render_board(
    request: HttpRequest,
    link: TableLink,
    seating: Seating,
    board: Board,
    form: TabletEntryForm,
    advice: list | None,
    *,
    changing: Result | None = None,
    initial: dict | None = None,
) -> HttpResponse:
    context = {
        "link": link,
        "event": link.event,
        "seating": seating,
        "board": board,
        "form": form,
        "advice": advice,
        "changing": changing,
        "from_auction": initial is not None and changing is None,
    }
    return render(request, "scorer/board.html", context)


def _refuse(
    form: TabletEntryForm, link: TableLink, board: Board, error: ServiceError
) -> list | None:
    """Put a refusal on the board's form, beside the field it concerns, in the table's
    words; when declarer must still choose a revoke penalty, both options, best first.
    A result that stands (a second tablet at the table, or the same tablet twice) is
    linked, so the table can see what was stored."""
    standing = error.existing if isinstance(error, ResultConflict) else None
    if standing is not None and standing.is_live:
        url = reverse("scorer_result", args=[link.token, standing.pk])
        text = user_message(error)
        form.add_error(
            None, format_html('{} <a href="{}">See the result that stands</a>', text, url)
        )
        return None
    advice = None
    if error.code == Refusal.CHOICE_MISSING:  # the entry was scored as far as the choice
        result = services.deal_result(link.event, board, form.entry())
        advice = list(revoke_choices(result, link.event.laws).items())
    form.refuse(error)
    return advice


def _not_here(
    request: HttpRequest, link: TableLink, number: int, seating: Seating | None
) -> HttpResponse:
    """Back from the next round's page, or a bookmark: say where the table is now.

    (Nothing of the board is shown; a result for an agreed round is the director's.)
    """
    if seating is None:
        note = f"Board {number}: this table has finished every round."
    else:
        note = (
            f"Board {number} is not one of this table's boards now: it plays round "
            f"{seating.round}, boards {seating.first_board}–{seating.last_board}."
        )
    if request.method == "POST":
        note += " Nothing was saved: if a result is missing, call the director."
        messages.error(request, note)
    else:
        messages.info(request, note)
    return redirect("scorer_home", link.token)


def _submit(request: HttpRequest, link: TableLink, number: int) -> HttpResponse:
    """A tablet's submission of a board's result, with or without an auction recorded:
    the request a round's end brings at once.

    The board (for the form), then :func:`services.submit_board` for the table's
    current round, whose one answer is rendered here: the result's page (stored now,
    or by a retry's first try), the table's round when the board is not its own, the
    auction's page when its calls are still to come, or the form again with the
    refusal beside its field and everything entered kept.  Only a submission that is
    not stored pays for the reads its page needs, a retry's stored answer first.
    """
    board = tablet.board(link.event_id, number)
    form = _entry_form(request, link, board) if board is not None else None
    advice = None
    if form is not None and board is not None and form.is_valid():
        sent = services.submit_board(
            link.event,
            board_number=number,
            table=link.table,
            entry=form.entry(),
            by=Actor.tablet(link.table, submission_key(link, form.cleaned_data["key"])),
            confirmed=_agreed(request),
        )
        if sent.result is not None:  # stored, now or by the first try of a retry
            return redirect("scorer_result", link.token, sent.result.pk)
        if sent.outcome == Outcome.NOT_THIS_TABLES:
            return _not_here(request, link, number, sent.seating)
        assert sent.refusal is not None
        if isinstance(sent.refusal, AuctionNotOver):
            messages.info(request, user_message(sent.refusal))
            return redirect("scorer_auction", link.token, number)
        advice = _refuse(form, link, board, sent.refusal)
    seating, answer = _table_round_of(request, link, number)
    if answer is not None:
        return answer
    assert form is not None and board is not None and seating is not None
    initial = _auction_initial(link, seating, board)
    return _render_board(request, link, seating, board, form, advice, initial=initial)


def _auction_initial(link: TableLink, seating: Seating, board: Board) -> dict | None:
    """The contract and declarer the table's recorded auction made, when the event
    records auctions and the auction is over; else None."""
    if not link.event.record_auctions:
        return None
    auction = auction_of(link.event, seating, board)
    return _initial_from_auction(auction) if auction.is_over else None


def _table_round_of(
    request: HttpRequest, link: TableLink, number: int
) -> tuple[Seating, None] | tuple[None, HttpResponse]:
    """The table's current round when it plays board ``number``; else the answer to send:
    a retried submission's stored result, or "not this table's board"."""
    retried = stored_answer(request, link)
    if retried is not None:
        return None, retried
    seating = current_round(link)
    if seating is None or number not in seating.board_numbers or seating.sit_out:
        return None, _not_here(request, link, number, seating)
    return seating, None


@table_view
def scorer_board(request: HttpRequest, link: TableLink, number: int) -> HttpResponse:
    """The board's entry page (a POST is its submission: :func:`_submit`); a board the
    table has entered already shows its result, one whose auction is still being
    recorded its calls."""
    if request.method == "POST":
        return _submit(request, link, number)
    seating, answer = _table_round_of(request, link, number)
    if answer is not None:
        return answer
    assert seating is not None
    found = tablet.board_at_table(link.event_id, number, seating.round, link.table)
    if found is None:  # a movement naming a board the event lacks: nothing to show
        raise Http404("No such board in this event")
    if found.entered_id is not None:  # entered already: its page
        return redirect("scorer_result", link.token, found.entered_id)
    initial = None
    if link.event.record_auctions:
        auction = auction_of(link.event, seating, found.board)
        if not auction.is_over:  # the auction first, call by call
            return redirect("scorer_auction", link.token, number)
        initial = _initial_from_auction(auction)
    form = _entry_form(request, link, found.board, initial=initial)
    return _render_board(request, link, seating, found.board, form, None, initial=initial)


def _agreed(request: HttpRequest) -> bool:
    """The opponents agreed the score the board page showed them (its preview), so the
    entry and their agreement come in one tap: the answers posted are the ones scored."""
    return request.POST.get("agree") == "1"


@require_POST
@table_view
def scorer_preview(request: HttpRequest, link: TableLink, number: int) -> HttpResponse:
    """The score of a board's answers so far, stored nowhere: the board page asks for it
    as the answers become whole and shows it with "Opponents: we agree this score".
    Answers not yet whole, or waiting for declarer's revoke choice, have no score (an
    empty answer): the page then offers only "Score it".  Only for a board of the
    table's round now: a score from a hand record says something of the hands."""
    seating = current_round(link)
    if seating is None or seating.sit_out or number not in seating.board_numbers:
        raise Http404("Not one of this table's boards now")
    board = tablet.board(link.event_id, number)
    if board is None:
        raise Http404("No such board in this event")
    form = _entry_form(request, link, board)
    score = None
    if form.is_valid():  # declarer's revoke choice still to make: refused, no score
        try:
            score = services.preview(link.event, board, form.entry())
        except ServiceError:
            score = None
    response = render(request, "scorer/_preview.html", {"score": score})
    response["Cache-Control"] = "no-store"
    return response


def _initial_from_auction(auction) -> dict:
    """The contract and declarer the recorded auction made, ready on the board page."""
    if auction.passed_out:
        return {"level": "PASS", "bid": "PASS"}
    contract = auction.contract()
    return {
        "bid": f"{contract.level}{contract.strain}{'R' if contract.royal else ''}",
        "level": str(contract.level),
        "strain": contract.strain,
        "royal": contract.royal,
        "doubled": ("", "X", "XX")[contract.doubled],
        "declarer": auction.declarer(),
    }


@table_view
def scorer_result(request: HttpRequest, link: TableLink, result_id: int) -> HttpResponse:
    seating = current_round(link)
    try:
        result = own_result(link, seating, result_id)
    except Http404:
        return _not_the_score_that_stands(request, link, seating, result_id)
    if request.method == "POST" and request.POST.get("action") == "confirm":
        try:
            services.confirm_result(result, by=Actor.tablet(link.table))
            messages.success(request, f"Board {result.board.number} agreed by both sides.")
            # Back to this page: the board's traveller so far, then on to the next board.
            return redirect("scorer_result", link.token, result.pk)
        except ServiceError as e:
            messages.error(request, user_message(e))
    context: dict = {"link": link, "event": link.event, "seating": seating, "result": result}
    if result.confirmed:
        context.update(_so_far(link, seating, result))
    return render(request, "scorer/result.html", context)


def _so_far(link: TableLink, seating: Seating | None, result: Result) -> dict:
    """An agreed board's traveller so far, and the next board to play.

    Only the tables that have played the board have a line on it, and this
    table has played it too, so nothing is shown of a board still to come here;
    no hand is shown at all (the hand record waits for the board's last table).
    """
    lines = travellers.traveller(link.event, result.board)
    done = services.board_results(seating) if seating else {}
    following = [n for n in (seating.board_numbers if seating else ()) if n not in done]
    return {
        "so_far": lines,
        "next_board": following[0] if following else None,
        **travellers.team_columns(link.event, lines),
    }


@table_view
def scorer_change(request: HttpRequest, link: TableLink, result_id: int) -> HttpResponse:
    retried = stored_answer(request, link)
    if retried is not None:
        return retried
    seating = current_round(link)
    try:
        result = own_result(link, seating, result_id)
    except Http404:
        return _no_change_at_the_table(request, link, seating, result_id)
    assert seating is not None  # own_result raised 404 otherwise
    if result.adjusted:  # the service refuses it too; say so before the form is filled in
        messages.error(request, DIRECTOR_SET)
        return redirect("scorer_result", link.token, result.pk)
    form = _entry_form(request, link, result.board, changing=result)
    advice = None
    if request.method == "POST" and form.is_valid():
        try:
            by = Actor.tablet(link.table, submission_key(link, form.cleaned_data["key"]))
            changed = services.correct_result(result, entry=form.entry(), by=by)
            return redirect("scorer_result", link.token, changed.pk)
        except ServiceError as e:  # a ResultConflict names the result that stands
            advice = _refuse(form, link, result.board, e)
    return _render_board(request, link, seating, result.board, form, advice, changing=result)


def _past_result(link: TableLink, seating: Seating | None, result_id: int) -> dict[str, Any]:
    """A result of this table that is no longer its current round's live one (a version
    changed since, taken out of play, or of a round agreed or closed), with the score
    that stands: what the table is told instead of a bare "not found".  Still a 404
    for a result that is not this table's, or of a round not yet reached.
    """
    if not could_be_an_id(result_id):
        raise Http404("Not a result of this table")
    result = (
        Result.objects.filter(pk=result_id, event=link.event, table=link.table)
        .select_related("board")
        .first()
    )
    if result is None or (seating is not None and result.round > seating.round):
        raise Http404("Not a result of this table's rounds so far")
    this_round = seating is not None and result.seating_id == seating.pk
    standing = (
        result
        if result.is_live
        else Result.objects.history(result).live().select_related("board").first()
    )
    return {
        "link": link,
        "event": link.event,
        "seating": seating,
        "result": result,
        "standing": standing,
        # A round the table agreed, or the director closed: its scores are the director's.
        "agreed": not this_round,
        "closed": not this_round and round_closed(link.event_id, result.round),
    }


def _no_change_at_the_table(
    request: HttpRequest, link: TableLink, seating: Seating | None, result_id: int
) -> HttpResponse:
    """An old "Change" link, followed (or posted) after the table agreed its round, the
    director closed it, or the score was changed since: say so, and name the score that
    stands (:func:`_past_result`).  Law E: a score once agreed is changed only by the
    director.
    """
    context = _past_result(link, seating, result_id)
    return render(request, "scorer/change_refused.html", context, status=409)


def _not_the_score_that_stands(
    request: HttpRequest, link: TableLink, seating: Seating | None, result_id: int
) -> HttpResponse:
    """A result page opened (or agreed) after its score was changed on another tablet of
    the table, taken out of play, or after its round was agreed or closed: back to the
    score that stands, or to the table's round, told why (:func:`_past_result`); an
    agreement of the old score is not recorded, and the table is told so.
    """
    past = _past_result(link, seating, result_id)
    result, standing = past["result"], past["standing"]
    board = result.board.number
    agreeing = request.method == "POST" and request.POST.get("action") == "confirm"
    if past["agreed"]:
        how = "the director has closed" if past["closed"] else "the table has agreed"
        how = f"{how} round {result.round}"
        note = f"Board {board}: {how}, so its score is the director's now (Duplicate Law E)."
        if standing is not None:
            note += f" The score that stands: {standing.summary}."
        target = reverse("scorer_home", args=[link.token])
    elif standing is not None:
        note = (
            f"Board {board}'s score was changed since, on this tablet or another one at "
            f"the table. The score that stands: {standing.summary}."
        )
        target = reverse("scorer_result", args=[link.token, standing.pk])
    else:
        note = f"The director has taken board {board}'s score out of play: ask what to enter."
        target = reverse("scorer_home", args=[link.token])
    if agreeing:
        if past["agreed"] or standing is None:
            note += " Nothing was recorded now."
        else:
            note += " Nothing was agreed: check the score that stands and agree that one."
        messages.error(request, note)
    else:
        messages.info(request, note)
    return redirect(target)
