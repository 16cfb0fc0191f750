"""Phone numbers never reach a log line in full."""

import logging

import pytest

from config.logs import PhoneMaskingFilter, install_log_privacy, mask_phones


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("SMS from +17605550199 refused", "SMS from …0199 refused"),
        ("callback (760) 555-0133.", "callback …0133."),
        ("to 760-555-0100, 310.555.0142", "to …0100, …0142"),
        ("SM0123456789abcdef0123456789abcdef stays", "SM0123456789abcdef0123456789abcdef stays"),
        ("reference SP-123456 and 2026-12-01", "reference SP-123456 and 2026-12-01"),
    ],
)
def test_mask_phones(text, masked):
    assert mask_phones(text) == masked


def test_the_filter_masks_formatted_arguments_on_every_handler(caplog):
    logger = logging.getLogger("privacy-test")
    handler = logging.Handler()
    records = []
    handler.emit = records.append
    logger.addHandler(handler)
    install_log_privacy(logger)
    install_log_privacy(logger)  # idempotent
    assert sum(isinstance(f, PhoneMaskingFilter) for f in handler.filters) == 1
    logger.warning("Reminder %s to %s failed.", 7, "+13105550142")
    assert records[0].getMessage() == "Reminder 7 to …0142 failed."
    logger.removeHandler(handler)
