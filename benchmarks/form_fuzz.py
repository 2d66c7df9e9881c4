"""Form fuzz: every director and tablet form posted over HTTP, thousands of times; the
posts and the server errors (5xx) on each database.  Goal: 0 server errors.

The forms are read from the pages themselves and fuzzed as the suite's bounded run
does (tests/tournament/httpfuzz.py): values kept, changed, too long, sent twice or
left out, stale formsets, derived names past an event's.  Each database is a scratch
one (SQLite, then PostgreSQL when it answers on 127.0.0.1:5432); the world the forms
act on is kept from post to post, as an evening's is.  A server error prints the
form, what was posted and the traceback.

    python -m benchmarks.form_fuzz [--posts 3000] [--seed 1915] [--sqlite-only | --postgres-only]
"""

from __future__ import annotations

import argparse
import os
import time
import traceback
from collections import Counter
from typing import Any

from .harness import django_env, in_fresh_process, scratch_databases, setup_django


def _run(posts: int, seed: int) -> dict[str, Any]:
    setup_django(os.environ["DATABASE_URL"])
    from django.conf import settings
    from django.core.signals import got_request_exception
    from django.test.utils import setup_test_environment
    from hypothesis import HealthCheck, Phase, given
    from hypothesis import seed as hypothesis_seed
    from hypothesis import settings as run_settings
    from hypothesis import strategies as st

    from tests.tournament import httpfuzz
    from tournament import jobs

    setup_test_environment()  # the test client's host
    # What is fuzzed is the forms: a password is hashed once, not a million times, and
    # a solve the deals page starts runs outside the request, so it is not started.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    jobs.enqueue = lambda pk: None
    # The static files under their plain names, as in the suite (nothing is collected).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

    world = httpfuzz.make_world()
    targets = httpfuzz.crawl(world)
    raised: list[str] = []
    got_request_exception.connect(lambda **kw: raised.append(traceback.format_exc()), weak=False)
    statuses: Counter[int] = Counter()
    failures: list[tuple[str, str]] = []

    @hypothesis_seed(seed)
    @run_settings(
        max_examples=posts,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def one_post(data: Any) -> None:
        target = data.draw(st.sampled_from(targets))
        payload = data.draw(httpfuzz.form_data(target))
        status = httpfuzz.post(world, target, payload)
        statuses[status] += 1
        done = sum(statuses.values())
        if done % 500 == 0:
            print(f"  {done} posts, {time.perf_counter() - started:.0f} s", flush=True)
        if status >= 500:
            failures.append((httpfuzz.describe(target, payload), raised[-1] if raised else ""))

    started = time.perf_counter()
    one_post()
    return {
        "forms": len(targets),
        "statuses": dict(sorted(statuses.items())),
        "failures": failures,
        "seconds": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1915)
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--sqlite-only", action="store_true")
    only.add_argument("--postgres-only", action="store_true")
    args = parser.parse_args()
    databases = scratch_databases(
        "bench_form_fuzz", sqlite=not args.postgres_only, postgres=not args.sqlite_only
    )
    for label, url in databases:
        got = in_fresh_process(_run, args.posts, args.seed, env=django_env(url))
        statuses = got["statuses"]
        posts = sum(statuses.values())
        errors = sum(n for status, n in statuses.items() if status >= 500)
        print(
            f"{label}: {posts} posts to {got['forms']} forms in {got['seconds']:.0f} s; "
            f"server errors (5xx): {errors}"
        )
        print("  answers: " + ", ".join(f"{s}: {n}" for s, n in statuses.items()))
        for where, trace in got["failures"][:10]:
            print(f"  5xx: {where}\n{trace}")


if __name__ == "__main__":
    main()
