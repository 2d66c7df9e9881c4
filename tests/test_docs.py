"""The docs keep up with the code: a short README, every file the docs name exists,
and no history in the code (comments say what and why; ``git log`` says when, and a
decision record under ``docs/decisions/`` keeps the figures that decided a design).

``mkdocs build --strict`` (``make docs-build``, run by CI) checks the site's own links
and anchors; these checks are what it cannot see.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").rglob("*.md"))

# A file of the project named in the docs, as `tournament/services/results.py`; a
# glob such as `templates/parts/chart_*.html` must match at least one file.
NAMED = re.compile(r"`((?:scoring|tournament|templates|tests|benchmarks)/[\w./*-]+)`")

# History instead of reasons: an issue's number, the story of a try-out.  Written in
# pieces so that this file does not find itself.
HISTORY = re.compile(
    "|".join([r"\bissue\s+#?\d", r"\b" + "tri" + r"als?\b", r"\(a " + "new user"]), re.I
)
SEARCHED = ["scoring", "tournament", "templates", "tests", "benchmarks", "docs"]
SEARCHED_FILES = ["README.md", "pyproject.toml", "Makefile", ".ci/run", "mkdocs.yml"]
TEXT = {".py", ".html", ".css", ".js", ".md", ".toml", ".yml", ".txt", ""}


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines: the manual belongs in docs/"


@pytest.mark.parametrize("page", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_a_docs_page_names_exists(page):
    missing = [
        name
        for name in NAMED.findall(page.read_text(encoding="utf-8"))
        if not any(ROOT.glob(name.rstrip("/")))
    ]
    assert not missing, f"{page.relative_to(ROOT)} names files that do not exist: {missing}"


def _searched() -> list[Path]:
    files = [ROOT / f for f in SEARCHED_FILES]
    for folder in SEARCHED:
        files += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.is_file()
            and p.suffix in TEXT
            and not any(part.startswith((".", "__")) or part == "node_modules" for part in p.parts)
        ]
    return files


def test_no_history_in_the_code_or_the_docs():
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _searched()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HISTORY.search(line)
    ]
    assert not found, "history where a reason belongs:\n" + "\n".join(found)


# The team's reading of the laws is kept outside the repository; the project cites its
# own statement of it, the pages under docs/laws/, which any reader of the code can open.
# Written in pieces so that this file does not find itself.
OUTSIDE_READING = "RULES" + ".md"

# A citation of a docs/laws/ page's section: docs/laws/scoring.md, "Honours".
LAW_PAGE_SECTION = re.compile(r'docs/laws/([\w-]+\.md),\s+"([^"]+)"')


def test_the_laws_are_cited_from_docs_laws_only():
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _searched()
        if path.suffix != ""
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE_READING in line
    ]
    assert not found, "cite the docs/laws/ page and section that states it:\n" + "\n".join(found)


def test_every_cited_section_of_docs_laws_exists():
    """A quoted section of a docs/laws/ page is the start of one of that page's headings
    (its words, ignoring quotation marks and case)."""

    def plain(text: str) -> str:
        return re.sub(r'["“”]', "", text).strip().lower()

    headings = {
        page.name: [plain(h) for h in re.findall(r"^#+ (.+)$", page.read_text("utf-8"), re.M)]
        for page in (ROOT / "docs" / "laws").glob("*.md")
    }
    found = [
        f"{path.relative_to(ROOT)}: {page}, {section!r}"
        for path in _searched()
        for page, section in LAW_PAGE_SECTION.findall(
            re.sub(r"\s*\n\s*(?:#\s*)?", " ", path.read_text(encoding="utf-8"))
        )
        if not any(h.startswith(plain(section)) for h in headings.get(page, []))
    ]
    assert not found, "no such section of docs/laws/:\n" + "\n".join(found)
