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
