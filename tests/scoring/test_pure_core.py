"""``scoring/`` is a library of the laws that never imports Django (the pure core of
docs/architecture.md): its tests are then the same on any database, and CI runs them
once, in the SQLite pass (``.ci/run``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_module_of_scoring_imports_django():
    modules = sorted(
        "scoring" + ("." + ".".join(p.relative_to(ROOT / "scoring").with_suffix("").parts))
        for p in (ROOT / "scoring").rglob("*.py")
        if p.name != "__init__.py"
    )
    assert "scoring.codes" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout
