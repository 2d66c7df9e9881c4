"""A director's own movement, as a CSV file (docs/director/movements.md#your-own-movement).

One line a table a round, under a header::

    round,table,ns,ew,boards,shared,note
    1,1,1,4,1-2,,
    1,2,2,3,3-4,,

* ``round`` and ``table`` count from 1; every round seats every table once;
* ``ns`` and ``ew`` are the pairs' labels (letters and digits); ``-`` or blank for a
  missing pair, whose opponents sit out;
* ``boards`` are ``1-3`` or ``1,2,3`` (quoted, since the comma separates columns):
  the same number at every table, consecutive, numbered from 1 without a gap;
* ``shared`` (optional) names the other tables that play the same boards in that
  round (a relay), separated by spaces; ``copies`` (optional, ``yes``, or which copy
  the table plays: ``1``, ``2``, ...) says those tables play copies of the set, each
  its own, passing nothing, each copy going on to the tables of the same number;
  ``note`` (optional) is printed on the table's guide card;
* a table where a pair sits out may have no boards (a bye).

Every movement exports to it (:func:`to_csv`); :func:`from_csv` reads one back and
refuses, with the line and the reason, a file that cannot be read or a movement the
soundness rules (:func:`~.soundness.problems`) refuse.  What a movement's notes
(``notes``) and resting sets say is not part of the layout: the tables say it.
"""

from __future__ import annotations

import csv
import io
import re

from ..pairs import pair_label_key
from .schedule import Movement, MovementError, TableRound
from .soundness import problems

__all__ = ["COLUMNS", "from_csv", "to_csv"]

COLUMNS = ("round", "table", "ns", "ew", "boards", "shared", "copies", "note")
REQUIRED = ("round", "table", "ns", "ew", "boards")
MOST_TABLES = 60
MOST_ROUNDS = 60
MOST_BOARDS = 200
MOST_CHARACTERS = 200_000
_LABEL = re.compile(r"[A-Za-z0-9]{1,8}")


def _fmt_boards(boards: tuple[int, ...]) -> str:
    if len(boards) > 1 and list(boards) == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(str(b) for b in boards)


