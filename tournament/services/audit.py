"""Who acts and why, and the audit trail that keeps it.

Every verb takes an :class:`Actor`: the director (a logged-in user) or a
table's tablet, with the reason given and the request's idempotency key.
Law E hangs on it: once a round is agreed only a director may change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..models import AuditEntry, Event, Result
from .text import checked


@dataclass(frozen=True, slots=True)
class Actor:
    """Who did it (a director's account, or table ``table``'s tablet) and why."""

    user: Any = None
    table: int | None = None
    reason: str = ""
    key: str = ""  # the submission's idempotency key: a retry returns the stored result

    @classmethod
    def director(cls, user: Any, reason: str = "") -> Actor:
        return cls(user=user, reason=reason)

    @classmethod
    def tablet(cls, table: int, key: str = "") -> Actor:
        return cls(table=table, key=key)

    @property
    def kept_reason(self) -> str:
        """The reason, as the database keeps it: one holding what no database stores is
        refused (:class:`ServiceError`), inside the verb's transaction, so the change it
        explains is not made either (tournament/text.py)."""
        return checked(self.reason, what="The note for the log", lines=True, field="reason")

    @property
    def is_director(self) -> bool:
        return self.table is None

    @property
    def account(self) -> Any:
        """The user to record, if a real one is logged in."""
        user = self.user
        return user if user is not None and user.is_authenticated else None

    @property
    def label(self) -> str:
        """How the audit trail and the traveller name who acted: "table 3", "director alice"."""
        if self.table is not None:
            return f"table {self.table}"
        account = self.account
        name = account.get_username() if account is not None else ""
        # The demo's (and many a club's) account is called "director": not "director director".
        return "director" if name.lower() in ("", "director") else f"director {name}"


def audit(
    event: Event, action: str, detail: str, *, by: Actor, result: Result | None = None
) -> AuditEntry:
    """Write one line of the event's audit trail: who, when, what and why (a reason the
    database cannot keep refused: :attr:`Actor.kept_reason`)."""
    reason = by.kept_reason
    return AuditEntry.objects.create(
        event=event,
        user=by.account,
        actor=by.label,
        action=action,
        detail=checked(detail, what="The log's line", lines=True),
        reason=reason,
        result=result,
    )
