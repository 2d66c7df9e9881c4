"""PBN (Portable Bridge Notation 2.1): reading deals in, writing boards out.

Pure text handling, no Django.  Only what duplicate Auction needs: games
made of tags (``[Name "Value"]``), their section lines (the rows of a
``ScoreTable``), comments (``;`` to the end of the line, ``{...}`` blocks) and
the ``#`` value that repeats the previous game's tag (PBN 2.1, section 3.5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import DealError, format_pbn_deal, parse_pbn_deal
from .errors import ScoringError

__all__ = [
    "PbnError",
    "PbnGame",
    "deals_from_pbn",
    "format_table",
    "format_tag",
    "parse_pbn",
]

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


class PbnError(ScoringError):
    """A PBN file that cannot be read, with the line (and board) at fault."""


@dataclass
class PbnGame:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)  # tag -> its data lines
    line: int = 0  # where the game starts, for messages


def _strip_comments(lines: list[str]) -> list[tuple[int, str]]:
    """Lines without comments, numbered from 1; an unclosed ``{`` is an error."""
    out: list[tuple[int, str]] = []
    in_brace = False
    brace_start = 0
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if line.startswith("%"):  # escape line: ignored (PBN 3.8)
            continue
        text = ""
        i = 0
        while i < len(line):
            ch = line[i]
            if in_brace:
                if ch == "}":
                    in_brace = False
                i += 1
                continue
            if ch == "{":
                in_brace, brace_start = True, n
            elif ch == ";":
                break
            elif ch == '"':  # copy a quoted string whole: it may hold ; or {
                j = i + 1
                while j < len(line) and line[j] != '"':
                    j += 2 if line[j] == "\\" else 1
                if j >= len(line):
                    raise PbnError(f"line {n}: a quoted value is not closed (truncated file?)")
                text += line[i : j + 1]
                i = j + 1
                continue
            else:
                text += ch
            i += 1
        if text.strip() or not line.strip():
            out.append((n, text))  # a line that was all comment is no game separator
    if in_brace:
        raise PbnError(f"line {brace_start}: a comment opened with {{ is never closed")
    return out


def parse_pbn(text: str) -> list[PbnGame]:
    """Split a PBN file into games; raise :class:`PbnError` for what is not PBN."""
    games: list[PbnGame] = []
    current: PbnGame | None = None
    section: str | None = None
    previous: dict[str, str] = {}
    for n, line in _strip_comments(text.splitlines()):
        stripped = line.strip()
        if not stripped:
            if current is not None and current.tags:
                games.append(current)
                previous = current.tags
            current, section = None, None
            continue
        if stripped.startswith("["):
            m = _TAG.match(stripped)
            if not m:
                raise PbnError(
                    f'line {n}: "{stripped[:40]}" is not a tag [Name "Value"] (truncated file?)'
                )
            name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            if current is None:
                current = PbnGame(line=n)
            if value == "#" and name in previous:
                value = previous[name]
            current.tags[name] = value
            section = name
            current.sections.setdefault(name, [])
            continue
        if current is None or section is None:
            raise PbnError(f"line {n}: data outside a game: {stripped[:40]!r}")
        current.sections[section].append(stripped)
    if current is not None and current.tags:
        games.append(current)
    return games


def deals_from_pbn(text: str) -> dict[int, str]:
    """Every board's deal from a PBN file: ``{board number: PBN deal}``.

    The whole file is checked before anything is returned: a bad deal, a
    missing or repeated board number, or a truncated file is an error that
    names the board and says what is wrong.
    """
    games = parse_pbn(text)
    if not games:
        raise PbnError("the file holds no boards")
    deals: dict[int, str] = {}
    for game in games:
        board_tag = game.tags.get("Board", "").strip()
        if not board_tag.isdigit() or int(board_tag) < 1:
            raise PbnError(
                f'the game at line {game.line} has no board number ([Board "n"]), '
                f"or not a whole number: {board_tag!r}"
            )
        number = int(board_tag)
        if number in deals:
            raise PbnError(f"board {number} appears twice (again at line {game.line})")
        deal = game.tags.get("Deal")
        if not deal:
            raise PbnError(f'board {number} has no deal ([Deal "N:..."])')
        try:
            parsed = parse_pbn_deal(deal)
        except DealError as e:
            raise PbnError(f"board {number}: {e}") from None
        deals[number] = format_pbn_deal(parsed)
    return deals


def format_tag(name: str, value: str) -> str:
    """``[Name "Value"]``; a quote in the value is escaped, a backslash kept as PBN's
    own table headers write it (``Rank\\2R``)."""
    escaped = str(value).replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def format_table(name: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A PBN table tag (``ScoreTable``, ``TotalScoreTable``) and its rows."""
    lines = [format_tag(name, ";".join(columns))]
    for row in rows:
        cells = []
        for v in row:
            s = str(v)
            cells.append(f'"{s}"' if (" " in s or not s) else s)
        lines.append(" ".join(cells))
    return "\n".join(lines)
