"""The table scorer's tablet: this table, this round, nothing else.

Every view starts from the table's private link; the server (not the page)
decides which boards and results the link may touch: its own table's boards
of its current round.  Submissions carry an idempotency key, so a retry on
flaky Wi-Fi returns the stored result instead of making a second one.

One module a part of the tablet: the table a link stands for (:mod:`.table`),
a board's entry and result (:mod:`.board`), the table's home and round pages
(:mod:`.rounds`).
"""
