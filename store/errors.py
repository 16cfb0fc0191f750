"""Errors raised by the store; each message names the offending value and what to do instead."""

from __future__ import annotations


class StoreError(ValueError):
    """A value the store cannot accept (unknown field, bad status, naive timestamp, …)."""


class RecordNotFound(StoreError, LookupError):
    """No row has the given reference number, MessageSid, CallSid or id."""


class RecordClosed(StoreError):
    """The record is in a final status (e.g. a submitted spill report) and can no longer be edited."""
