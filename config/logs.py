"""Log privacy: phone numbers in any log line are masked to their last four digits.

Installed on the root logger's handlers by every process we start (actions server, Rasa's connectors, web app,
worker), so a number is masked whichever module logs it and however it is formatted: ``+17605550199``,
``(760) 555-0199`` and ``760-555-0199`` all become ``…0199``.
"""

from __future__ import annotations

import logging
import re

# Ten or eleven digits, optionally with +1, brackets, spaces, dots or dashes between the groups; not part of a
# longer run of digits (SIDs and timestamps are hex or longer and stay readable).
_PHONE = re.compile(r"(?<![\w])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?(\d{4})(?![\w])")


def mask_phones(text: str) -> str:
    """``"call +17605550199"`` → ``"call …0199"``."""
    return _PHONE.sub(lambda match: f"…{match.group(1)}", text)


class PhoneMaskingFilter(logging.Filter):
    """Rewrites each record's message with its phone numbers masked (arguments are formatted first)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is the logging call's own problem: leave it alone
            return True
        masked = mask_phones(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def install_log_privacy(logger: logging.Logger | None = None) -> None:
    """Put the masking filter on every handler of ``logger`` (the root logger by default), once."""
    target = logger or logging.getLogger()
    for handler in target.handlers:
        if not any(isinstance(f, PhoneMaskingFilter) for f in handler.filters):
            handler.addFilter(PhoneMaskingFilter())
