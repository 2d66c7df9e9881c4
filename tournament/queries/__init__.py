"""The read side: what the pages and files show, recomputed from the live results.

Standings (:mod:`.standings`), travellers (:mod:`.travellers`), score cards
(:mod:`.score_cards`), a league's table and meetings (:mod:`.leagues`), a
contest's session and overall tables (:mod:`.contests`), the record of corrections
(:mod:`.corrections`), the charts' geometry
(:mod:`.charts`) and the page cache that keeps a whole event's figures until the
event changes (:mod:`.pagecache`).  Nothing here writes: the verbs
(:mod:`tournament.services`) change the records and may read through these
modules, never the other way round.
"""
