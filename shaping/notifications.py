"""The words of the city's notifications: spill alerts to on-call staff (SMS and e-mail), applications to the
FOG office (e-mail), texts to reporters, and alerts to operators when a notification could not be delivered.

Pure presentation: :func:`notification_context` turns an outbox event and its record into display strings
(city names, office names and dates from :mod:`cities`; "not given" where a fact is missing, never a guess),
and the Jinja2 templates in ``shaping/templates/notifications/`` (plain text) word them:

- ``<event kind>.subject.txt`` and ``<event kind>.email.txt``: an e-mail's subject line and body;
- ``<event kind>.sms.txt``: a text, whitespace collapsed and fitted to :data:`SMS_MAX_SEGMENTS` segments by
  shortening the free-text fields (location, what is spilling) when a long answer would not fit;
- ``<event kind>.es.sms.txt``: the same text in Spanish (``render_sms(..., language="es")``, with the context
  made for Spanish). E-mails to staff are English only.

A deployment overrides any template by putting a file of the same name in ``NOTIFICATION_TEMPLATES_DIR``;
the others keep the built-in wording.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jinja2

from cities import CITY_NAMES, CITY_TIME_ZONE, DEFAULT_OFFICES
from cities.wording import short_date
from intake import PhoneNumber
from languages import ENGLISH, N_, normalised, t, using
from shaping.sms_text import gsm7_fold, sms_segments

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates" / "notifications"
SMS_MAX_SEGMENTS = 2
NOT_GIVEN = N_("not given")
NOT_KNOWN = N_("not known")
CITY_ZONE = ZoneInfo(CITY_TIME_ZONE)

EMAIL_KINDS = ("spill_started", "spill_submitted", "permit_submitted", "waiver_submitted", "delivery_failed")
SMS_KINDS = ("spill_started", "spill_submitted", "status_changed", "document_link")

CHANNEL_NAMES = {
    "voice": N_("phone call"),
    "sms": N_("text message"),
    "web": N_("web chat"),
    "rest": N_("web chat"),
    "socketio": N_("web chat"),
    "open311": N_("Open311"),
}
REACH_NAMES = {"street": N_("the street"), "gutter": N_("the gutter"), "storm_drain": N_("a storm drain")}
WAIVER_KIND_NAMES = {
    "deminimis": "De minimis waiver",
    "physical_space": "Physical space waiver",
    "inglewood_variance": "Variance",
    "inglewood_conditional_waiver": "Conditional waiver",
    "inglewood_cleanup_charge_waiver": "Cleanup charge waiver",
}
SHRINKABLE = ("location", "what")
"""The free-text fields an SMS shortens, in turn, when the whole does not fit."""
_SHRINK_STEPS = (120, 80, 50, 30, 15)


@dataclass(frozen=True)
class Email:
    subject: str
    body: str


def local_time(moment: dt.datetime | None) -> str:
    """``"Aug 14, 2024, 10:30 AM PDT"`` in the cities' time zone; ``"not given"`` for None."""
    if moment is None:
        return t(NOT_GIVEN)
    local = moment.astimezone(CITY_ZONE)
    hour = local.hour % 12 or 12
    noon = "AM" if local.hour < 12 else "PM"
    return f"{short_date(local.date())}, {hour}:{local.minute:02d} {noon} {local.tzname()}"


def yes_no(value: bool | None) -> str:
    return t(NOT_KNOWN) if value is None else (t("yes") if value else t("no"))


def phone_display(value: str | None) -> str:
    """``+17605550100`` (or the stored ``+17605550100;ext=4``) as ``(760) 555-0100``."""
    if not value:
        return t(NOT_GIVEN)
    return PhoneNumber.from_slot(value).display


def _text(value: Any) -> str:
    text = " ".join(str(value).split()) if value is not None else ""
    return text or t(NOT_GIVEN)


