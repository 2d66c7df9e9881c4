"""The app is warmed before gunicorn forks (tournament/room/warm.py): every view imported,
every template compiled, and no database connection opened in the process that forks."""

import gc
import json
import subprocess
import sys

import pytest
from django.template import TemplateSyntaxError
from django.test import override_settings

from tournament.room.warm import YOUNG_THRESHOLD, project_templates, warm

from .test_safe_defaults import CLEAN_ENV, ROOT


def test_loading_the_wsgi_app_imports_the_views_and_compiles_every_template(tmp_path):
    code = (
        "import json, sys, gc\n"
        "import tournament.wsgi\n"
        "from django.db import connections\n"
        "from django.template import engines\n"
        "from tournament.room.warm import project_templates\n"
        "loader = engines['django'].engine.template_loaders[0]\n"
        "print(json.dumps({\n"
        "  'views': 'tournament.views.scorer' in sys.modules and 'openpyxl' in sys.modules,\n"
        "  'connected': connections['default'].connection is not None,\n"
        "  'cached': sorted(loader.get_template_cache),\n"
        "  'templates': project_templates(),\n"
        "  'frozen': gc.get_freeze_count(),\n"
        "  'threshold': gc.get_threshold()[0],\n"
        "}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={
            **CLEAN_ENV,
            "SECRET_KEY_FILE": str(tmp_path / "k"),
            "LOG_FILE": "",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        },
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(out.stdout)
    assert got["views"] is True
    assert got["connected"] is False  # a socket opened here would be every worker's
    assert len(got["templates"]) > 50
    assert set(got["templates"]) <= set(got["cached"])  # compiled before any request
    assert "scorer/board.html" in got["templates"]
    assert got["frozen"] > 10_000  # what the workers' collections never walk
    assert got["threshold"] == YOUNG_THRESHOLD  # a big page's objects, not 700


def test_a_template_that_does_not_compile_stops_the_start_and_names_itself(tmp_path):
    (tmp_path / "fine.html").write_text("{{ x }}")
    (tmp_path / "bad.html").write_text("{% if %}")
    templates = [
        {
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "DIRS": [tmp_path],
            "APP_DIRS": False,
        }
    ]
    with override_settings(TEMPLATES=templates):
        assert project_templates() == ["bad.html", "fine.html"]
        with pytest.raises(TemplateSyntaxError, match=r"^bad\.html: "):
            warm()
        (tmp_path / "bad.html").write_text("{% if x %}{% endif %}")
        threshold = gc.get_threshold()
        try:
            assert warm() == 2
        finally:
            gc.unfreeze()
            gc.set_threshold(*threshold)
