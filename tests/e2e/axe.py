"""axe-core in the browser tests: no WCAG 2.2 A or AA violation on a page."""

import pytest

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page) -> list[dict]:
    """What axe-core finds on the page against WCAG 2.2 A and AA (skipped without axe)."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe not installed")
    return (
        axe.Axe()
        .run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
        .response["violations"]
    )


def no_axe_violations(page) -> None:
    found = violations(page)
    assert not found, "\n".join(
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found
    )


def page_problems(page, name: str, width: int) -> list[str]:
    """What is wrong with the page at ``width`` px, in a line each: a page wider than the
    screen (it would scroll sideways), and each axe-core violation with where it is."""
    problems = []
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        problems.append(f"{name} at {width} px: the page is {scroll} px wide")
    for v in violations(page):
        where = ", ".join(str(n["target"]) for n in v["nodes"][:3])
        problems.append(f"{name} at {width} px: axe {v['id']} ({v['impact']}) at {where}")
    return problems
