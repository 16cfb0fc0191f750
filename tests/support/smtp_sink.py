"""A real SMTP server on loopback for tests (aiosmtpd): it accepts every message and keeps it, parsed.

with smtp_server(port) as inbox:
    ...  # something sends mail to 127.0.0.1:port
    inbox.to("oncall@victorville.example")
"""

from __future__ import annotations

import email
import email.policy
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


@dataclass
class Inbox:
    """The aiosmtpd handler: every message accepted, parsed, with its envelope recipients."""

    messages: list[EmailMessage] = field(default_factory=list)
    recipients: list[list[str]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self._lock:
            self.messages.append(message)
            self.recipients.append(list(envelope.rcpt_tos))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for m, rcpts in zip(self.messages, self.recipients, strict=True) if address in rcpts]


@contextmanager
def smtp_server(port: int) -> Iterator[Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()
