"""The one-winner Mitchells' search results, stored (docs/decisions/mitchell-variants.md).

For each number of tables, the names :func:`.one_winner_mitchells.search` finds,
the smallest coefficient of variation first.  The searches take seconds at forty
tables, so the library offers what is stored here and a test runs them again.
Regenerate with ``print(stored_table())`` from :mod:`.one_winner_mitchells`.
"""

OFFERS: dict[int, tuple[str, ...]] = {
    3: ("mitchell-3-scrambled-1-2",),
    4: (
        "mitchell-4-relay-scrambled-1-3",
        "mitchell-4-skip-scrambled-1-2",
    ),
    5: ("mitchell-5-scrambled-1-2",),
    6: (
        "mitchell-6-relay-switch-3",
        "mitchell-6-skip-scrambled-1-2",
        "mitchell-6-relay-scrambled-1-2",
    ),
    7: (
        "mitchell-7-switch-3",
        "mitchell-7-scrambled-1-2",
    ),
    8: (
        "mitchell-8-relay-switch-4",
        "mitchell-8-relay-scrambled-1-2",
        "mitchell-8-skip-switch-3",
        "mitchell-8-skip-scrambled-1-2",
    ),
    9: (
        "mitchell-9-switch-4",
        "mitchell-9-scrambled-1-2",
    ),
    10: (
        "mitchell-10-skip-scrambled-1-2",
        "mitchell-10-relay-scrambled-1-2",
        "mitchell-10-relay-switch-3",
        "mitchell-10-skip-switch-4",
        "web-10-switch-2",
    ),
    11: (
        "mitchell-11-switch-3",
        "mitchell-11-scrambled-1-2",
    ),
    12: (
        "mitchell-12-skip-scrambled-1-2",
        "mitchell-12-relay-switch-4",
        "mitchell-12-relay-scrambled-1-2",
        "mitchell-12-skip-switch-5",
    ),
    13: (
        "mitchell-13-switch-3",
        "mitchell-13-scrambled-1-2",
    ),
    14: (
        "mitchell-14-skip-scrambled-1-2",
        "mitchell-14-skip-switch-3",
        "mitchell-14-relay-scrambled-1-2",
        "mitchell-14-relay-switch-3",
        "web-14-switch-3",
    ),
    15: (
        "mitchell-15-scrambled-1-2",
        "mitchell-15-switch-2",
    ),
    16: (
        "mitchell-16-relay-switch-3",
        "mitchell-16-relay-scrambled-1-2",
        "mitchell-16-skip-scrambled-1-2",
        "mitchell-16-skip-switch-5",
    ),
    17: (
        "mitchell-17-scrambled-1-2",
        "mitchell-17-switch-3",
    ),
    18: (
        "mitchell-18-skip-scrambled-1-2",
        "mitchell-18-relay-scrambled-1-2",
        "mitchell-18-skip-switch-4",
        "mitchell-18-relay-switch-4",
        "web-18-switch-4",
    ),
    19: (
        "mitchell-19-scrambled-1-2",
        "mitchell-19-switch-3",
    ),
    20: (
        "mitchell-20-skip-switch-3",
        "mitchell-20-relay-switch-3",
        "mitchell-20-skip-scrambled-1-2",
        "mitchell-20-relay-scrambled-1-2",
    ),
    21: (
        "mitchell-21-scrambled-1-2",
        "mitchell-21-switch-4",
    ),
    22: (
        "mitchell-22-skip-scrambled-1-2",
        "mitchell-22-relay-scrambled-1-2",
        "mitchell-22-skip-switch-4",
        "mitchell-22-relay-switch-4",
        "web-22-switch-3",
    ),
    23: (
        "mitchell-23-scrambled-1-2",
        "mitchell-23-switch-3",
    ),
    24: (
        "mitchell-24-skip-scrambled-1-2",
        "mitchell-24-relay-switch-4",
        "mitchell-24-relay-scrambled-1-2",
        "mitchell-24-skip-switch-4",
    ),
    25: (
        "mitchell-25-scrambled-1-2",
        "mitchell-25-switch-3",
    ),
    26: (
        "mitchell-26-skip-scrambled-1-2",
        "mitchell-26-relay-scrambled-1-2",
        "mitchell-26-skip-switch-3",
        "mitchell-26-relay-switch-3",
        "web-26-switch-3",
    ),
    27: (
        "mitchell-27-scrambled-1-2",
        "mitchell-27-switch-4",
    ),
    28: (
        "mitchell-28-relay-switch-3",
        "mitchell-28-skip-scrambled-1-2",
        "mitchell-28-relay-scrambled-1-2",
        "mitchell-28-skip-switch-4",
    ),
    29: (
        "mitchell-29-scrambled-1-2",
        "mitchell-29-switch-3",
    ),
    30: (
        "mitchell-30-skip-scrambled-1-2",
        "mitchell-30-relay-scrambled-1-2",
        "mitchell-30-relay-switch-4",
        "mitchell-30-skip-switch-4",
        "web-30-switch-2",
    ),
    31: (
        "mitchell-31-scrambled-1-2",
        "mitchell-31-switch-3",
    ),
    32: (
        "mitchell-32-skip-switch-3",
        "mitchell-32-relay-switch-3",
        "mitchell-32-skip-scrambled-1-2",
        "mitchell-32-relay-scrambled-1-2",
    ),
    33: (
        "mitchell-33-scrambled-1-2",
        "mitchell-33-switch-4",
    ),
    34: (
        "mitchell-34-skip-scrambled-1-2",
        "mitchell-34-relay-scrambled-1-2",
        "mitchell-34-relay-switch-4",
        "mitchell-34-skip-switch-4",
        "web-34-switch-3",
    ),
    35: (
        "mitchell-35-scrambled-1-2",
        "mitchell-35-switch-3",
    ),
    36: (
        "mitchell-36-skip-scrambled-1-2",
        "mitchell-36-relay-switch-4",
        "mitchell-36-relay-scrambled-1-2",
        "mitchell-36-skip-switch-4",
    ),
    37: (
        "mitchell-37-scrambled-1-2",
        "mitchell-37-switch-3",
    ),
    38: (
        "mitchell-38-relay-scrambled-1-2",
        "mitchell-38-skip-scrambled-1-2",
        "mitchell-38-skip-switch-3",
        "mitchell-38-relay-switch-4",
        "web-38-switch-3",
    ),
    39: (
        "mitchell-39-scrambled-1-2",
        "mitchell-39-switch-4",
    ),
    40: (
        "mitchell-40-relay-switch-3",
        "mitchell-40-skip-scrambled-1-2",
        "mitchell-40-relay-scrambled-1-2",
        "mitchell-40-skip-switch-4",
    ),
}
