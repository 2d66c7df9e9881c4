"""The one list of downloads: how each file is made, named, served and offered.

:data:`EXPORT_FORMATS` is what the download views, the ``_downloads.html``
buttons and ``manage.py export_event`` all read, so a format added here is
offered everywhere at once; :func:`download_name` names every file the same way,
an event's, a league's or a contest's.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.text import slugify

from ..models import Contest, Event, League
from .csv import standings_csv, travellers_csv
from .machines import bri_bytes, dlm_bytes, dup_bytes
from .pbn import write_pbn
from .usebio import write_usebio
from .xlsx import write_xlsx


@dataclass(frozen=True)
class ExportFormat:
    """One download: how its file is made, named, served and offered.

    ``render(event, boards=...)`` returns the file's bytes (text formats in
    UTF-8), with only ``boards``' deals and traveller lines when given (the
    publication rule of :mod:`tournament.access`); ``binary``
    files never go to a terminal; ``pairs_only`` downloads are offered for
    pair contests only (a team match has no pair standings).
    """

    key: str  # in the download URLs and export_event's --format
    label: str  # on the download buttons
    suffix: str  # the file name's ending
    mime: str
    render: Callable[..., bytes]
    binary: bool = False
    pairs_only: bool = False

    def filename(self, event: Event) -> str:
        """``club-night-19150301.pbn``: ASCII only, safe in a Content-Disposition header."""
        return download_name(event, self.suffix)

    def offered_for(self, event: Event) -> bool:
        return not self.pairs_only or not event.is_team_match


def download_name(named: Event | League | Contest, suffix: str) -> str:
    """A file's name from what it holds, the same for an event, a league and a contest
    (``winter-league-19150112.xlsx``): the club files them by name and date, and a
    number (``league-1``) says nothing once downloaded.  ASCII only, safe in a
    Content-Disposition header."""
    fallback = {League: "league", Contest: "contest"}.get(type(named), "event")
    return f"{slugify(named.name) or fallback}-{named.date:%Y%m%d}.{suffix}"


def xlsx_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    buf = io.BytesIO()
    write_xlsx(event, buf, boards=boards)
    return buf.getvalue()


def standings_csv_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return standings_csv(event).encode("utf-8")  # standings reveal no deal


def travellers_csv_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return travellers_csv(event, boards=boards).encode("utf-8")


def pbn_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    """The PBN file in UTF-8, as its ``%Content-type`` line says (:func:`write_pbn`)."""
    return write_pbn(event, boards=boards).encode("utf-8")


def usebio_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return write_usebio(event, boards=boards)


EXPORT_FORMATS: dict[str, ExportFormat] = {
    f.key: f
    for f in (
        ExportFormat(
            "xlsx",
            "Excel (XLSX)",
            "xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            xlsx_bytes,
            binary=True,
        ),
        ExportFormat(
            "standings-csv",
            "Standings (CSV)",
            "standings.csv",
            "text/csv; charset=utf-8",
            standings_csv_bytes,
            pairs_only=True,
        ),
        ExportFormat(
            "travellers-csv",
            "Travellers (CSV)",
            "travellers.csv",
            "text/csv; charset=utf-8",
            travellers_csv_bytes,
        ),
        ExportFormat("pbn", "PBN", "pbn", "application/x-pbn; charset=utf-8", pbn_bytes),
        ExportFormat("usebio", "USEBIO (XML)", "usebio.xml", "application/xml", usebio_bytes),
    )
}


# The files for dealing machines (:mod:`.machines`): the director's, from the deals
# page and export_event; not on the results' download line, since they hold every
# deal and nothing of the results.
MACHINE_FORMATS: dict[str, ExportFormat] = {
    f.key: f
    for f in (
        ExportFormat(
            "dup", "Duplimate (.dup)", "dup", "application/octet-stream", dup_bytes, binary=True
        ),
        ExportFormat(
            "dlm", "Duplimate (.dlm)", "dlm", "application/octet-stream", dlm_bytes, binary=True
        ),
        ExportFormat(
            "bri", "BRI (.bri)", "bri", "application/octet-stream", bri_bytes, binary=True
        ),
    )
}


def export_format(key: str) -> ExportFormat | None:
    """A results file's or a dealing machine's format by its key."""
    return EXPORT_FORMATS.get(key) or MACHINE_FORMATS.get(key)


def formats_offered(event: Event) -> list[ExportFormat]:
    """The downloads to show for ``event``, in the registry's order."""
    return [f for f in EXPORT_FORMATS.values() if f.offered_for(event)]
