"""The one family of errors the scoring library raises.

Every message is written for a tournament director: it says what is wrong
with the input in the terms of the game, never a Python traceback.
"""


class ScoringError(ValueError):
    """Input that cannot be scored, with a message a director understands."""
