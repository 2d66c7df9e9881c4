"""PBN (Portable Bridge Notation 2.1): reading deals in, writing boards out.

Pure text handling, no Django.  Only what duplicate Auction needs: games
made of tag pairs (``[Name "Value"]``), their section lines (the rows of a
``ScoreTable``), comments (``;`` to the end of the line, ``{...}`` blocks),
escape lines (``%`` in the first column) and the ``#`` value that repeats the
previous game's tag (PBN 2.1, section 3.5).

Reading is strict: whatever the standard does not allow is refused with the
line (and the board, once known) and the reason, never guessed at.  In
particular numbers are written with the ASCII digits 0-9 only (Python's
``int()`` and ``str.isdigit()`` also take Arabic-Indic, superscript or
full-width digits, which are not PBN), a tag value is a string of printing
characters in which a quote is written ``\\"`` and a backslash ``\\\\``, and a
``Deal`` is the first seat, a colon and four hands of A K Q J T 9-2.

Writing escapes every value it is given, so no text (a player's or an event's
name) can close a string, start a tag or a section line, or break a line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .cards import DealError, format_pbn_deal, parse_pbn_deal
from .errors import ScoringError

__all__ = [
    "MANDATORY_TAGS",
    "PackDeal",
    "PbnError",
    "PbnGame",
    "deals_from_pbn",
    "decimal_text",
    "decode_pbn_bytes",
    "double_dummy_hex",
    "format_table",
    "format_tag",
    "optimum_rows",
    "pack_from_pbn",
    "parse_pbn",
    "plain_call",
    "printing_text",
    "split_table_row",
    "standard_contract",
]


class PbnError(ScoringError):
    """A PBN file that cannot be read, with the line (and board) at fault."""


@dataclass
class PbnGame:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)  # tag -> its data lines
    line: int = 0  # where the game starts, for messages


# Lines end with CR LF, LF or CR, nothing else: str.splitlines() would also
# break at form feeds, U+0085, U+2028 and others, which in a PBN file are
# characters (refused in a value) rather than line ends.
_LINE_END = re.compile(r"\r\n|\r|\n")

# Control characters: Unicode's Cc (C0, DEL, C1), the line and paragraph
# separators, and what no text file can hold (lone surrogates, which cannot be
# encoded; U+FFFE and U+FFFF, which XML refuses).  PBN strings hold "printing
# characters" only (tab included among the refused); outside strings only the
# tab may appear, as white space.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
_CONTROL_BUT_TAB = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")

# One token of a line outside comments.  A string is closed by the first quote
# not escaped by a backslash; an unclosed one is reported as such.
_TOKEN = re.compile(
    r"""
      (?P<space>[ \t]+)
    | (?P<string>"(?:[^"\\]|\\.)*")
    | (?P<unclosed>")
    | (?P<semicolon>;)
    | (?P<brace>\{)
    | (?P<open>\[)
    | (?P<other>[^ \t"\[;{]+)
    """,
    re.VERBOSE,
)
# A tag pair: [Name "Value"], the name of ASCII letters, digits and "_".
_TAG_PAIR = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+("(?:[^"\\]|\\.)*")[ \t]*\]')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_UNESCAPE = re.compile(r'\\(["\\])')

# The mandatory tag set (PBN 2.1, section 3.4): each given once in a game, and
# none of them followed by section lines (only Auction, Play and the tables
# are).  Other tags (Note, which may repeat, and programs' own) are let be.  A
# writer in export format puts them first, in this order.
MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
_ONCE_NO_SECTION = frozenset(MANDATORY_TAGS)

# A Deal tag value (PBN 2.1, section 3.4.11): the seat of the first hand, a
# colon, then four hands clockwise, each spades.hearts.diamonds.clubs in ranks
# A K Q J T 9 8 7 6 5 4 3 2, or "-" for a hand not given.  Letters in either
# case, as dealing programs write them; ASCII only, "10" is not a rank.
_HAND = r"(?:-|[AKQJTakqjt2-9]*(?:\.[AKQJTakqjt2-9]*){3})"
_DEAL = re.compile(rf"[NESWnesw]:{_HAND}(?: +{_HAND}){{3}}")
_DEAL_CHARS = frozenset("NESWnesw:AKQJTakqjt23456789.- ")
_DIGITS = re.compile(r"[0-9]+")  # never \d, which matches every script's digits
_MAX_BOARD_DIGITS = 6


def _show(text: str, limit: int = 40) -> str:
    """A value quoted for a message: shortened, its invisible characters spelled out."""
    shown = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text[:limit])
    return f'"{shown}{"…" if len(text) > limit else ""}"'


def _unprintable(char: str) -> str:
    """``U+0000, a control character``: what a refused character is, for a message."""
    what = "not a character" if char >= "\ud800" else "a control character"
    return f"U+{ord(char):04X}, {what}"


def printing_text(text: object) -> str:
    """``text`` with every control character (tab, CR, LF, ...) or non-character made a space.

    PBN strings hold printing characters only; the spreadsheet exports use the
    same rule, so a name reads the same in every file and never breaks a line.
    """
    return _CONTROL.sub(" ", str(text))


def decode_pbn_bytes(raw: bytes) -> str:
    """The text of an uploaded PBN file: UTF-8 (with or without a BOM), else Latin-1.

    PBN 2.1 names ISO 8859-1 (Latin-1) as its character set; most programs now write
    UTF-8, which is tried first since Latin-1 text is almost never valid UTF-8.
    Latin-1 decodes any bytes, so this never fails: what is not PBN in the
    result (a NUL byte, say) is refused by :func:`parse_pbn` with its line.
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _unescape(string_token: str) -> str:
    r"""The value of a string token (with its quotes): ``\"`` is a quote, ``\\`` a
    backslash, any other backslash is itself (as in the table headers ``Rank\2R``
    of PBN 2.1's tables)."""
    return _UNESCAPE.sub(r"\1", string_token[1:-1])


@dataclass
class _Line:
    number: int
    tags: list[tuple[str, str]]
    data: str  # the text outside tags and comments, stripped
    blank: bool  # nothing at all on the line (a game separator)


def _lines(text: str) -> Iterator[_Line]:
    """The file's lines without their comments, each split into tags or data."""
    brace_since = 0  # the line that opened a { comment still open
    for n, line in enumerate(_LINE_END.split(text.removeprefix("\ufeff")), 1):
        pos, commented = 0, False
        if brace_since:
            end = line.find("}")
            if end < 0:
                continue
            pos, brace_since, commented = end + 1, 0, True
        elif line.startswith("%"):  # an escape line (PBN 2.1's escape mechanism): ignored
            continue
        tags: list[tuple[str, str]] = []
        data: list[str] = []
        while pos < len(line):
            m = _TOKEN.match(line, pos)
            assert m is not None  # the alternatives cover every character
            kind, token = m.lastgroup, m.group()
            if kind == "semicolon":
                commented = True
                break
            if kind == "brace":
                end = line.find("}", m.end())
                commented = True
                if end < 0:
                    brace_since = n
                    break
                pos = end + 1
                continue
            if kind == "unclosed":
                raise PbnError(f"line {n}: a quoted value is not closed (truncated file?)")
            if kind == "open":
                tag = _TAG_PAIR.match(line, pos)
                if tag is None:
                    quote = line.find('"', pos)
                    if quote >= 0 and not _STRING.match(line, quote):
                        raise PbnError(f"line {n}: a quoted value is not closed (truncated file?)")
                    raise PbnError(
                        f"line {n}: {_show(line[pos:].rstrip())} is not a tag "
                        '[Name "Value"] (truncated file?)'
                    )
                value = tag.group(2)
                bad = _CONTROL.search(value)
                if bad:
                    raise PbnError(
                        f"line {n}: the value of [{tag.group(1)} ...] holds "
                        f"{_unprintable(bad.group())}; PBN values are printing characters only"
                    )
                tags.append((tag.group(1), _unescape(value)))
                pos = tag.end()
                continue
            bad = (_CONTROL if kind == "string" else _CONTROL_BUT_TAB).search(token)
            if bad:
                raise PbnError(
                    f"line {n}: {_unprintable(bad.group())}, is not PBN text "
                    "(is this a text file, saved as UTF-8 or Latin-1?)"
                )
            data.append(token)
            pos = m.end()
        text_out = "".join(data).strip(" \t")
        if tags and text_out:
            raise PbnError(
                f"line {n}: {_show(text_out)} shares a line with a tag; "
                "a section's lines follow its tag"
            )
        if tags or text_out:
            yield _Line(n, tags, text_out, False)
        elif not commented:
            yield _Line(n, [], "", True)
    if brace_since:
        raise PbnError(f"line {brace_since}: a comment opened with {{ is never closed")


def parse_pbn(text: str) -> list[PbnGame]:
    """Split a PBN file into games; raise :class:`PbnError` for what is not PBN.

    Games are separated by empty lines (PBN 2.1); a tag of the
    mandatory set (section 3.4) given twice in a game, or followed by section
    lines, is refused, as are lines of data outside any game.
    """
    games: list[PbnGame] = []
    current: PbnGame | None = None
    section: str | None = None
    previous: dict[str, str] = {}
    for line in _lines(text):
        if line.blank:
            if current is not None and current.tags:
                games.append(current)
                previous = current.tags
            current, section = None, None
            continue
        if line.tags:
            for name, tag_value in line.tags:
                if current is None:
                    current = PbnGame(line=line.number)
                if name in current.tags and name in _ONCE_NO_SECTION:
                    board = current.tags.get("Board")
                    where = f" (board {board})" if board and _DIGITS.fullmatch(board) else ""
                    raise PbnError(
                        f"line {line.number}{where}: the tag {name} is given twice in one game"
                    )
                value = previous.get(name, tag_value) if tag_value == "#" else tag_value
                current.tags[name] = value
                current.sections.setdefault(name, [])
                section = name
            continue
        if current is None or section is None:
            raise PbnError(f"line {line.number}: data outside a game: {_show(line.data)}")
        if section in _ONCE_NO_SECTION:
            raise PbnError(
                f"line {line.number}: {_show(line.data)} follows the tag {section}, "
                "which has no section lines (a truncated or broken tag?)"
            )
        current.sections[section].append(line.data)
    if current is not None and current.tags:
        games.append(current)
    return games


def _board_number(game: PbnGame) -> int:
    value = game.tags.get("Board")
    if value is None:
        raise PbnError(f'line {game.line}: this game has no board number ([Board "n"])')
    digits = value.strip(" ")
    if not _DIGITS.fullmatch(digits):
        raise PbnError(
            f"line {game.line}: the board number {_show(value)} is not a whole number "
            "written with the digits 0-9"
        )
    if len(digits.lstrip("0")) > _MAX_BOARD_DIGITS:
        raise PbnError(f"line {game.line}: the board number {_show(value)} is too large")
    number = int(digits.lstrip("0") or "0")
    if number < 1:
        raise PbnError(f"line {game.line}: board numbers start at 1, not {_show(value)}")
    return number


def _deal(number: int, value: str) -> str:
    deal = value.strip(" ")
    stray = next((c for c in deal if c not in _DEAL_CHARS), None)
    if stray is not None:
        raise PbnError(
            f"board {number}: the deal holds {_show(stray)}, which is not a seat, a card "
            "(A K Q J T 9 8 7 6 5 4 3 2) or a separator"
        )
    if not _DEAL.fullmatch(deal):
        raise PbnError(
            f"board {number}: the deal {_show(deal, 80)} is not written as PBN writes a "
            "deal: the first hand's seat and a colon, then four hands separated by spaces, "
            'each spades.hearts.diamonds.clubs ("N:AKQ.JT9.876.5432 ...")'
        )
    try:
        return format_pbn_deal(parse_pbn_deal(deal))
    except DealError as e:
        raise PbnError(f"board {number}: {e}") from None


def deals_from_pbn(text: str) -> dict[int, str]:
    """Every board's deal from a PBN file: ``{board number: PBN deal}``, from North.

    The whole file is checked before anything is returned: a bad deal, a
    missing, repeated or non-ASCII board number, a truncated file, or anything
    else that is not PBN is an error that names the line or board and says
    what is wrong.  :class:`PbnError` is the only exception raised.
    """
    games = parse_pbn(text)
    if not games:
        raise PbnError("the file holds no boards")
    deals: dict[int, str] = {}
    for game in games:
        number = _board_number(game)
        if number in deals:
            raise PbnError(f"board {number} appears twice (again at line {game.line})")
        deal = game.tags.get("Deal")
        if not deal:
            raise PbnError(f'board {number} has no deal ([Deal "N:..."])')
        deals[number] = _deal(number, deal)
    return deals


@dataclass(frozen=True)
class PackDeal:
    """One game of a dealing program's or a dealing machine's PBN file, as the file
    gives it: its board number, its deal (from North), and its ``Dealer`` and ``Room``
    tags when it has them.  ``Vulnerable`` is not kept: Auction Bridge has none."""

    number: int
    deal: str
    dealer: str | None  # N, E, S or W; None when the file names none
    room: str | None  # "Open", "Closed", ...; None when the file names none
    line: int


def pack_from_pbn(text: str) -> list[PackDeal]:
    """Every game of a PBN file with its deal, in the file's order, repeated board
    numbers included (a file of several rooms gives each board once a room).

    The whole file is checked as :func:`deals_from_pbn` checks it (a bad deal, a
    bad board number, anything that is not PBN is a :class:`PbnError` naming the
    line or board); which games an event takes is :mod:`scoring.packs`' choice.
    """
    games = parse_pbn(text)
    if not games:
        raise PbnError("the file holds no boards")
    pack = []
    for game in games:
        number = _board_number(game)
        deal = game.tags.get("Deal")
        if not deal:
            raise PbnError(f'board {number} has no deal ([Deal "N:..."])')
        dealer = game.tags.get("Dealer", "").strip(" ").upper()
        room = game.tags.get("Room", "").strip(" ")
        pack.append(
            PackDeal(
                number,
                _deal(number, deal),
                dealer if dealer in ("N", "E", "S", "W") else None,
                room or None,
                game.line,
            )
        )
    return pack


def _escape(text: str) -> str:
    r"""A string token's content: printing characters, ``"`` and ``\`` escaped."""
    return printing_text(text).replace("\\", "\\\\").replace('"', '\\"')


def format_tag(name: str, value: object) -> str:
    """``[Name "Value"]``, the value escaped as a PBN 2.1 string token.

    A quote becomes ``\\"``, a backslash ``\\\\`` and a control character (a
    newline, say) a space, so a value can neither end its string early nor
    start a line of its own: nothing in it can become a tag.
    """
    if not _TAG_NAME.fullmatch(name):
        raise PbnError(f"{_show(name)} is not a tag name")
    return f'[{name} "{_escape(str(value))}"]'


# A table cell written bare: what cannot be mistaken for anything else.
_BARE_CELL = re.compile(r"[A-Za-z0-9_+\-./:]+")
# A column of a table header (PBN 2.1's tables): a name, then "\" and the
# width and alignment ("Rank\2R"), written as the standard writes it.
_COLUMN = re.compile(r"[+-]?[A-Za-z][A-Za-z0-9_]*(?:\\[0-9]+[LR]?)?")


def _cell(value: object) -> str:
    if type(value) is int:  # most cells of a score table: no need to look
        return str(value)
    text = str(value)
    if _BARE_CELL.fullmatch(text):  # holds no control character either
        return text
    return f'"{_escape(text)}"'


def format_table(name: str, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A PBN table tag (``ScoreTable``, ``TotalScoreTable``) and its rows.

    The header lists the columns ``Name\\widthAlign`` as PBN 2.1's tables
    write them, with a bare backslash; each cell is written bare when it is a
    plain token (a number, ``4H``, ``-``) and otherwise as an escaped string,
    so a name cannot split a row, end it, or start a tag.  Cells are padded
    to the declared width (left or right aligned), as the export format asks.
    """
    if not _TAG_NAME.fullmatch(name):
        raise PbnError(f"{_show(name)} is not a tag name")
    for column in columns:
        if not _COLUMN.fullmatch(column):
            raise PbnError(f"{_show(column)} is not a table column (Name\\widthL or R)")
    lines = [f'[{name} "{";".join(columns)}"]']
    widths = [_width(c) for c in columns]
    for row in rows:
        cells = []
        for i, v in enumerate(row):
            text = _cell(v)
            width, align = widths[i] if i < len(widths) else (0, "L")
            cells.append(text.rjust(width) if align == "R" else text.ljust(width))
        lines.append(" ".join(cells).rstrip(" "))
    return "\n".join(lines)


def _width(column: str) -> tuple[int, str]:
    """A column's declared width and alignment (``Rank\\2R``: 2, "R"); PBN 2.1's
    export format pads every cell to it (a string cell counts its quotes)."""
    _, _, spec = column.partition("\\")
    m = re.fullmatch(r"([0-9]+)([LR]?)", spec)
    return (int(m.group(1)), m.group(2) or "L") if m else (0, "L")


_ROW_TOKEN = re.compile(r'[ \t]*(?:("(?:[^"\\]|\\.)*")|([^ \t"]+))')


def split_table_row(line: str) -> list[str]:
    """The cells of a table's section line, strings unescaped: the inverse of a
    :func:`format_table` row."""
    cells: list[str] = []
    pos, end = 0, len(line.rstrip(" \t"))
    while pos < end:
        m = _ROW_TOKEN.match(line, pos)
        if m is None:
            raise PbnError(f"{_show(line)} is not a table row: a quoted cell is not closed")
        cells.append(_unescape(m.group(1)) if m.group(1) is not None else m.group(2))
        pos = m.end()
    return cells


def standard_contract(contract: str) -> str:
    """Our contract in PBN's own notation (level, strain C D H S NT, X/XX), or ``"?"``.

    PBN knows no 1913 royal spades (``2RS``), no Royalton royal bid (``3SR``) and
    no nullo (``1NULLO``), and a reader that met ``2S`` or ``1NT`` in their place
    would score them as the plain contract, wrongly.  So such a contract is
    written as PBN writes what it cannot give, ``"?"`` (unknown), and the exact
    contract goes in our own tag or column.  ``PASS`` is ``Pass``.
    """
    if contract in ("", "PASS", "Pass"):
        return "Pass"
    m = _PLAIN_CONTRACT.fullmatch(contract)
    if m is None:
        return "?"
    level, strain, doubled = m.groups()
    return f"{level}{'NT' if strain == 'N' else strain}{doubled}"


# A contract every PBN reader scores as we do: no royal (R, RS) and no nullo.
_PLAIN_CONTRACT = re.compile(r"([1-7])(NT|N|C|D|H|S)(XX|X|)")
# A call of a recorded auction that PBN can write: a plain bid, a pass, a double.
_PLAIN_CALL = re.compile(r"[1-7](NT|C|D|H|S)|P|X|XX")


def plain_call(call: str) -> bool:
    """Whether a call of our auctions (``1S``, ``2NULLO``, ``3SR``, ``P``, ``X``) is one
    PBN's auction section can write as itself; a royal bid or a nullo is not."""
    return _PLAIN_CALL.fullmatch(call.rstrip("*")) is not None


def decimal_text(value: Fraction | int, places: int = 2) -> str:
    """A fraction as a decimal a reader takes as a number: exact when it ends
    within six places (``958/5`` is ``191.6``), else rounded half away from
    zero to ``places`` (``1135/3`` is ``378.33``).  Never ``n/d``."""
    x = Fraction(value)
    for p in range(7):
        scaled = x * 10**p
        if scaled.denominator == 1:
            return _fixed(int(scaled), p)
    scaled = abs(x) * 10**places
    n = int(scaled + Fraction(1, 2))
    return _fixed(-n if x < 0 else n, places)


def _fixed(n: int, places: int) -> str:
    sign = "-" if n < 0 else ""
    digits = str(abs(n)).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


DD_SEATS = "NSEW"  # PBN 2.1's DoubleDummyTricks order: declarer N, S, E, W,
DD_STRAINS_PBN = ("NT", "S", "H", "D", "C")  # each strain NT, S, H, D, C


def double_dummy_hex(tricks: dict[str, dict[str, int]]) -> str:
    """``DoubleDummyTricks``: 20 hex digits, the tricks each declarer makes in
    each strain, declarers N S E W and strains NT S H D C (PBN 2.1)."""
    return "".join(f"{tricks[seat][s]:x}" for seat in DD_SEATS for s in DD_STRAINS_PBN)


def optimum_rows(tricks: dict[str, dict[str, int]]) -> list[list[object]]:
    """``OptimumResultTable`` rows: declarer, strain, tricks (PBN 2.1)."""
    return [[seat, s, tricks[seat][s]] for seat in DD_SEATS for s in DD_STRAINS_PBN]
