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

    python -m benchmarks.export_xlsx [--tables 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from fractions import Fraction

from .harness import in_fresh_process, ratio, setup_django, spread
from .standings_page import build_event


def export(event_pk: int, target: str) -> dict:
    """The XLSX export (then the CSV and PBN ones) of the event, in this process."""
    import django

    django.setup()
    import openpyxl

    from tournament import exports
    from tournament.models import Event

    event = Event.objects.get(pk=event_pk)
    out = {"lxml": openpyxl.LXML}
    t0, c0 = time.perf_counter(), time.process_time()
    with open(target, "wb") as f:
        exports.write_xlsx(event, f)
    out["xlsx_s"], out["xlsx_cpu"] = time.perf_counter() - t0, time.process_time() - c0
    out["xlsx_mb"] = os.path.getsize(target) / 1e6
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t0 = time.perf_counter()
    exports.travellers_csv(event)
    out["csv_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    exports.write_pbn(event)
    out["pbn_s"] = time.perf_counter() - t0
    return out


def plain_floor(event_pk: int) -> dict:
    """The floor, in this process: the database read and the comparisons, then the same
    cells written plain (ints, floats and text, no style) by openpyxl in write-only
    mode."""
    import io

    import django

    django.setup()
    from openpyxl import Workbook

    from scoring import compare_boards
    from tournament import exports
    from tournament.exports.rows import live_lines
    from tournament.models import Event
    from tournament.queries import standings

    event = Event.objects.get(pk=event_pk)
    t0, c0 = time.perf_counter(), time.process_time()
    lines = live_lines(event)
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
    return {
        "read_s": read_s,
        "write_s": time.perf_counter() - t0,
        "cpu": read_cpu + time.process_time() - c0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    setup_django()
    event, n = build_event(args.tables, 13, 2)
    runs, floors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        target = os.path.join(tmp, "event.xlsx")
        for _ in range(args.runs):  # each in a fresh process: its own caches and peak memory
            runs.append(in_fresh_process(export, event.pk, target, env=dict(os.environ)))
            floors.append(in_fresh_process(plain_floor, event.pk, env=dict(os.environ)))
    r = runs[-1]
    times = [x["xlsx_s"] for x in runs]
    floor = [f["read_s"] + f["write_s"] for f in floors]
    print(f"event: {args.tables} tables, {n} results; {args.runs} runs, each in a fresh process")
    print(f"openpyxl with lxml: {'yes' if r['lxml'] else 'no (the standard library)'}")
    print(f"XLSX export: {spread(times, 's', '.2f')} (goal < 2 s)")
    print(
        f"peak memory: {spread([x['peak_mb'] for x in runs], 'MB', '.0f')} (goal < 200 MB); "
        f"file {r['xlsx_mb']:.1f} MB"
    )
    print(
        f"floor: {spread(floor, 's', '.2f')} "
        f"(read and compare {statistics.median(f['read_s'] for f in floors):.2f} s, "
        f"openpyxl plain cells {statistics.median(f['write_s'] for f in floors):.2f} s)"
    )
    print(f"XLSX export: {ratio(statistics.median(times), statistics.median(floor))}")
    # CPU time moves less than wall time when other processes share the cores.
    cpu = [x["xlsx_cpu"] for x in runs]
    floor_cpu = [f["cpu"] for f in floors]
    print(f"CPU time: XLSX {spread(cpu, 's', '.2f')}, floor {spread(floor_cpu, 's', '.2f')}")
    print(f"CPU time: XLSX {ratio(statistics.median(cpu), statistics.median(floor_cpu))}")
    print(f"travellers CSV: {r['csv_s']:.1f} s; PBN: {r['pbn_s']:.1f} s")


if __name__ == "__main__":
    main()