def to_csv(movement: Movement) -> str:
    """``movement`` in the CSV layout, one line a table a round."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for tr in sorted(movement.schedule, key=lambda tr: (tr.round, tr.table)):
        writer.writerow(
            [
                tr.round,
                tr.table,
                tr.ns or "-",
                tr.ew or "-",
                _fmt_boards(tr.boards),
                " ".join(str(t) for t in tr.shared),
                (str(tr.copy) if tr.copy else "yes") if tr.copies else "",
                tr.note,
            ]
        )
    return out.getvalue()


def _number(text: str, what: str, line: int, most: int) -> int:
    text = text.strip()
    if not text.isdigit() or not text.isascii():
        raise MovementError(f"line {line}: the {what} must be a whole number, not {text!r}")
    value = int(text)
    if not 1 <= value <= most:
        raise MovementError(f"line {line}: the {what} must be from 1 to {most}, not {value}")
    return value


def _pair(text: str, side: str, line: int) -> str | None:
    text = text.strip()
    if text in ("", "-"):
        return None
    if not _LABEL.fullmatch(text):
        raise MovementError(
            f"line {line}: the {side} pair {text!r} is not a label (up to 8 letters or digits)"
        )
    return text


def _boards(text: str, line: int) -> tuple[int, ...]:
    text = text.strip()
    if re.fullmatch(r"\d{1,3}\s*-\s*\d{1,3}", text):
        low, high = (int(x) for x in text.split("-"))
        if low > high:
            raise MovementError(f"line {line}: boards {text!r} run backwards")
        boards = tuple(range(low, high + 1))
    elif re.fullmatch(r"\d{1,3}(\s*[,; ]\s*\d{1,3})*", text):
        boards = tuple(int(x) for x in re.split(r"\s*[,; ]\s*", text))
    else:
        raise MovementError(
            f"line {line}: boards are written 1-3 or 1,2,3 (quoted in the file), not {text!r}"
        )
    if not all(1 <= b <= MOST_BOARDS for b in boards):
        raise MovementError(f"line {line}: boards are numbered from 1 to {MOST_BOARDS}")
    if list(boards) != list(range(boards[0], boards[0] + len(boards))):
        raise MovementError(
            f"line {line}: a table's boards in a round must be consecutive, like 4-6, not {text!r}"
        )
    return boards


def _shared(text: str, table: int, line: int) -> tuple[int, ...]:
    text = text.strip()
    if not text:
        return ()
    if not re.fullmatch(r"\d{1,3}([\s,;]+\d{1,3})*", text):
        raise MovementError(
            f"line {line}: shared names the other tables by number, like 2 or 2 3, not {text!r}"
        )
    tables = tuple(sorted({int(x) for x in re.split(r"[\s,;]+", text)}))
    if table in tables:
        raise MovementError(f"line {line}: table {table} cannot share boards with itself")
    return tables


def _copies(text: str, line: int) -> tuple[bool, int]:
    """Whether the table plays its own copy of a shared set, and which (0: not told)."""
    text = text.strip().lower()
    if text in ("", "no"):
        return False, 0
    if text == "yes":
        return True, 0
    if text.isdigit() and 1 <= int(text) <= 9:
        return True, int(text)
    raise MovementError(
        f"line {line}: copies is yes, the copy's number (1 to 9) or empty, not {text!r}"
    )


def _rows(text: str) -> list[tuple[int, dict[str, str]]]:
    if len(text) > MOST_CHARACTERS:
        raise MovementError(
            f"this file has {len(text)} characters; a movement holds at most {MOST_CHARACTERS}"
        )
    text = text.lstrip("\ufeff")
    reader = csv.reader(text.splitlines())
    try:
        header = next(reader, None)
        while header is not None and not any(cell.strip() for cell in header):
            header = next(reader, None)
        if header is None:
            raise MovementError("the file is empty: it needs the header " + ",".join(REQUIRED))
        names = [cell.strip().lower() for cell in header]
        missing = [c for c in REQUIRED if c not in names]
        if missing:
            raise MovementError(
                f"line {reader.line_num}: the header must name the columns "
                + ",".join(REQUIRED)
                + " (shared and note are optional); missing: "
                + ", ".join(missing)
            )
        unknown = [c for c in names if c and c not in COLUMNS]
        if unknown or len(set(names)) != len(names):
            raise MovementError(
                f"line {reader.line_num}: the header's columns are "
                + ",".join(COLUMNS)
                + ", each once; not "
                + ", ".join(repr(c) for c in (unknown or names))
            )
        rows = []
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) > len(names):
                raise MovementError(
                    f"line {reader.line_num}: {len(cells)} columns where the header has "
                    f'{len(names)} (quote boards written with commas: "1,2,3")'
                )
            cells += [""] * (len(names) - len(cells))
            rows.append((reader.line_num, dict(zip(names, cells, strict=True))))
    except csv.Error as e:
        raise MovementError(
            f"line {reader.line_num}: this line cannot be read as CSV ({e})"
        ) from None
    if not rows:
        raise MovementError("the file has a header and no tables: one line a table a round")
    return rows


def from_csv(text: str, name: str = "", description: str = "") -> Movement:
    """The movement ``text`` describes (see the module), or a :class:`MovementError`
    naming the line and the reason; a movement the soundness rules refuse is refused
    with their reason, and the line it is on."""
    rows = _rows(text)
    schedule: list[TableRound] = []
    line_of: dict[tuple[int, int], int] = {}
    set_of: dict[int, tuple[int, ...]] = {}  # board -> the boards it is played with
    bpr = 0
    for line, row in rows:
        r = _number(row["round"], "round", line, MOST_ROUNDS)
        t = _number(row["table"], "table", line, MOST_TABLES)
        if (r, t) in line_of:
            raise MovementError(
                f"line {line}: round {r}, table {t} is already on line {line_of[(r, t)]}"
            )
        line_of[(r, t)] = line
        ns = _pair(row["ns"], "North-South", line)
        ew = _pair(row["ew"], "East-West", line)
        if not row["boards"].strip() and (ns is None or ew is None):
            schedule.append(TableRound(r, t, ns, ew, 0, (), row.get("note", "").strip()[:200]))
            continue  # a bye: the sitting-out pair's table plays nothing
        boards = _boards(row["boards"], line)
        if bpr and len(boards) != bpr:
            raise MovementError(
                f"line {line}: {len(boards)} boards where the first line has {bpr}: every "
                "table plays the same number of boards a round"
            )
        bpr = len(boards)
        for b in boards:
            if set_of.setdefault(b, boards) != boards:
                raise MovementError(
                    f"line {line}: board {b} is played with boards {_fmt_boards(set_of[b])} "
                    f"elsewhere and with {_fmt_boards(boards)} here: a board belongs to one set"
                )
        note = row.get("note", "").strip()
        if len(note) > 200:
            raise MovementError(f"line {line}: a note holds at most 200 characters")
        copies = _copies(row.get("copies", ""), line)
        schedule.append(
            TableRound(
                round=r,
                table=t,
                ns=ns,
                ew=ew,
                board_set=(boards[0] - 1) // bpr + 1,
                boards=boards,
                note=note,
                shared=_shared(row.get("shared", ""), t, line),
                copies=copies[0],
                copy=copies[1],
            )
        )
    if not set_of:
        raise MovementError("no table plays a board: give each line its boards, like 1-3")
    total = max(set_of)
    rounds = max(tr.round for tr in schedule)
    tables = max(tr.table for tr in schedule)
    for tr in schedule:
        for other in tr.shared:
            if other > tables:
                raise MovementError(
                    f"line {line_of[(tr.round, tr.table)]}: there is no table {other}"
                )
    schedule.sort(key=lambda tr: (tr.round, tr.table))
    labels = sorted({p for tr in schedule for p in (tr.ns, tr.ew) if p is not None})
    if len(labels) < 2:
        raise MovementError("a movement needs at least two pairs")
    movement = Movement(
        kind="custom",
        tables=tables,
        rounds=rounds,
        boards_per_round=bpr,
        board_sets=total // bpr,
        schedule=tuple(schedule),
        pairs=tuple(sorted(labels, key=pair_label_key)),
        description=description
        or f"A director's own movement, {tables} tables, {rounds} rounds, {total} boards "
        f"({bpr} a round)",
        name=name,
    )
    found = problems(movement)
    if found:
        raise MovementError(_where(found[0], line_of) + _more(len(found)))
    unplayed = sorted(set(range(1, total + 1)) - set(set_of))
    if unplayed:
        raise MovementError(
            f"board {unplayed[0]} is never played: number the boards from 1 without a gap"
        )
    return movement


def _more(n: int) -> str:
    return f" (and {n - 1} more)" if n > 1 else ""


def _where(problem: str, line_of: dict[tuple[int, int], int]) -> str:
    """A soundness problem with the line it is on, when it names a round and table."""
    found = re.match(
        r"round (\d+)(?:, table (\d+)|: pair \S+ sits at tables \d+ and (\d+))?", problem
    )
    if found:
        r = int(found.group(1))
        t = found.group(2) or found.group(3)
        if t is not None and (r, int(t)) in line_of:
            return f"line {line_of[(r, int(t))]}: {problem}"
        lines = [line for (rr, _), line in line_of.items() if rr == r]
        if lines:
            return f"line {min(lines)}: {problem}"
    return problem
