"""Serving the room: the machinery between the app and the evening's network.

Where the tablets reach this machine (:mod:`.address`), gunicorn's log in the
app's file (:mod:`.roomlog`), the app loaded before the workers fork
(:mod:`.warm`) and the static files' storage (:mod:`.staticstorage`).
None of it knows bridge or imports the rest of the app: it is the ground floor,
so anything above may lean on it and it on nothing.
"""
