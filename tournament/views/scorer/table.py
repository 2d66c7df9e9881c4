"""What every tablet page starts from: the table a link stands for, its current
round, the table's own result (never another table's), and a retry's stored
answer (a submission's idempotency key).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from ...models import Result, Seating, TableLink
from ...queries import tablet
from ...services.results import MAX_KEY, stored


def submission_key(link: TableLink, key: str) -> str:
    """The idempotency key stored for a submission of this table's tablet."""
    return f"t{link.table}-{key}"


def stored_answer(request: HttpRequest, link: TableLink) -> HttpResponse | None:
    """The answer to a retried submission whose first try was stored: its result page.

    The tablet's page retries with the same key when an answer is lost; by
    then a change has made the version it was posted against an old one (so
    the change page would be a 404), and the board page may have moved on.
    """
    key = request.POST.get("key", "") if request.method == "POST" else ""
    if not key or len(submission_key(link, key)) > MAX_KEY:
        return None
    done = stored(link.event, submission_key(link, key))
    return redirect("scorer_result", link.token, done.pk) if done is not None else None


def current_round(link: TableLink) -> Seating | None:
    return tablet.current_seating(link.event_id, link.table)


def rounds_in_words(rounds: list[int]) -> str:
    """``[1]`` "round 1"; ``[1, 5]`` "rounds 1 and 5"; ``[1, 3, 5]`` "rounds 1, 3 and 5"."""
    if len(rounds) <= 1:
        return f"round {rounds[0]}" if rounds else ""
    return "rounds " + ", ".join(map(str, rounds[:-1])) + f" and {rounds[-1]}"


def could_be_an_id(number: int) -> bool:
    """Whether a number from an address is within a row id's range (a bigint): one
    beyond it is no result, and the database would refuse to compare it."""
    return 0 < number < 2**63


def own_result(link: TableLink, seating: Seating | None, result_id: int) -> Result:
    """A result of this table's current round, or 404: the server guards the boundary."""
    if not could_be_an_id(result_id):
        raise Http404("Not a result of this table's current round")
    result = tablet.live_result_of(seating, result_id) if seating is not None else None
    if result is None:
        raise Http404("Not a result of this table's current round")
    result.event = link.event
    return result
