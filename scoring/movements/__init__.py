"""The movement library: who sits where, which boards, and where everyone goes next.

Pure facts about seats and boards, with no database in them, so every movement can
be generated, checked and printed on its own (``python -m scoring`` and
``manage.py movement``).  One module a family; the schedule's shape, the soundness
rules and the balance figures each have their own home:

* :mod:`.schedule`: :class:`Movement` and :class:`TableRound`, the one shape;
* :mod:`.mitchells`, :mod:`.howells`, :mod:`.team_matches`: the families;
* :mod:`.soundness`: the rules every movement keeps;
* :mod:`.balance`: the figures, and how evenly pairs are compared;
* :mod:`.field_changes`: late pairs and withdrawals in play;
* :mod:`.wording`: what the cards, the tablet and the room display say of it;
* :mod:`.library`: a movement by name, what an event stores;
* :mod:`.individuals`: the individual movements (four players a table, their own
  shape), on the whist designs stored in :mod:`.individual_designs`.

See docs/laws/movements.md.
"""

from .balance import Figures, comparisons, fields, figures
from .field_changes import LATE, WITHDRAWN, FieldChange, vacant_places, with_field_changes
from .howells import howell
from .library import FAMILIES, build, make_movement, offered
from .mitchells import mitchell
from .schedule import MAX_TABLES, Family, Movement, MovementError, TableRound, phantom_of
from .soundness import check, problems
from .team_matches import team_match

__all__ = [
    "FAMILIES",
    "LATE",
    "MAX_TABLES",
    "WITHDRAWN",
    "Family",
    "FieldChange",
    "Figures",
    "Movement",
    "MovementError",
    "TableRound",
    "build",
    "check",
    "comparisons",
    "fields",
    "figures",
    "howell",
    "make_movement",
    "mitchell",
    "offered",
    "phantom_of",
    "problems",
    "team_match",
    "vacant_places",
    "with_field_changes",
]
