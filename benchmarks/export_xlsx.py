"""Benchmark: export a 1,000-table event (26,000 results) to XLSX.

Builds the event in a scratch SQLite database (as benchmarks/standings_page.py
does), then runs the export in a fresh process and prints its time and that
process's peak memory (resident set).  Goal (issue 7): under 20 seconds and
under 500 MB.  Also prints the CSV and PBN exports' times.

    python benchmarks/export_xlsx.py [--tables 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

EXPORT = """
import os, resource, sys, time, json
import django
django.setup()
from tournament import exports
from tournament.models import Event
event = Event.objects.get(pk=int(sys.argv[1]))
out = {}
t0 = time.perf_counter()
with open(sys.argv[2], "wb") as f:
    exports.write_xlsx(event, f)
out["xlsx_s"] = time.perf_counter() - t0
out["xlsx_mb"] = os.path.getsize(sys.argv[2]) / 1e6
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
t0 = time.perf_counter(); exports.travellers_csv(event); out["csv_s"] = time.perf_counter() - t0
t0 = time.perf_counter(); exports.write_pbn(event); out["pbn_s"] = time.perf_counter() - t0
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    args = parser.parse_args()
    import standings_page

    standings_page.setup_django()
    event, n = standings_page.build_event(args.tables, 13, 2)
    with tempfile.TemporaryDirectory() as tmp:
        target = os.path.join(tmp, "event.xlsx")
        proc = subprocess.run(
            [sys.executable, "-c", EXPORT, str(event.pk), target],
            cwd=os.path.join(HERE, ".."),
            env=os.environ,
            capture_output=True,
            text=True,
        )
        if proc.returncode:
            sys.exit(f"the export failed:\n{proc.stderr}")
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"event: {args.tables} tables, {n} results")
    print(
        f"XLSX export: {r['xlsx_s']:.1f} s, file {r['xlsx_mb']:.1f} MB, "
        f"peak memory {r['peak_mb']:.0f} MB (goal < 20 s, < 500 MB)"
    )
    print(f"travellers CSV: {r['csv_s']:.1f} s; PBN: {r['pbn_s']:.1f} s")


if __name__ == "__main__":
    main()
