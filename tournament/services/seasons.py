"""A club's seasons: made, and evenings put in or taken out.

A season holds evenings of one kind (matchpoints or total points, its rule being
:mod:`scoring.season`); an evening counts towards one season at most.  The standings
are worked out on every read from the evenings' own standings, so a correction or a
publication shows in the season at once and nothing here stores a score.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from ..choices import Form
from ..errors import ServiceError
from ..models import Event, Season
from . import locks
from .audit import Actor, audit


def check_rule(best: int | None, at_least: int) -> None:
    """A matchpoint season's rule: best N of at least M evenings (N may be under M: ranked
    after M evenings, the best N of them counted)."""
    if best is not None and best < 1:
        raise ServiceError("Best N percentages: at least 1 (or blank for every evening).")
    if at_least < 1:
        raise ServiceError("At least M events: 1 or more.")


@transaction.atomic
def set_season_events(season: Season, event_ids: Iterable[int], *, by: Actor) -> int:
    """The season's evenings are exactly ``event_ids`` (the club's pair events of the
    season's kind).  Returns how many evenings changed; each writes a line in its trail."""
    season = locks.season(season)
    wanted = set(event_ids)
    chosen = locks.events(Event.objects.filter(pk__in=wanted, club=season.club))
    if len(chosen) < len(wanted):
        raise ServiceError("One of those evenings is not the club's; nothing was changed.")
    for event in chosen:
        if event.form == Form.TEAMS:
            raise ServiceError(
                f"{event.name} is a team match: a season ranks pair contests and individuals."
            )
        if event.method != season.method:
            raise ServiceError(
                f"{event.name} is scored by {event.get_method_display().lower()}; "
                f"this season holds {season.get_method_display().lower()} evenings only."
            )
    changed = 0
    for event in chosen:
        if event.season_id != season.pk:
            event.season = season
            event.save(update_fields=["season"])
            audit(event, "season", f"counts towards {season.name}", by=by)
            changed += 1
    leaving = locks.events(Event.objects.filter(season=season).exclude(pk__in=wanted))
    for event in leaving:
        event.season = None
        event.save(update_fields=["season"])
        audit(event, "season", f"no longer counts towards {season.name}", by=by)
        changed += 1
    return changed
