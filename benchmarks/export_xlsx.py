"""Benchmark: export a 1,000-table event (26,000 results) to XLSX.

Builds the event in a scratch SQLite database (as benchmarks/standings_page.py
does), then runs the export ``--runs`` times, each in a fresh process, and prints
the min/median/max of its time and of that process's peak memory (resident set).
Goal: under 2 seconds and under 200 MB.

Beside it, a floor measured in the same run, each part in a fresh process too:
reading the same traveller lines from the database and comparing them with
``scoring.compare_boards`` (what any export must do), plus openpyxl writing the
same cells (the travellers' and the standings' rows) as plain values in
write-only mode, with no number format and nothing else (what any XLSX file of
that size costs with openpyxl).  "ratio to floor" is the export's median over
the floor's median: how much the export adds to the work it cannot avoid.
The same figures in CPU time follow, steadier when other processes share the
machine's cores.
Also prints the CSV and PBN exports' times (from the last run).

    python benchmarks/export_xlsx.py [--tables 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

EXPORT = """
import os, resource, sys, time, json
import django
django.setup()
import openpyxl
from tournament import exports
from tournament.models import Event
event = Event.objects.get(pk=int(sys.argv[1]))
out = {"lxml": openpyxl.LXML}
t0, c0 = time.perf_counter(), time.process_time()
with open(sys.argv[2], "wb") as f:
    exports.write_xlsx(event, f)
out["xlsx_s"], out["xlsx_cpu"] = time.perf_counter() - t0, time.process_time() - c0
out["xlsx_mb"] = os.path.getsize(sys.argv[2]) / 1e6
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
t0 = time.perf_counter(); exports.travellers_csv(event); out["csv_s"] = time.perf_counter() - t0
t0 = time.perf_counter(); exports.write_pbn(event); out["pbn_s"] = time.perf_counter() - t0
print(json.dumps(out))
"""

# The floor: the database read and the comparisons, then the same cells written
# plain (ints, floats and text, no style) by openpyxl in write-only mode.
FLOOR = """
import io, sys, time, json
from fractions import Fraction
import django
django.setup()
from openpyxl import Workbook
from scoring import compare_boards
from tournament import exports
from tournament.exports.rows import _live_lines
from tournament.queries import standings
from tournament.models import Event
event = Event.objects.get(pk=int(sys.argv[1]))
t0, c0 = time.perf_counter(), time.process_time()
lines = _live_lines(event)
compare_boards([standings.board_result(r) for r in lines], event.method, event.adjusted_values)
read_s, read_cpu = time.perf_counter() - t0, time.process_time() - c0

def plain(v):
    return str(v) if isinstance(v, Fraction) else float(v) if isinstance(v, float) else v

rows = [[plain(v) for v in row] for row in exports.traveller_rows(event)]
rows += [[plain(v) for v in row] for row in exports.standings_rows(event)]
t0, c0 = time.perf_counter(), time.process_time()
wb = Workbook(write_only=True)
ws = wb.create_sheet("Plain")
for row in rows:
    ws.append(row)
wb.save(io.BytesIO())
out = {"read_s": read_s, "write_s": time.perf_counter() - t0}
out["cpu"] = read_cpu + time.process_time() - c0
print(json.dumps(out))
"""


def run(script: str, *args: str) -> dict:
    """One measurement in a fresh process (its own imports, caches and peak memory)."""
    proc = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=os.path.join(HERE, ".."),
        env=os.environ,
        capture_output=True,
        text=True,
    )
    if proc.returncode:
        sys.exit(f"the measurement failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def spread(values: list[float], fmt: str) -> str:
    """min / median / max, each with ``fmt``."""
    return " / ".join(format(x, fmt) for x in (min(values), statistics.median(values), max(values)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    import standings_page

    standings_page.setup_django()
    event, n = standings_page.build_event(args.tables, 13, 2)
    runs, floors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        target = os.path.join(tmp, "event.xlsx")
        for _ in range(args.runs):
            runs.append(run(EXPORT, str(event.pk), target))
            floors.append(run(FLOOR, str(event.pk)))
    r = runs[-1]
    times = [x["xlsx_s"] for x in runs]
    floor = [f["read_s"] + f["write_s"] for f in floors]
    print(f"event: {args.tables} tables, {n} results; {args.runs} runs, each in a fresh process")
    print(f"openpyxl with lxml: {'yes' if r['lxml'] else 'no (the standard library)'}")
    print(f"XLSX export, min / median / max: {spread(times, '.2f')} s (goal < 2 s)")
    print(
        "peak memory, min / median / max: "
        f"{spread([x['peak_mb'] for x in runs], '.0f')} MB (goal < 200 MB); "
        f"file {r['xlsx_mb']:.1f} MB"
    )
    print(
        f"floor, min / median / max: {spread(floor, '.2f')} s "
        f"(read and compare {statistics.median(f['read_s'] for f in floors):.2f} s, "
        f"openpyxl plain cells {statistics.median(f['write_s'] for f in floors):.2f} s)"
    )
    print(f"ratio to floor: {statistics.median(times) / statistics.median(floor):.2f}")
    # CPU time moves less than wall time when other processes share the cores.
    cpu = [x["xlsx_cpu"] for x in runs]
    floor_cpu = [f["cpu"] for f in floors]
    print(
        f"CPU time, min / median / max: XLSX {spread(cpu, '.2f')} s, "
        f"floor {spread(floor_cpu, '.2f')} s; "
        f"ratio to floor {statistics.median(cpu) / statistics.median(floor_cpu):.2f}"
    )
    print(f"travellers CSV: {r['csv_s']:.1f} s; PBN: {r['pbn_s']:.1f} s")


if __name__ == "__main__":
    main()