def _reaches(reaches: Sequence[str] | None) -> tuple[str, str]:
    """(where the spill reaches, in words; whether it reaches a storm drain)."""
    if reaches is None:
        return t(NOT_KNOWN), t(NOT_KNOWN)
    if not reaches:
        return t("none of the street, the gutter or a storm drain"), t("no")
    places = ", ".join(t(REACH_NAMES[place]) if place in REACH_NAMES else place for place in reaches)
    return places, yes_no("storm_drain" in reaches)


def _answers(details: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """The applicant's answers as (label, value) lines, for records without a document of their own."""
    answers = (details or {}).get("answers", details or {})
    if not isinstance(answers, Mapping):
        return []
    return [
        (str(name).replace("_", " ").capitalize(), _text(value))
        for name, value in answers.items()
        if value is not None
    ]


def notification_context(
    event: Mapping[str, Any],
    record: Mapping[str, Any] | None,
    *,
    program_name: str,
    summary: str | None = None,
    language: str = ENGLISH,
) -> dict[str, Any]:
    """Everything a template may show about ``event`` (an ``outbox_events`` row) and the ``record`` it is
    about (its row as of now, or None when gone): display strings, "not given" where a fact is missing.
    ``summary`` is a rendered document to include (a permit application's summary). ``language`` words the
    facts ("yes", "not given", dates) for a text in that language (:func:`render_sms`); e-mails to staff
    stay English."""
    with using(language):
        return _context(event, record, program_name=program_name, summary=summary)


def _context(
    event: Mapping[str, Any], record: Mapping[str, Any] | None, *, program_name: str, summary: str | None
) -> dict[str, Any]:
    payload = dict(event.get("payload") or {})
    row = dict(record or {})
    city_key = event.get("city") or row.get("city")
    channel = row.get("channel") or payload.get("channel") or ""
    context: dict[str, Any] = {
        "kind": event["kind"],
        "program": program_name,
        "reference": event.get("reference") or t(NOT_GIVEN),
        "city_key": city_key,
        "city": CITY_NAMES.get(city_key or "", t("City not given")),
        "office": DEFAULT_OFFICES.get(city_key or "", t(NOT_GIVEN)),
        "channel": t(CHANNEL_NAMES[channel]) if channel in CHANNEL_NAMES else t(NOT_KNOWN),
        "received": local_time(row.get("created_at") or event.get("created_at")),
        "submitted": local_time(row.get("submitted_at")),
        "summary": summary,
        "text": _text(payload.get("text")),
        "payload": payload,
    }
    if event["kind"] in ("spill_started", "spill_submitted"):
        context.update(_spill(row, payload))
    elif event["kind"] in ("permit_submitted", "waiver_submitted"):
        context.update(_application(row))
    elif event["kind"] == "delivery_failed":
        context.update(
            failed_kind=_text(payload.get("event_kind")),
            failed_channel="SMS" if payload.get("channel") == "sms" else "e-mail",
            failed_recipient=_text(payload.get("recipient")),
            failed_attempts=_text(payload.get("attempts")),
            failed_error=_text(payload.get("error")),
            failed_id=_text(payload.get("notification_id")),
        )
    return context


def _spill(row: Mapping[str, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    def fact(column: str, key: str) -> Any:
        return row[column] if row.get(column) is not None else payload.get(key)

    reaches, storm_drain = _reaches(fact("reaches", "reaches"))
    restaurant = row.get("restaurant_name") if row.get("restaurant_involved") else None
    latitude, longitude = row.get("latitude"), row.get("longitude")
    return {
        "location": _text(fact("location_text", "location")),
        "what": _text(fact("what_spilling", "what")),
        "started": local_time(row.get("started_at")),
        "still_flowing": yes_no(fact("still_flowing", "still_flowing")),
        "reaches": reaches,
        "storm_drain": storm_drain,
        "volume": _text(row.get("volume_estimate")),
        "restaurant_involved": yes_no(row.get("restaurant_involved")),
        "restaurant": _text(restaurant),
        "reporter": _text(row.get("reporter_name")),
        "callback": phone_display(fact("callback_number", "callback")),
        "status": _text(row.get("status")),
        "flagged": bool(row.get("flagged")),
        "flag_reason": _text(row.get("flag_reason")),
        "photos": list(row.get("media_urls") or []),
        "coordinates": None if latitude is None or longitude is None else f"{latitude:.6f}, {longitude:.6f}",
        "missing": _missing(row),
    }


def _application(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "business": _text(row.get("business_name")),
        "applicant": _text(row.get("applicant_name")),
        "applicant_phone": phone_display(row.get("applicant_phone")),
        "facility_address": _text(row.get("facility_address")),
        "waiver_kind": WAIVER_KIND_NAMES.get(row.get("kind") or "", _text(row.get("kind"))),
        "eligible": yes_no(row.get("eligible")),
        "screening_reason": _text((row.get("screening") or {}).get("reason")),
        "answers": _answers(row.get("details")),
        "missing": _missing(row),
    }


def _missing(row: Mapping[str, Any]) -> list[str]:
    """The questions a record was sent without answering (the user asked to send it as it stood)."""
    missing = (row.get("details") or {}).get("missing")
    return [str(label) for label in missing] if isinstance(missing, list) else []


@functools.lru_cache(maxsize=8)
def environment(templates_dir: str = "", *, strict: bool = False) -> jinja2.Environment:
    """Templates from ``templates_dir`` first (a deployment's overrides), then the built-in ones.
    ``strict`` makes an unknown variable an error (the tests' check of every template)."""
    search = [templates_dir, str(TEMPLATES_DIR)] if templates_dir else [str(TEMPLATES_DIR)]
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(search),
        autoescape=False,  # plain text, never HTML
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        undefined=jinja2.StrictUndefined if strict else jinja2.Undefined,
    )


def render_email(
    kind: str, context: Mapping[str, Any], *, templates_dir: str = "", strict: bool = False
) -> Email:
    """The subject (one line) and body of the e-mail for an event of ``kind``."""
    env = environment(templates_dir, strict=strict)
    subject = " ".join(env.get_template(f"{kind}.subject.txt").render(context).split())
    body = env.get_template(f"{kind}.email.txt").render(context).strip() + "\n"
    return Email(subject=subject, body=body)


def render_sms(
    kind: str,
    context: Mapping[str, Any],
    *,
    templates_dir: str = "",
    strict: bool = False,
    max_segments: int = SMS_MAX_SEGMENTS,
    language: str = ENGLISH,
) -> str:
    """The text for an event of ``kind``, on one line, shortening :data:`SHRINKABLE` fields until it fits
    ``max_segments`` (a text that still does not fit, e.g. a long override, is returned whole).

    ``language`` picks ``<kind>.<language>.sms.txt`` (e.g. ``spill_started.es.sms.txt``; an override of it
    first, then the built-in one) over ``<kind>.sms.txt``, the English text, which stays the default. Give
    it the ``context`` made for the same language (:func:`notification_context`). A text in another language
    than English drops the accents the GSM alphabet lacks (:func:`shaping.sms_text.gsm7_fold`)."""
    code = normalised(language)
    names = [f"{kind}.sms.txt"] if code == ENGLISH else [f"{kind}.{code}.sms.txt", f"{kind}.sms.txt"]
    template = environment(templates_dir, strict=strict).select_template(names)

    def render(values: Mapping[str, Any]) -> str:
        text = " ".join(template.render(values).split())
        return text if code == ENGLISH else gsm7_fold(text)

    text = render(context)
    fields = [name for name in SHRINKABLE if isinstance(context.get(name), str)]
    for limit in _SHRINK_STEPS:
        if sms_segments(text) <= max_segments or not fields:
            break
        text = render({**context, **{name: _shorten(context[name], limit) for name in fields}})
    return text


def _shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 3].rsplit(" ", 1)[0] if " " in text[: limit - 3] else text[: limit - 3]
    return cut.rstrip(" ,;:.") + "..."
