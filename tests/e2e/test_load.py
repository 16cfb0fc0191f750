"""Load, bounded for `make test`: concurrent conversations mixed over signed SMS, signed voice and the web
chat, with a 10 MB unsigned POST thrown in mid-run. No errors, no empty replies; latencies printed.
`make soak` runs the full size (50 conversations x 20 turns) and compares p95 with and without the POST."""

import threading

import pytest
from e2e_settings import TWILIO_TEST_ENV, TWILIO_TEST_TOKEN
from traffic import Traffic

pytestmark = pytest.mark.e2e


def traffic_for(stack) -> Traffic:
    return Traffic(
        rasa_port=stack.ports.rasa,
        web_port=stack.ports.web,
        public_base_url=TWILIO_TEST_ENV["PUBLIC_BASE_URL"],
        auth_token=TWILIO_TEST_TOKEN,
        account_sid=TWILIO_TEST_ENV["TWILIO_ACCOUNT_SID"],
    )


def test_concurrent_mixed_conversations_all_get_answers_even_with_a_flood_mid_run(running_stack):
    traffic = traffic_for(running_stack)
    flood: dict[str, object] = {}

    def throw_in_a_flood():
        flood["status"], flood["seconds"] = traffic.unsigned_flood(10)

    flooder = threading.Timer(3.0, throw_in_a_flood)
    flooder.start()
    traffic.run(conversations=12, turns=8, concurrency=12)
    flooder.join()

    summary = traffic.summary()
    print(f"\nload: {summary}; 10 MB unsigned POST: {flood}")
    assert summary["turns"] == 12 * 8 and summary["errors"] == 0 and summary["empty"] == 0, summary
    assert all(summary["by_channel"][c] > 0 for c in ("sms", "voice", "web"))
    assert flood["status"] in (403, 413, -1) and flood["seconds"] < 5, flood
