"""Everything a request would load the first time, loaded before gunicorn forks its workers.

Why: Django imports the URLconf (and with it every view, the exports, openpyxl and
numpy) on a worker's first request, and compiles each template the first time a
page uses it.  A worker of ``manage.py room`` therefore answered its first tablet
about a second late (``benchmarks/first_request.py``): at a round's start that is
a scorer staring at a spinner, and it happened again in every worker gunicorn
replaced.  ``manage.py room`` loads the app before forking (``--preload``), so
doing that work here, in :mod:`tournament.wsgi`, does it once for all the
workers, which share its memory.

Nothing here touches the database: a connection opened before the fork would be
one socket shared by every worker.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import cast

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import get_resolver, reverse

# The collector's thresholds in a worker (``gc.set_threshold``): a young collection
# after this many new container objects, not Python's 700.  A page that builds a whole
# event makes some 100,000 small objects that reference counting frees, none in a
# cycle; at 700 each such page paid for some 180 collections finding nothing, a third
# of its time (docs/decisions/collector-thresholds.md).  The older generations keep
# Python's own ratios.
YOUNG_THRESHOLD = 50_000


def project_templates() -> list[str]:
    """The names of the project's own templates (``templates/``)."""
    names: list[str] = []
    folders = cast("list[str | Path]", settings.TEMPLATES[0]["DIRS"])
    for folder in folders:
        root = Path(folder)
        names += sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))
    return names


def warm() -> int:
    """Import every view, build the URL resolver's reverse table and compile every
    project template into the cached loader; then freeze what is loaded, so the
    workers' garbage collection never walks it (and never copies its pages), and set
    the young generation's threshold (:data:`YOUNG_THRESHOLD`).

    Returns how many templates were compiled.  A template that does not compile
    raises here, at start-up, instead of on a page in the middle of an evening.
    """
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 (imports the URLconf: every view and what it imports)
    reverse("home")  # builds the reverse table the pages' links are looked up in
    compiled = 0
    for name in project_templates():
        try:
            get_template(name)
        except TemplateDoesNotExist:  # pragma: no cover (listed from the folder itself)
            continue
        except TemplateSyntaxError as e:
            raise TemplateSyntaxError(f"{name}: {e}") from e
        compiled += 1
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
    return compiled
