"""Forms: every field validated, every message in a director's words.

One module a family of forms (:mod:`.events`, :mod:`.results`, :mod:`.rulings`,
:mod:`.field`, :mod:`.deals`, :mod:`.tools`, the tablet's :mod:`.scorer`), the fields they
share in :mod:`.fields`.  The director's forms are named here, so a view writes
``from ..forms import EventForm`` without knowing which family holds it.
"""

from .events import (
    ContestForm,
    EventForm,
    LeagueForm,
    PairNamesForm,
    ReseatForm,
    typed_names,
)
from .field import LatePairForm, WithdrawForm
from .results import CorrectionForm, ReasonForm, ResultEntryForm
from .rulings import AdjustedValuesForm, AdjustForm, FouledForm, IrregularForm
from .tools import ChooserForm, DealForm, IndividualChooserForm, MovementForm

__all__ = [
    "AdjustForm",
    "AdjustedValuesForm",
    "ChooserForm",
    "ContestForm",
    "CorrectionForm",
    "DealForm",
    "EventForm",
    "FouledForm",
    "IndividualChooserForm",
    "IrregularForm",
    "LatePairForm",
    "LeagueForm",
    "MovementForm",
    "PairNamesForm",
    "ReasonForm",
    "ReseatForm",
    "ResultEntryForm",
    "WithdrawForm",
    "typed_names",
]
