"""Records kept as a ``draft`` while a form is being filled, then ``submitted`` or ``cancelled``.

Permit applications (:mod:`store.permits`) and waiver requests (:mod:`store.waivers`) follow the same
life cycle on their own tables; a :class:`DraftTable` holds it once, and those modules add the columns
and checks of their kind of record around it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from store import records
from store.db import Bind, resolve_now, write_transaction
from store.records import Record
from store.references import RandomSource

EDITABLE = ("draft",)


@dataclass(frozen=True)
class DraftTable:
    """The draft life cycle on ``table``, whose reference numbers start with ``prefix``."""

    table: sa.Table
    prefix: str

    def create(
        self,
        bind: Bind,
        *,
        conversation_id: str | None,
        channel: str | None,
        details: Mapping[str, Any] | None,
        facility_reference: str | None,
        now: dt.datetime | None,
        rng: RandomSource | None,
        columns: Callable[[], Mapping[str, Any]],
    ) -> Record:
        """A new draft; ``columns()`` gives the table's own columns and may raise to refuse bad values.

        It is called inside the write transaction, before the facility reference is looked up.
        """
        moment = resolve_now(now)
        with write_transaction(bind) as connection:
            values = {
                **records.base_values(
                    conversation_id=conversation_id,
                    channel=channel,
                    now=moment,
                    status="draft",
                    details=details,
                ),
                **columns(),
                "facility_id": records.facility_id_for(connection, facility_reference),
            }
            return records.insert_with_reference(connection, self.table, self.prefix, values, rng)

    def update(
        self,
        bind: Bind,
        reference: str,
        values: Mapping[str, Any],
        *,
        details: Mapping[str, Any] | None,
        now: dt.datetime | None,
    ) -> Record:
        """Set ``values`` on a draft and merge ``details`` into its details; a closed one raises."""
        return records.edit_open_record(
            bind, self.table, reference, values, resolve_now(now), editable_statuses=EDITABLE, details=details
        )

    def submit(self, bind: Bind, reference: str, *, now: dt.datetime | None) -> Record:
        moment = resolve_now(now)
        return records.change_status(
            bind,
            self.table,
            reference,
            "submitted",
            moment,
            from_statuses=EDITABLE,
            extra={"submitted_at": moment},
        )

    def cancel(self, bind: Bind, reference: str, *, now: dt.datetime | None) -> Record:
        return records.change_status(
            bind, self.table, reference, "cancelled", resolve_now(now), from_statuses=EDITABLE
        )

    def get_by_reference(self, bind: Bind, reference: str) -> Record | None:
        return records.get_by_reference(bind, self.table, reference)

    def latest_draft_for_conversation(self, bind: Bind, conversation_id: str) -> Record | None:
        return records.latest(
            bind,
            self.table,
            self.table.c.conversation_id == conversation_id,
            self.table.c.status == "draft",
        )
