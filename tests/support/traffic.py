"""Mixed traffic against a running assistant, as Twilio and browsers send it: signed SMS and voice webhooks
(to Rasa's connectors) and web chat turns (to the web app, with its cookie). Used by the load test in
``make test`` (bounded) and by ``make soak`` (50 conversations x 20 turns, and a 10 MB unsigned POST).

Every turn records its latency, HTTP status and whether a reply came back; nothing here asserts, so the
callers decide what must hold.
"""

from __future__ import annotations

import http.client
import http.cookies
import json
import random
import statistics
import threading
import time
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from twilio.request_validator import RequestValidator

SMS_PATH = "/webhooks/twilio_sms/webhook"
VOICE_PATH = "/webhooks/twilio_voice/webhook"

SMS_TURNS = [
    "how often do i have to pump my grease trap",
    "victorville",
    "MORE",
    "whats the fine for a 2nd NOV",
    "inglewood",
    "sewage is coming out of a manhole",
    "no",
    "Victorville",
    "15000 Seneca Rd by the library",
    "start over",
    "pumped on Nov 20, 1,000 gallons, ABC Hauling",
    "90",
    "when is my next pump-out?",
    "how long do i keep manifests",
    "thanks",
]
VOICE_TURNS = [
    "yes",
    "Inglewood",
    "corner of Market and Manchester",
    "grease and sewage",
    "about an hour ago",
    "yes",
]
WEB_TURNS = [
    "which bin does a greasy pizza box go in",
    "my house",
    "where do banana peels go",
    "can I get a de minimis waiver",
    "we have 4 yards of trash a week and 12 gallons of food waste",
    "what goes in the blue cart",
]


@dataclass
class Turn:
    channel: str
    status: int
    seconds: float
    replied: bool


@dataclass
class Traffic:
    rasa_port: int
    web_port: int
    public_base_url: str
    auth_token: str
    account_sid: str
    number_block: int = 1  # one digit: runs against one stack use different blocks of texters' numbers
    turns: list[Turn] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    # --- one turn per channel ------------------------------------------------------------------------------

    def sms(self, sender: str, body: str) -> None:
        form = {
            "MessageSid": "SM" + uuid.uuid4().hex,
            "AccountSid": self.account_sid,
            "From": sender,
            "To": "+17605550199",
            "Body": body,
            "NumMedia": "0",
        }
        status, text, seconds = self._twilio(SMS_PATH, form)
        self._record("sms", status, seconds, "<Message>" in text)

    def voice(self, call_sid: str, speech: str | None) -> bool:
        """One voice webhook; True while the call goes on (False once the reply dials or hangs up)."""
        form = {
            "CallSid": call_sid,
            "AccountSid": self.account_sid,
            "From": "+13105550177",
            "To": "+13105550100",
            "CallStatus": "in-progress",
        }
        if speech is not None:
            form |= {"SpeechResult": speech, "Confidence": "0.9"}
        status, text, seconds = self._twilio(VOICE_PATH, form)
        self._record("voice", status, seconds, "<Say" in text or "<Dial" in text)
        return "<Hangup" not in text and "<Dial" not in text

    def web(self, cookies: dict[str, str], message: str) -> None:
        headers = {"Content-Type": "application/json"}
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        started = time.perf_counter()
        status, text, response_headers = _post(
            self.web_port, "/api/chat", json.dumps({"message": message}), headers
        )
        seconds = time.perf_counter() - started
        for header, value in response_headers:
            if header.lower() == "set-cookie":
                cookie = http.cookies.SimpleCookie(value)
                cookies.update({key: morsel.value for key, morsel in cookie.items()})
        replied = status == 200 and bool(json.loads(text).get("messages"))
        self._record("web", status, seconds, replied)

    # --- conversations -------------------------------------------------------------------------------------

    def conversation(self, index: int, turns: int, rng: random.Random) -> None:
        """One conversation of ``turns`` turns on the channel ``index`` picks (SMS, voice or web)."""
        kind = ("sms", "sms", "voice", "web")[index % 4]
        if kind == "sms":
            sender = (
                f"+1760555{self.number_block}{index:03d}"  # its own number, under the per-number rate limit
            )
            for t in range(turns):
                self.sms(
                    sender, SMS_TURNS[t % len(SMS_TURNS)] if rng.random() > 0.15 else rng.choice(SMS_TURNS)
                )
        elif kind == "voice":
            call, step, going = "", 0, False
            for _ in range(turns):
                if not going:  # a caller whose call ended (dialled through or hung up) calls again
                    call, step = "CA" + uuid.uuid4().hex, 0
                    going = self.voice(call, None)
                    continue
                going = self.voice(call, VOICE_TURNS[step % len(VOICE_TURNS)])
                step += 1
        else:
            cookies: dict[str, str] = {}
            for t in range(turns):
                self.web(cookies, WEB_TURNS[t % len(WEB_TURNS)])

    def run(self, conversations: int, turns: int, *, concurrency: int, seed: int = 7) -> None:
        rng = random.Random(seed)
        seeds = [rng.random() for _ in range(conversations)]
        with ThreadPoolExecutor(concurrency) as pool:
            futures = [
                pool.submit(self.conversation, i, turns, random.Random(seeds[i]))
                for i in range(conversations)
            ]
            for future in futures:
                future.result()

    def unsigned_flood(self, megabytes: int = 10) -> tuple[int, float]:
        """One unsigned POST of ``megabytes`` MB to the SMS webhook: its status (-1: cut off) and seconds."""
        started = time.perf_counter()
        try:
            status, _, _ = _post(
                self.rasa_port,
                SMS_PATH,
                b"Body=" + b"x" * (megabytes * 1024 * 1024),
                {"Content-Type": "application/x-www-form-urlencoded"},
            )
        except (ConnectionError, OSError):
            status = -1
        return status, time.perf_counter() - started

    # --- results -------------------------------------------------------------------------------------------

    def summary(self) -> dict[str, object]:
        seconds = sorted(turn.seconds for turn in self.turns)
        errors = [t for t in self.turns if t.status >= 400]
        empty = [t for t in self.turns if t.status < 400 and not t.replied]
        return {
            "turns": len(self.turns),
            "errors": len(errors),
            "empty": len(empty),
            "p50_ms": round(1000 * statistics.median(seconds), 1) if seconds else None,
            "p95_ms": round(1000 * _quantile(seconds, 0.95), 1) if seconds else None,
            "max_ms": round(1000 * seconds[-1], 1) if seconds else None,
            "by_channel": {c: sum(1 for t in self.turns if t.channel == c) for c in ("sms", "voice", "web")},
            "empty_by_channel": {c: sum(1 for t in empty if t.channel == c) for c in ("sms", "voice", "web")},
        }

    def _twilio(self, path: str, form: dict[str, str]) -> tuple[int, str, float]:
        signature = RequestValidator(self.auth_token).compute_signature(self.public_base_url + path, form)
        headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature}
        started = time.perf_counter()
        status, text, _ = _post(self.rasa_port, path, urllib.parse.urlencode(form), headers)
        return status, text, time.perf_counter() - started

    def _record(self, channel: str, status: int, seconds: float, replied: bool) -> None:
        with self.lock:
            self.turns.append(Turn(channel, status, seconds, replied))


def _post(port: int, path: str, body: str | bytes, headers: dict[str, str]):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request(
            "POST", path, body=body.encode() if isinstance(body, str) else body, headers=headers
        )
        response = connection.getresponse()
        return response.status, response.read().decode(errors="replace"), response.getheaders()
    finally:
        connection.close()


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
