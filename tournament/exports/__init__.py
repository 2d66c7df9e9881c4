"""Results out: one module a format (XLSX, CSV, PBN, USEBIO), the rows they share, the registry.

Every export is recomputed from the live results by :mod:`scoring`, the
same as the pages, so a spreadsheet never disagrees with the standings.

Rows hold numbers (``int``, ``float``, exact ``Fraction``), text and ``None``;
each writer escapes the text it writes and nothing else:

- text: control characters (tab, CR, LF, ...) become spaces, in every format
  (:func:`scoring.pbn.printing_text`), so a name reads the same everywhere;
- XLSX: text a spreadsheet would run as a formula or read as an error value
  (starting, after any spaces, with ``=``, ``+``, ``-`` or ``@``; or ``#N/A``
  and the like) is stored as a text cell with Excel's "quote prefix", so it
  stays text even when edited; numbers are number cells with a number format
  (whole, two decimals as displayed, six for an exact score's decimal); an
  exact fraction is the text ``n/d`` beside its decimal;
- CSV: the same text gets a leading ``'``; numbers, negative ones included, are
  written rounded as displayed, and an exact fraction as a mixed number
  (``-378 1/3``), which a spreadsheet reads as a number and never as a date;
- PBN: every tag value and table cell is escaped (:mod:`scoring.pbn`);
- USEBIO: XML (:mod:`.usebio`), escaped by ElementTree.

The deals also go out as the files club dealing machines read (:mod:`.machines`,
:data:`MACHINE_FORMATS`): the director's, from the deals page and export_event.

:data:`EXPORT_FORMATS` (:mod:`.registry`) lists the downloads; the download
views, the ``_downloads.html`` buttons and ``manage.py export_event`` all read
it.  The names below are the package's face: the rest of the app writes
``exports.write_xlsx(...)`` without knowing which module holds it.
"""

from scoring.fractions_fmt import mixed_fraction

from .csv import csv_safe, csv_text, standings_csv, travellers_csv
from .groups import (
    contest_csv_bytes,
    contest_overall_rows,
    contest_xlsx_bytes,
    league_csv_bytes,
    league_xlsx_bytes,
)
from .pbn import pbn_auction, write_pbn
from .registry import (
    EXPORT_FORMATS,
    MACHINE_FORMATS,
    ExportFormat,
    download_name,
    export_format,
    formats_offered,
    xlsx_bytes,
)
from .rows import (
    LiveLines,
    Precise,
    pair_label,
    rank_cell,
    standings_rows,
    traveller_rows,
)
from .usebio import write_usebio
from .xlsx import SheetRows, formula_like, write_xlsx, xlsx_row

__all__ = [
    "EXPORT_FORMATS",
    "MACHINE_FORMATS",
    "ExportFormat",
    "LiveLines",
    "Precise",
    "SheetRows",
    "contest_csv_bytes",
    "contest_overall_rows",
    "contest_xlsx_bytes",
    "csv_safe",
    "csv_text",
    "download_name",
    "export_format",
    "formats_offered",
    "formula_like",
    "league_csv_bytes",
    "league_xlsx_bytes",
    "mixed_fraction",
    "pair_label",
    "pbn_auction",
    "rank_cell",
    "standings_csv",
    "standings_rows",
    "traveller_rows",
    "travellers_csv",
    "write_pbn",
    "write_usebio",
    "write_xlsx",
    "xlsx_bytes",
    "xlsx_row",
]
