"""Guided forms: one validation base for every Rasa form, driven by :mod:`intake.forms`.

Each turn of a form goes through :func:`decide` (pure): the answer to the question asked is read with the
field's parser; other facts in the same message are kept too ("pumped on Aug 14, 1,000 gallons, ABC
Hauling"); "change the address" reopens one answer; a failed answer is counted and after two the user is
offered to skip (optional fields) or given the city contact and a way out; when everything is answered the
answers are read back for confirmation. A question or a request to stop, start over or talk to a person
is *rejected* (the form returns no events), so Rasa's rules answer it and the form resumes afterwards.

The validation action (:class:`GuidedFormValidation`) asks the questions itself, in the channel's wording,
and sets ``requested_slot``; the domain has no ``utter_ask_*`` responses for form fields.
"""

from __future__ import annotations

import datetime as dt
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import partial
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import ActionExecutionRejected, EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions import runtime
from actions.channel import channel_of
from cities import CITY_NAMES, CityContacts, detect_city
from intake import (
    FieldSpec,
    FormSpec,
    ParseContext,
    and_list,
    asks_to_send,
    describe,
    parse,
    parse_yes_no,
    says_it_is_not_known,
    says_skip,
    shorten,
    without_phones,
)
from intake import read_back as _read_back_parts
from intake.locations import ADDRESS, find_cross_streets, find_street_address, parse_location
from intake.numbers import DIGITS_PATTERN, NUMBER_PATTERN, in_digits, spanish_digits
from intake.phones import mentions_phone
from intake.routing import (
    asks_a_question,
    asks_about_the_other_city,
    asks_to_apply,
    asks_to_log,
    asks_us_to_log,
    asks_within,
    is_hypothetical,
)
from intake.text import (
    MAX_COMPANY_WORDS,
    business_name_said,
    names_a_food_business,
    said_name,
    tells_the_service,
    without_name_intro,
    without_restarts,
)
from intake.values import MAX_TEXT_CHARS
from knowledge.answer import ANNOUNCES_A_QUESTION
from knowledge.spanish import gloss
from languages import ENGLISH, N_, SPANISH, current, t, using
from shaping.sms_text import DEFAULT_LIMIT as SMS_LIMIT

REQUESTED_SLOT = "requested_slot"
FAILURES_SLOT = "form_failures"
SKIPPED_SLOT = "form_skipped"
MAX_FAILED_ANSWERS = 2
DEFAULT_AFTER_WORDS = 6  # a reply this long that doesn't answer a question with a default goes on with it

STOP_INTENTS = frozenset(
    {"cancel", "start_over", "human_handoff", "voice_silence_timeout", "voice_call_started"}
)
"""Intents a form never reads as an answer: it rejects them so a rule handles them."""

# The words a question opens with, English and Spanish (Spanish with or without accents)
_WH_WORDS = (
    r"how|what|whats|what's|when|where|why|who|which|"
    r"c[oó]mo|qu[eé]|cu[aá]ndo|d[oó]nde|por\s*qu[eé]|qui[eé]n(?:es)?|cu[aá]l(?:es)?|cu[aá]nt[oa]s?|"
    # "a quien le hablo primero?", "con quien me comunico" (never "para que sepan", so that they know)
    r"(?:a|con|para)\s+qui[eé]n(?:es)?"
)
_QUESTION_START = re.compile(
    rf"^(?:{_WH_WORDS}|is|are|do|does|did|can|could|should|must|may|will|would|am|have|has|"
    r"puedo|puede|pueden|debo|debe|deben|tengo\s+que|necesito)\b",
    re.IGNORECASE,
)
# A question word that opens a question, "q", "xq" and "a donde" as texted too
_WH = rf"(?:{_WH_WORDS}|q|a\s+d[oó]nde|xq|pq)"
# "y cuanto dura", "and what do i send": a question after "and", "but", "so", never a name or an answer
# ("oiga y eso quien lo paga, los restaurantes de por ahi?": several openers, then what it is about)
# ("ok Donde Lupe" to the business's name is a name: "ok" and "hey" open a question only before another
# opener)
_ASKS_AFTER_AND = re.compile(
    rf"^(?:(?:ok|hey)[,\s]+)?(?:(?:y|and|pero|but|so|oye|oiga|entonces)[,\s]+)+(?:(?:eso|esto|that|this)\s+)?"
    rf"{_WH}\b",
    re.IGNORECASE,
)
# "what do i send them?", "q les mando?": a question word first and a question mark last
_WH_ASKED = re.compile(rf"^¿?{_WH}\b.*\?\s*$", re.IGNORECASE | re.DOTALL)
# "to" of a change ("change the phone to ..."), not of a place or a time ("close to the storm drain", "next to
# the Denny's", "up to 40 gallons")
_CHANGE_TO = re.compile(
    r"(?<!\bclose )(?<!\bnext )(?<!\bcloser )(?<!\bgoing )(?<!\bup )(?<!\bdue )(?<!\bdown )"
    r"(?<!\baccording )(?<!\bback )(?<!\bout )(?<!\binto )(?<!\bonto )(?<!\bheaded )(?<!\bheading )"
    r"(?<!\bway )(?<!\bruns )(?<!\brunning )(?<!\bgoes )"
    r"\b(?:to|should be|should read)\s+(?P<value>.+)$",
    re.IGNORECASE,
)
_CHANGE_TO_SPANISH = re.compile(
    r"(?:^|\s)(?:a|al|por|es|debe\s+ser|deber[ií]a\s+ser|debe\s+decir|que\s+sea)\s+(?P<value>.+)$",
    re.IGNORECASE,
)
_SPANISH_CHANGE = re.compile(r"\b(?:cambi|corrig|correg|arregl)\w*", re.IGNORECASE)


def _change_to(text: str) -> re.Match[str] | None:
    """The new value in "change the phone to ..." ("cambie el teléfono a ..."). The Spanish words ("a",
    "por", "es") are common, so they are read only in a Spanish conversation or a Spanish request to
    change."""
    if match := _CHANGE_TO.search(text):
        return match
    if current() == SPANISH or _SPANISH_CHANGE.search(text):
        return _CHANGE_TO_SPANISH.search(text)
    return None


# A correction said as "not X, Y" ("oh wait, sorry, it's not the Del Taco, it's the manhole behind the Carl's
# Jr", "no es en la calle, es en el callejon"): the new value is the clause after the old one
_NOT_BUT = re.compile(
    r"\b(?:it'?s|it is|it was|that'?s|that was|was|is)\s+not\s+(?P<old>[^,.;!?]+?)\s*[,;.!]?\s*"
    r"(?:(?:it'?s|it is|it was|but|but it'?s|rather)\s+)(?P<new>[^.!?]+)"
    r"|\bno\s+(?:es|fue|era|est[aá])\s+(?P<old_es>[^,.;!?]+?)\s*[,;.!]?\s*"
    r"(?:(?:es|fue|era|est[aá]|sino|sino que)\s+)(?P<new_es>[^.!?]+)"
    # the new one first: "It's actually the manhole in front of the Del Taco, not the Denny's"
    r"|\b(?:it'?s|it is|it was)\s+(?:actually|really)\s+(?P<new_first>[^,.;!?]+?)\s*,\s*"
    r"not\s+(?P<old_last>[^,.;!?]+)"  # the old one to its clause's end ("..., no la Seventh, la Sixth")
    r"|\b(?:es|fue|era)\s+(?:en\s+)?(?P<new_es_first>[^,.;!?]+?)\s*,\s*no\s+(?:en\s+)?(?P<old_es_last>[^,.;!?]+)"
    # "wait not yesterday it was today 7am": the old one, a word or two, then what it was
    r"|(?:^|[,.;!]\s*|\bwait\s+|\bsorry\s+|\boops\s+)not\s+(?P<old_short>\w+(?:\s+\w+)??)\s*[,;.!]?\s*"
    r"(?:it'?s|it is|it was|its|was|but)\s+(?P<new_short>[^.!?]+)",
    re.IGNORECASE,
)


# "the hauler is wrong, it was Ace Grease", "el recolector esta mal, fue Grasas del Valle": the new value is
# the last clause after the word that calls the old one wrong, said as what it was or is
_CALLED_WRONG = re.compile(
    r"\b(?:wrong|incorrect|not right|mistaken|mal|equivocad[oa]s?|incorrect[oa]s?)\b", re.IGNORECASE
)
_IT_WAS = re.compile(
    r"^(?:(?:no|actually|sorry|perd[oó]n|oops)\W+)*(?:it\s+was|it'?s|it\s+is|its|was|is|should\s+be|"
    r"fue|es|era|se\s+llama|deber[ií]a\s+ser)\s+(?:actually\s+|really\s+)?(?P<value>\S.*)$",
    re.IGNORECASE,
)


def _said_after_wrong(text: str) -> str | None:
    """The new value of a correction that calls an answer wrong and then says what it was; None when it says
    none ("the hauler is wrong" alone)."""
    match = _CALLED_WRONG.search(text)
    if match is None:
        return None
    clauses = [c.strip() for c in re.split(r"[,;:.!?]+", text[match.end() :]) if c.strip()]
    said = _IT_WAS.match(clauses[-1]) if clauses else None
    return said.group("value").strip() if said else None


def _not_but(text: str) -> tuple[str, str] | None:
    """The old and the new value of a correction said as "not X, Y" (or "Y, not X"); None when the message
    says none."""
    match = _NOT_BUT.search(text)
    if match is None:
        return None
    for old, new in (
        ("old", "new"),
        ("old_es", "new_es"),
        ("old_last", "new_first"),
        ("old_es_last", "new_es_first"),
        ("old_short", "new_short"),
    ):
        if match[old]:
            return match[old].strip(), match[new].strip(" ,;")
    return None


# A counted fact corrected ("we actually have 36 seats, not 28", "son 36 sillas, no 28"): the new count
_UNASKED_CORRECTION = re.compile(
    r"(?P<new>\b\d[\d,.]*\s+[^\W\d_]+)\s*,?\s+(?:not|no)\s+(?:\w+\s+)?\d", re.IGNORECASE
)


def _corrects_one_of(fact: str, said: Mapping[str, Any]) -> bool:
    """Whether the number a correction gives ("60 seats" of "60 seats total, not 45") is one of the answers
    read from the message."""
    numbers = re.findall(r"\d+", fact.replace(",", ""))
    return any(number in str(value) for number in numbers for value in said.values())


_MORE = re.compile(
    r"^\s*(?:(?:reply\s+)?more(?:\s+please)?|(?:responder\s+)?m[aá]s(?:\s+por\s*favor)?)\W*$",
    re.IGNORECASE,
)


def is_interruption(intent: str | None, text: str) -> bool:
    """A question (to the ordinances or out of scope) or "MORE" for the rest of an SMS answer: handled by
    a rule, after which the form asks its question again. Never facts said unsure of themselves."""
    if intent in ("ask_question", "out_of_scope"):
        return (looks_like_question(text) and not only_unsure(text)) or asks_within(text)
    return intent == "more" and bool(_MORE.match(text))


# Words that hedge a fact ("maybe ten gallons so far?", "I think around 9:30?", "unos 20 galones creo?"); a
# Spanish "como" reads as "cómo", a question word, so it is no hedge here
_HEDGED = re.compile(
    r"\b(?:maybe|i think|i guess|i dunno|dunno|not sure|probably|about|around|like|roughly|or so|so far|"
    r"creo|tal vez|quiz[aá]s?|m[aá]s o menos|aprox\w*|unos|unas)\b",
    re.IGNORECASE,
)


# A value said: a number (the house's number words, Spanish ones as digits), an amount or a time ("twenty
# minutes ago", "ten gallons", "unos veinte galones")
_A_VALUE = re.compile(
    rf"{NUMBER_PATTERN}|\b(?:half|couple|media)\b|\b(?:ago|minutes?|hours?|gallons?|galones|minutos|horas)\b",
    re.IGNORECASE,
)
# Whom a question is about and what they must or may do ("so I have like 5 days to send it in writing?", "i
# guess the city pays for the cleanup?"): a question, however unsure it sounds
_ABOUT_A_DUTY = re.compile(
    r"\b(?:i|we|you|they|the city|la ciudad)\s+(?:\w+\s+)?"
    r"(?:have|has|need|must|can|should|gotta|pay|pays|owe|tengo|tenemos|debo|debemos|pueden|paga)\b"
    r"|\bto (?:send|pay|call|report|file|fix)\b|\b(?:counts?|cuenta)\b",
    re.IGNORECASE,
)


def only_unsure(text: str) -> bool:
    """Whether every sentence of a message that ends in "?" is a value said unsure of itself, with no question
    word and no one's duty ("it started maybe twenty minutes ago? It's still coming out ... maybe ten gallons
    so far?"): an answer, never a question to the ordinances. "I dunno if that counts as a spill?" and "so I
    have like 5 days to send it in writing?" ask."""
    stripped = text.strip()
    if "¿" in stripped or asks_a_question(stripped) or is_hypothetical(stripped):
        return False
    asked = [sentence for sentence in re.split(r"(?<=[.!?])\s+", stripped) if sentence.endswith("?")]
    return bool(asked) and all(
        _HEDGED.search(sentence)
        and _A_VALUE.search(spanish_digits(sentence))
        and not _ABOUT_A_DUTY.search(sentence)
        and not re.search(rf"\b(?:{_WH_WORDS})\b", sentence, re.IGNORECASE)
        and not _QUESTION_START.match(sentence)
        for sentence in asked
    )


# The open question said back before its answer ("how much? uh, I'd say like fifty gallons maybe", "¿cuántos?
# como 20 galones"): a few words and a question mark, then the rest
_ECHOED = re.compile(r"^\W*(?:[\w'’]+\W+){0,3}?[\w'’]+\s*\?\s*(?P<rest>[^?¿]+)$")


def _without_the_question_echoed(form: GuidedForm, message: Message, requested: str | None) -> Message:
    """The message without the open question said back before its answer, read as an answer; the message
    as it is when it says no answer to the open question after it."""
    match = _ECHOED.match(message.text)
    if match is None or requested is None or requested not in {f.name for f in form.spec.fields}:
        return message
    if asks_about_the_other_city(message.text):
        return message  # "And in Inglewood? We have a second food court there ...": a question, no echo
    rest = match["rest"].strip()
    # "cuanto? no se, saltalo": the echo, then no answer to give (a skip, or "I don't know")
    unknown = says_skip(rest.split(",")[-1]) or says_it_is_not_known(rest)
    if not (parse(form.spec.field(requested).parser, rest, message.ctx).ok or unknown):
        return message
    return replace(message, text=rest, intent="inform")


# The value a caller ends unsure of, as a question of its own: "no sé cuánto, un charco grande, ¿cincuenta
# galones?", "maybe 40 or 50 gallons?"
_UNSURE_VALUE = re.compile(r"(?:¿|^|[.,;:]\s*)(?P<value>[^¿?.,;:]+)\?\W*$")
# The answers a value said unsure of itself can give (a name or a place said as a question asks something)
_UNSURE_KINDS = frozenset({"gallons", "gallons_removed", "date", "moment", "phone"}) | {
    "seats",
    "meals",
    "employees",
}


def _unsure_answer(form: GuidedForm, message: Message, requested: str | None) -> Message:
    """The message as the open question's answer when all it asks is the value it ends with, unsure of it
    ("¿cincuenta galones?" to "¿Más o menos cuántos galones?"), with no question word anywhere; as it is
    otherwise."""
    if requested is None or requested not in {f.name for f in form.spec.fields}:
        return message
    spec = form.spec.field(requested)
    match = _UNSURE_VALUE.search(message.text)
    if spec.parser not in _UNSURE_KINDS or match is None or message.text.count("?") != 1:
        return message
    if re.search(rf"\b(?:{_WH_WORDS})\b(?!\s+(?:s[eé]|know))", match["value"], re.IGNORECASE):
        return message  # "¿cuántos galones es el límite?" asks
    if not parse(spec.parser, match["value"], message.ctx).ok:
        return message
    return replace(message, text=match["value"].strip(), intent="inform")


# The intents a rule takes over in a form: any other message that plainly asks something is answered by the
# form itself (:func:`asks_aside`). A status request has its rule in the pump-out log only: in another form
# ("y si no me lo dan ..., cuanto es?" taken for one) it is a question the form answers.
_RULED_INTENTS = frozenset({"ask_question", "out_of_scope", "more"})
_RULED_IN = {"service_form": frozenset({"service_status"})}


def asks_aside(form: GuidedForm, message: Message, requested: str | None) -> bool:
    """A question plainly asked in the middle of a form ("¿...?", "y una pregunta, ...?") that the
    classifier took for something else ("Somos 45 asientos. Perdón, antes de seguir: ¿cuánto voy a pagar?"):
    no rule would answer it, so the form answers it and asks its question again, keeping the message's
    facts. Not at the read-back, where a question is about the answers."""
    ruled = _RULED_INTENTS | _RULED_IN.get(form.name, frozenset())
    if message.intent in ruled or message.intent in STOP_INTENTS or requested == form.confirm_slot:
        return False
    if requested != "city" and asks_about_the_other_city(message.text):
        return True  # "And in Inglewood? We might open a second location there."
    return (
        "¿" in message.text
        or _announces_a_question(message.text)
        or _ends_asking(message.text)
        or bool(_ASKS_AFTER_AND.match(message.text.strip()) or _WH_ASKED.match(message.text.strip()))
    )


ASIDE_MIN_WORDS = 8  # shorter answers that end in "?" are answers unsure of themselves ("unos 30 galones?")


def _ends_asking(text: str) -> bool:
    """Whether a long message ends with a question of its own ("y si no me lo dan y me toca el otro, el de
    la cuota de limpieza, cuanto es?"), read in English words (Spanish glossed)."""
    if len(text.split()) < ASIDE_MIN_WORDS or not text.rstrip().endswith("?"):
        return False
    if current() == ENGLISH:
        return asks_a_question(text)
    last = re.split(r"[,.;:]", text.rstrip(" ?"))[-1]  # the question at its end (the gloss drops commas)
    return asks_a_question(f"{gloss(last)}?")


def _announces_a_question(text: str) -> bool:
    return bool(ANNOUNCES_A_QUESTION.search(text) and "?" in text)


_COURTESIES = {
    "thanks": N_("You're welcome."),
    "greet": N_("Hi!"),
    "goodbye": N_("What you told me so far is kept. You can say {cancel} to stop, or answer to carry on."),
}


def _courtesy(message: Message) -> str | None:
    """A short "thanks", "hi" or "bye" in the middle of a form is acknowledged, never taken as an answer."""
    if message.intent in _COURTESIES and len(message.text.split()) <= 4:
        return t(_COURTESIES[message.intent], cancel=cancel_words(message.channel))
    return None


EARLY_YES_WORDS = 6  # "yes that's all correct, please submit it": a confirmation, not an answer


def _not_done_yet(
    form: GuidedForm, message: Message, spec: FieldSpec, values: Mapping[str, Any], skipped: tuple[str, ...]
) -> str | None:
    """A "yes, send it" said while a question other than yes-or-no is open: how many questions remain
    (the user thought the form was done), never taken as the answer ("yes submit" is no business name)."""
    asked = asks_to_send(message.text) and not looks_like_question(message.text)  # "..., please submit it."
    if spec.parser == "yes_no" or (len(message.text.split()) > EARLY_YES_WORDS and not asked):
        return None
    said = parse_yes_no(message.text)  # a yes in words, whatever the classifier said ("Sam Ortiz" is none)
    if not asked and (message.intent != "affirm" or not (said.ok and said.value.value == "yes")):
        return None
    left = sum(
        1
        for s in form.spec.applicable(values)
        if s.asked and values.get(s.name) is None and s.name not in skipped
    )
    if left <= 1:
        almost = t("Almost there: one more question before I can send it.")
    else:
        almost = t("Almost there: {count} more questions before I can send it.", count=left)
    if form.send_early_with is None:
        return almost
    if asked:  # "please submit it", and too little is known to file it yet
        return t(
            "{almost} To send it before that, I need at least the business's address, or its name and a "
            "phone number.",
            almost=almost,
        )
    return t(
        "{almost} Or say submit to send what you've told me now; the office will ask for the rest.",
        almost=almost,
    )


def _only_its_follow_up_left(
    form: GuidedForm, answered: str, values: Mapping[str, Any], skipped: tuple[str, ...]
) -> bool:
    """True when the questions still to ask are only the optional ones the answer to ``answered`` opened
    ("Which restaurant?" after a yes to "Is a restaurant involved?")."""
    return all(
        (s.name in form.skippable or s.optional) and s.only_if is not None and s.only_if[0] == answered
        for s in form.spec.applicable(values)
        if s.asked and values.get(s.name) is None and s.name not in skipped
    )


def _send_now(
    form: GuidedForm, message: Message, spec: FieldSpec, values: Mapping[str, Any], skipped: tuple[str, ...]
) -> Decision | None:
    """ "Yes, that's all correct, please submit" (or, for a spill report, "yes that's right") while questions
    remain: sent now, as it stands, when the form holds what :attr:`GuidedForm.send_early_with` needs (the
    facts said with it kept, a yes-or-no question open answered by its yes); sent without the read-back when
    that answered the last question. None when the message is no such request, or too little is known to
    send (then the usual "Almost there" says how many questions are left)."""
    if form.send_early_with is None or looks_like_question(message.text):
        return None
    said = parse_yes_no(message.text)
    yes = said.ok and said.value.value == "yes"
    asked = asks_to_send(message.text)
    # "si todo correcto": a yes to the whole, not to the open question
    all_correct = bool(_ALL_CORRECT.search(message.text))
    # "Yes, that's right." to "Is a restaurant involved?" when it is the last question but the restaurant's
    # name it opens: the caller answers it and thinks the report is done
    confirming = (
        form.confirmation_sends
        and yes
        and spec.parser == "yes_no"
        and bool(_CONFIRMING.search(message.text))
        and _only_its_follow_up_left(form, spec.name, {**values, spec.name: said.slot}, skipped)
    )
    if not (
        asked
        or confirming
        # "si todo bien", said alone to a screening question of a waiver request: a yes to the whole request
        # (the office asks for what is left; the confirmation names it), never to that question; "yes, we
        # have all of it in good order" answers the question
        or (yes and bool(_ALL_GOOD_ALONE.match(message.text)) and bool(values))
        or (
            form.confirmation_sends
            and yes
            and (spec.parser != "yes_no" or all_correct)
            # a yes said as the message, not an "ok." before the answer ("ok. sacaron como 1,200 galones")
            and (all_correct or len(message.text.split()) <= EARLY_YES_WORDS)
        )
    ):
        return None
    updates = _harvest(form, message, values, None)
    if spec.parser == "yes_no" and yes and (asked or confirming) and not all_correct:
        updates[spec.name] = said.slot  # "Yes, submit it." to "Can you provide documentation?"
    known = {**values, **updates}
    if form.spec.next_field(known, skipped) is not None and not all(
        any(known.get(name) is not None for name in group) for group in form.send_early_with
    ):
        return None
    return Decision(updates=updates, next_slot=None, skipped=skipped, confirmed=True)


# A yes to everything said so far, not to the open question ("Yes, that all looks right, go ahead").
_ALL_CORRECT = re.compile(
    r"\b(?:all|everything|todo)\b.{0,20}\b(?:right|correct|good|bien|correct[oa])\b"
    r"|\blooks? (?:right|good)\b",
    re.IGNORECASE,
)
# Sending put off: "manifest # 44718, don't submit yet", "no lo mandes todavia", "wait"
_NOT_YET = re.compile(
    r"\b(?:don'?t|do not|not yet|wait|hold on|hold off|espera|todav[ií]a no|"
    r"no (?:lo |la )?(?:env|mand)\w*)\b",
    re.IGNORECASE,
)
# "si todo bien", "yes all good", "everything looks right": a yes to all of it, said with nothing else
_ALL_GOOD_ALONE = re.compile(
    r"^\W*(?:(?:s[ií]|yes|yeah|yep|ok(?:ay)?|ya)\W+)*(?:(?:est[aá]\s+)?todo\s+(?:est[aá]\s+)?(?:bien|correcto)|"
    r"all\s+(?:good|correct|right)|everything(?:'?s|\s+is)?\s+(?:good|right|correct)|looks\s+(?:good|right)|"
    r"that'?s\s+all\s+(?:correct|right|good))\W*$",
    re.IGNORECASE,
)
# "Yes, that's right." / "Sí, correcto.": a yes said as one confirms a summary
_CONFIRMING = re.compile(
    r"\b(?:that'?s (?:right|correct|it|fine)|that is (?:right|correct)|correct|exactly|sounds good|all good|"
    r"as[ií] es|as[ií] est[aá] bien|correct[oa]|exact[oa]|eso es|perfect[oa]?)\b",
    re.IGNORECASE,
)

# An application or request sent before every question is answered needs a business the office can find for
# the rest: at its address, or by its name and a phone number. Without a phone, the confirmation tells the
# user whom to call with the reference (:func:`still_needed`): asking for one after "please submit" would
# leave a web user who never gives one with nothing filed at all.
APPLICANT_REACHABLE = (("business_name", "facility_address"), ("applicant_phone", "facility_address"))


def missing_answers(form: GuidedForm, values: Mapping[str, Any]) -> list[str]:
    """The questions a sent form left unanswered (what the office still needs), as English labels: they go
    to the office's record and e-mail, which are in English."""
    with using(ENGLISH):
        return missing_labels(form, values)


def missing_labels(form: GuidedForm, values: Mapping[str, Any]) -> list[str]:
    """The labels of the questions a sent form left unanswered, in the reply's language (for
    :func:`still_needed`)."""
    return [form.spec.field(name).label for name in form.spec.missing_required(values) if name != "city"]


def incomplete(missing: list[str]) -> dict[str, Any]:
    """What a stored record's details say of the answers it was sent without (nothing when complete)."""
    return {"missing": missing} if missing else {}


NAMED_MISSING = 4  # answers named in the confirmation; the rest are counted ("and 9 more answers")


def in_a_sentence(title: str) -> str:
    """A label or title as it reads inside a sentence: an ordinary first word lowercased ("De minimis
    waiver" → "de minimis waiver"); a name, an acronym or a date as it is ("FOG controls ...")."""
    return title[0].lower() + title[1:] if title[1:2].islower() else title


def still_needed(labels: list[str], *, no_phone_call: str | None = None) -> str:
    """The sentence telling the user what the office will still ask for (``labels``: the unanswered
    questions' labels in the reply's language, :func:`missing_labels`); a long list names the first few and
    counts the rest, so the confirmation stays short on a phone. With ``no_phone_call`` (the office, when
    the user gave no number to call back), whom to call with the reference instead of being called."""
    named = [in_a_sentence(label) for label in labels[:NAMED_MISSING]]
    if len(labels) == NAMED_MISSING + 1:
        named.append(t("1 more answer"))
    elif len(labels) > NAMED_MISSING:
        named.append(t("{count} more answers", count=len(labels) - NAMED_MISSING))
    if no_phone_call is not None:
        return t(
            "It is filed as incomplete: the office still needs {missing}. You gave no phone number, so "
            "contact {office} with your reference number to give them the rest.",
            missing=and_list(named),
            office=no_phone_call,
        )
    return t(
        "It is filed as incomplete: the office still needs {missing}, and will contact you for it.",
        missing=and_list(named),
    )


def cancel_words(channel: str) -> str:
    """What to tell a user to say to stop a form. On SMS a message that is just "cancel" is a carrier opt-out
    keyword (it unsubscribes the number from every text; in Spanish "cancelar" is one too), so texters are
    told two words instead."""
    return t("CANCEL REPORT") if channel == "sms" else t("cancel")


# Where a message's sentences part: after a full stop, or before "and"/"y" that opens a question
_SENTENCE_BREAK = re.compile(
    r"(?<=[.!])\s+|,?\s+(?=(?:and|y|pero|but)\s+(?:how|what|when|cu[aá]\w*|qu[eé]|c[oó]mo)\b)"
)


def _send_then_ask(form: GuidedForm, text: str, requested: str | None) -> tuple[str, str] | None:
    """A message that asks to send the form and then asks something ("si asi esta bien, mandalo. y cuanto me
    dura el waiver?", "yes that's all correct. how long is it good for?" at the read-back): its send part and
    its question; None for any other message (a question alone is a side question)."""
    parts = [part.strip() for part in _SENTENCE_BREAK.split(text.strip()) if part.strip()]
    cut = next((i for i, part in enumerate(parts) if looks_like_question(part)), None)
    if not cut:  # no question, or the message opens with it
        return None
    send, question = " ".join(parts[:cut]), " ".join(parts[cut:])
    said = parse_yes_no(send)
    confirming = requested == form.confirm_slot and said.ok and said.value.value == "yes"
    if looks_like_question(send) or not (asks_to_send(send) or confirming):
        return None
    return send, question


def looks_like_question(text: str) -> bool:
    """A message that asks something ("how much is the fine?") rather than answers the form's question."""
    stripped = text.strip()
    return (
        stripped.endswith("?")
        or stripped.startswith("¿")
        or bool(_QUESTION_START.match(stripped))
        or bool(_ASKS_AFTER_AND.match(stripped))
        or asks_a_question(stripped)  # "Quick question before we go on: what is the fee? We have 40 seats."
        or _announces_a_question(stripped)  # "oiga y una pregunta, nos van a cobrar la limpieza? porque ..."
        or is_hypothetical(stripped)  # "y si fueran 6 galones? la vdd ..."
    )


_FORMS_BY_NAME: dict[str, GuidedForm] = {}  # every form, as it is defined (the permit forms share a name)


def form_named(name: str | None) -> GuidedForm | None:
    """The form called ``name`` (the active loop's), or None."""
    return _FORMS_BY_NAME.get(name or "")


def form_about(topic: str | None) -> GuidedForm | None:
    """The form whose matter ``topic`` names, in the conversation's language: what a cancelled form leaves
    as the topic ("permit application", "solicitud de permiso"); None for any other topic."""
    said = (topic or "").strip().lower()
    return next((form for form in _FORMS_BY_NAME.values() if t(form.topic).lower() == said), None)


@dataclass(frozen=True)
class GuidedForm:
    """A Rasa form over field specs: its name, the spec, which answers may be skipped after two failed
    tries, the words that name each field ("change the address") and how to harvest extra facts."""

    name: str
    spec: FormSpec
    confirm: bool = True
    skippable: frozenset[str] = frozenset()
    aliases: Mapping[str, str] = field(default_factory=dict)  # regex → field name
    extract: Callable[[str, ParseContext, Mapping[str, Any]], dict[str, Any]] | None = None
    # An answer taken when the user, asked this, goes straight on with something else, and what is said
    # then (N_-marked): "fill out the application" for a Victorville applicant who starts giving its facts.
    defaults: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    topic: str = N_("form")  # what the user is doing, in words (N_-marked: "spill report")
    # The answer cards' topic its side questions are about: "y me van a multar x esto??" in a spill report
    # asks about the spill ("spill-notification"), whatever the words alone match best
    subject: str | None = None
    # The form's answers as facts a side question's date or amount is computed from ("a sewage spill on
    # December 1, 2026" for "by when do I send it in writing?"), in English as the compliance core reads.
    question_facts: Callable[[Mapping[str, Any]], str] | None = None
    # What the form must hold to be sent before every question is answered, when the user asks to send it
    # ("yes, that's all, please submit"): each group is one fact, any of its answers (the business's name or
    # its address). None: never sent early. The office gets it marked incomplete, with what is missing.
    send_early_with: tuple[tuple[str, ...], ...] | None = None
    # True: "yes, that's right" said to a question that is not yes-or-no sends it too (a spill report: the
    # caller thinks it is done, and the city needs it now); otherwise only a request to send does.
    confirmation_sends: bool = False
    # Facts a later message may say again, and truer: the device a pump-out emptied ("the grease trap" at
    # first, then "it's the big interceptor outside"), a waiver's weekly amounts (a "what if it's 12 gallons?"
    # asked before, then "about 8 gallons a week" in the form). Every other fact, once given, changes only
    # when the user asks to change it.
    restated: frozenset[str] = frozenset()
    # True: a question asked in the message that starts the form is answered first ("can u log it? also do
    # i have to send the receipt to the city?"); a spill caller is told whom to call instead.
    answers_with_the_request: bool = True
    # True: the first question comes after a line that says which request was started ("Let's start your de
    # minimis waiver request (City of Victorville)."), so the user knows what the questions are for. A spill
    # report opens with whom to call instead.
    says_what_it_starts: bool = True

    def __post_init__(self) -> None:
        _FORMS_BY_NAME[self.name] = self

    @property
    def confirm_slot(self) -> str:
        return f"{self.name.removesuffix('_form')}_confirmed"

    @property
    def slots(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.spec.fields)


@dataclass(frozen=True)
class FormState:
    values: Mapping[str, Any]
    requested: str | None
    failures: int = 0
    skipped: tuple[str, ...] = ()
    confirmed: bool = False


@dataclass(frozen=True)
class Message:
    text: str
    intent: str | None
    entities: tuple[Mapping[str, Any], ...]
    fresh: bool  # a new user message to read (False when the form resumes after an interruption)
    channel: str
    ctx: ParseContext


@dataclass(frozen=True)
class Decision:
    """What one turn does: slot values to set, what to say, what to ask next (None: the form is done)."""

    reject: bool = False
    aside: bool = False  # a question no rule answers: the form answers it, keeps ``updates``, asks again
    updates: Mapping[str, Any] = field(default_factory=dict)
    feedback: tuple[str, ...] = ()
    question: tuple[str, ...] = ()
    next_slot: str | None = None
    failures: int = 0
    skipped: tuple[str, ...] = ()
    confirmed: bool = False
    # a question said after "send it" ("si asi esta bien, mandalo. y cuanto me dura el waiver?"): answered
    # after the turn's own messages (the submission's confirmation), before any question the form asks next
    then_answer: str = ""


def question_for(spec: FieldSpec, channel: str) -> str:
    """The field's question in the channel's wording, in the reply's language (the specs' questions are
    N_-marked where they are defined)."""
    return t(spec.ask_voice) if channel == "voice" else t(spec.ask)


def read_back(
    form: FormSpec | str, values: Mapping[str, Any], channel: str, city: str | None = None
) -> list[str]:
    """The answers so far as confirmation messages (:func:`intake.forms.read_back`): one on the web and by
    voice; by SMS as few messages of at most :data:`SMS_LIMIT` characters as the lines fit in, never
    splitting one answer across two messages."""
    parts = _read_back_parts(form, values, channel, city)
    return _pack_sms_lines(parts) if channel == "sms" else parts


def _pack_sms_lines(lines: list[str], limit: int = SMS_LIMIT) -> list[str]:
    """Whole lines, in order and joined by newlines, into messages of at most ``limit`` characters; a line
    longer than a message is shortened. (:func:`shaping.sms_text.split_sms` is for prose: it collapses the
    newlines and breaks between sentences, so it could split one answer across two messages.)"""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = shorten(line, limit)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) <= limit:
            current = candidate
        else:
            messages.append(current)
            current = line
    if current:
        messages.append(current)
    return messages


def city_contact_sentence(city: str | None, contacts: CityContacts) -> str:
    if city in CITY_NAMES:
        return t("If it's easier, contact {contact}.", contact=contacts.describe(city))
    first, second = (contacts.describe(c) for c in CITY_NAMES)
    return t("If it's easier, contact {first} or {second}.", first=first, second=second)


def _find_field(form: GuidedForm, message: Message, values: Mapping[str, Any]) -> str | None:
    """The field the user names ("change the address"), from the ``field`` entity or the form's words; or,
    for "not X, it was Y", the answer both X and Y are values of ("wait not yesterday it was today 7am.
    hauler came early": the date, whatever else the message names)."""
    names = {spec.name for spec in form.spec.applicable(values)}
    if (not_but := _not_but(message.text)) is not None:
        for spec in form.spec.applicable(values):
            if spec.parser in _CORRECTABLE and values.get(spec.name) is not None:
                old, new = (parse(spec.parser, said, message.ctx) for said in not_but)
                if old.ok and new.ok and old.slot == values.get(spec.name):
                    return spec.name
        for spec in form.spec.applicable(values):
            # "no es Market, es la La Brea, 215 South La Brea": the answer given in words that hold the old
            if (
                spec.parser not in _TAKES_ANY_WORDS
                and _holds_words(values.get(spec.name), not_but[0])
                and parse(spec.parser, not_but[1], message.ctx).ok
            ):
                return spec.name
    for entity in message.entities:
        if entity.get("entity") == "field":
            value = str(entity.get("value", "")).lower()
            for pattern, name in form.aliases.items():
                if name in names and re.search(pattern, value, re.IGNORECASE):
                    return name
    for pattern, name in form.aliases.items():
        if name in names and re.search(rf"\b(?:{pattern})\b", message.text, re.IGNORECASE):
            return name
    return None


# "la direccion es 312 S Market St", "the phone is 310 555 0193": an answer named and given, at the start of
# a message ("{alias}" is one of the form's words for a field)
_FIELD_IS = (
    r"^\W*(?:(?:and|also|oh|ah|a|btw|y|tambi[eé]n|ok|okay)\W+)*"
    r"(?:(?:the|my|our|la|el|mi|su|nuestr[oa])\s+)?(?P<alias>{alias})\s*(?:is|es|was|fue|era|:)\s+(?P<value>\S.*)$"
)
_TAKES_ANY_WORDS = frozenset({"text", "person_name", "company", "yes_no"})
_A_QUESTION_WORD = re.compile(r"^(?:where|when|what|how|which|cu[aá]n|d[oó]nde|qu[eé])", re.IGNORECASE)


def _answer_said_again(
    form: GuidedForm, message: Message, values: Mapping[str, Any], requested: str | None
) -> tuple[str, Any] | None:
    """An answer already given, named and said again with another value while another question is open ("la
    direccion es 312 S Market St" asked how much spilled): that answer and its new value; None otherwise."""
    if looks_like_question(message.text):
        return None
    if requested in form.slots and parse(form.spec.field(requested).parser, message.text, message.ctx).ok:
        return None  # "Our trash service is one 1-yard bin ..., and ... maybe 5 gallons a week": it answers
    names = {spec.name for spec in form.spec.applicable(values)}
    for pattern, name in form.aliases.items():
        if name == requested or name not in names or values.get(name) is None:
            continue
        if form.spec.field(name).parser in _TAKES_ANY_WORDS:
            continue  # "El dueño es Guadalupe Ríos" asked whom to contact is no new business name
        match = re.match(_FIELD_IS.format(alias=pattern), message.text.strip(), re.IGNORECASE)
        if match is None or _A_QUESTION_WORD.match(match["alias"]):
            continue
        result = parse(form.spec.field(name).parser, match["value"].strip(" .!"), message.ctx)
        if result.ok and result.slot != values.get(name):
            return name, result.slot
    return None


def _holds_words(value: Any, words: str) -> bool:
    """Whether an answer given in words (a place's text, or text) holds ``words`` ("Market" in "la pupusería
    está en la Market Street")."""
    said = value.get("text") if isinstance(value, dict) else value
    words = words.strip()
    return (
        isinstance(said, str)
        and len(words) >= MIN_HELD_CHARS
        and re.search(rf"(?<!\w){re.escape(words)}(?!\w)", said, re.IGNORECASE) is not None
    )


MIN_HELD_CHARS = 3  # shorter old words ("a", "la") say nothing of which answer they were in


def _asks_when_next_while_logging(form: GuidedForm, message: Message) -> bool:
    """ "when's the next one due?" while a pump-out is being logged: answered, then the log resumes (the
    classifier calls it a status request, which would otherwise be read as the open question's answer)."""
    return (
        message.intent == "service_status"
        and form.name == "service_form"
        and looks_like_question(message.text)
    )


def _said_again(
    form: GuidedForm, message: Message, named: str, values: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The facts of a message that names an answer already given with the same value again ("its the
    interceptor out back not the little trap" when the device read back is the interceptor): no change to
    it, only the facts it adds; None when it gives another value or none (it asks to change the answer)."""
    if _change_to(message.text) or values.get(named) is None:
        return None
    if (not_but := _not_but(message.text)) is not None:  # "not yesterday, it was today": the old value denied
        denied = parse(form.spec.field(named).parser, not_but[0], message.ctx)
        if denied.ok and denied.slot == values.get(named):
            return None
    result = parse(form.spec.field(named).parser, message.text, message.ctx)
    if not result.ok or result.slot != values.get(named):
        return None
    return _harvest(form, message, values, named)


# Answers a correction can name by its value alone ("it was the 24th, not the 25th", "make that 750
# gallons"): a date or time, a phone number, an amount that says its unit.
_CORRECTABLE = frozenset({"date", "moment", "phone"})
# Words that describe where something is, in a place told again ("It's the back lot, by the dumpsters,
# kind of between the Wingstop and the mattress store")
_DESCRIBES_A_PLACE = re.compile(
    r"\b(?:lot|alley|street|st|road|rd|ave|avenue|blvd|boulevard|corner|behind|between|next to|in front|"
    r"across|near|manhole|cleanout|driveway|sidewalk|suite|calle|avenida|esquina|atr[aá]s|enfrente|junto|"
    r"entre|estacionamiento|callej[oó]n|banqueta)\b",
    re.IGNORECASE,
)
# Words that ask to change an answer, with no new value of their own ("change the address", "la dirección
# está mal")
_ASKS_A_CHANGE = re.compile(
    r"\b(?:change|wrong|fix|update|correct|edit|redo|cambi\w*|mal|corrig\w*|equivocad\w*|arregl\w*"
    # an answer said to be wrong in other words ("the date is incorrect", "that's not right", "es otro")
    r"|incorrect|not (?:right|correct)|isn'?t (?:right|correct)|es otr[oa]"
    r"|no es (?:as[ií]|correct[oa]|ese|esa)|no est[aá] bien)\b",
    re.IGNORECASE,
)
# A read-back's yes said first, then a remark ("Sí, está bien así. Y ya llamé también al número de la
# ciudad"), with no word of a change after it ("yes, but the phone is ...", "yes. actually it's suite 4")
_A_CHANGE_AFTER_YES = re.compile(
    r"\b(?:but|except|though|actually|wait|only thing|pero|excepto|menos|nom[aá]s que|solo que|en realidad|"
    r"espera|perd[oó]n"
    # more to add after the yes ("Yes. Also it reached the street"): a fact, not the yes alone
    r"|also|plus|one more thing|adem[aá]s|aparte|otra cosa)\b",
    re.IGNORECASE,
)


def _a_no_while_another_is_asked(form: GuidedForm, message: Message, requested: str | None) -> bool:
    """Whether a message opens with a "no" and goes on, while a question that a "no" does not answer is
    open ("no, el telefono es 310-555-0177" while the volume is asked)."""
    if not _NO_THEN_MORE.match(message.text) or requested not in form.slots:
        return False
    return form.spec.field(requested).parser != "yes_no"


def _gives_a_new_value(form: GuidedForm, message: Message, named: str) -> bool:
    """Whether a message gives ``named`` a value in so many words ("el telefono es 310-555-0177", "the phone
    number is wrong, it is 760-555-0135")."""
    match = _change_to(message.text)
    said = match.group("value") if match is not None else _said_after_wrong(message.text)
    return said is not None and parse(form.spec.field(named).parser, said, message.ctx).ok


def _wants_a_change(message: Message) -> bool:
    """Whether a message at the read-back asks to change an answer ("change the phone", "the date is
    incorrect", "everything's right except the date", "sí, pero el número es otro", "no, ..."), not only names
    one in passing."""
    text = message.text
    return (
        message.intent == "change_answer"
        or bool(
            _ASKS_A_CHANGE.search(text)
            or _NO_THEN_MORE.match(text)
            or _NOT_THE_OLD.search(_without_facts_said_with_no(text))
        )
        or bool(_A_CHANGE_AFTER_YES.search(text))
        or _not_but(text) is not None
        or bool(re.match(r"^\W*no\b", text, re.IGNORECASE))
    )


_WHOSE = re.compile(r"'s\s*$")


def _agrees_first(text: str) -> bool:
    """Whether a message at the read-back opens with a yes to it and changes nothing after it."""
    first = re.split(r"[.!;?]", text, maxsplit=1)[0]
    said = parse_yes_no(first)
    return (
        said.ok
        and said.value.value == "yes"
        and not _ASKS_A_CHANGE.search(text)
        and not _A_CHANGE_AFTER_YES.search(text)
        and _not_but(text) is None
        and not _NOT_THE_OLD.search(_without_facts_said_with_no(text))
    )


# A no followed by more words ("no wait, it was the 24th", "no espera, fue ayer lunes"): a correction's start
# A "no" that opens a fact about the service, not a no to the read-back ("No repairs needed.")
_NO_AS_A_FACT = re.compile(
    r"^\W*(?:there\s+(?:were|was|are|is)\s+)?no\s+(?:(?:hubo|hay|hab[ií]a|se\s+hicieron)\s+)?"
    r"(?:repairs?|issues?|problems?|damage|leaks?|spills?|reparaciones|problemas|fugas|da[nñ]os?)\b"
    r"(?!.*\b(?:change|wrong|cambi\w*|mal)\b)",
    re.IGNORECASE,
)


def _without_facts_said_with_no(text: str) -> str:
    """The message without its sentences that state a fact with a "no" ("no hubo reparaciones.", "There were
    no repairs."), so that a "no" inside them is no correction of the read-back."""
    sentences = re.split(r"(?<=[.!;])\s+", text)
    return " ".join(s for s in sentences if not _NO_AS_A_FACT.match(s))


_NO_THEN_MORE = re.compile(
    r"^\W*(?:no|nope|nah|wait|espera|oops|sorry|perd[oó]n)\b[\s,.!]+(?:\S+\s+){1,}\S", re.IGNORECASE
)
# An apology that opens a message ("ay no perdon, ...", "oops sorry", "wait, ..."): what follows may correct
_SORRY_FIRST = re.compile(
    r"^\W*(?:(?:ay|oh|ah|uh|um)\W+)?(?:no+\W+)?(?:perd[oó]n|sorry|oops|wait|espera|my bad|correction"
    r"|correcci[oó]n)\b",
    re.IGNORECASE,
)
# A change asked for in so many words ("please fix that", "can you update it", "corrígelo")
# (asked of the assistant: "please fix that", "can you update it", or ending the message; never "the crew is
# trying to fix it now" or "they may change it to 60 days")
_FIX_THAT = re.compile(
    r"\b(?:please|pls|plz|can you|could you)\s+(?:fix|change|update|correct)\s+(?:that|it|this)\b"
    r"|(?<!to )(?<!will )(?<!may )\b(?:fix|change|update|correct)\s+(?:that|it|this)"
    r"(?:\s+(?:please|pls|plz))?\W*$"
    r"|\bcorr[ií]j(?:alo|ala|elo|ela)\b|\bc[aá]mbi(?:alo|ala|elo|ela)\b",
    re.IGNORECASE,
)
# Answers that are one of a few choices, read from a correction's words ("it's the trap not the interceptor")
_CHOICES = frozenset({"device", "city", "establishment_kind", "evidence_source"})
# The answers an amount with its unit can correct ("son 46 asientos, no 64" is no address)
_AMOUNTS = frozenset(
    {
        "seats",
        "meals",
        "employees",
        "gallons",
        "gallons_removed",
        "gallons_per_week",
        "gallons_per_day",
        "cubic_yards_per_week",
    }
    | {"square_feet", "frequency"}
)
_AMOUNT_WITH_UNIT = re.compile(
    r"\d[\d,.]*\s*(?:gal\w*|yards?|yd|cubic|seats?|sillas|asientos|sq\.? ?ft|square|pies|days|d[ií]as)\b"
    # the unit first: "seats is 52 now", "las sillas son 52"
    r"|\b(?:seats?|seating|sillas|asientos|gallons?|galones)\s+(?:is|are|es|son|=|:)?\s*(?:now\s+|ahora\s+)?\d",
    re.IGNORECASE,
)
_NOT_THE_OLD = re.compile(
    r"\s*(?:,|;)?\s*\b(?:not|no|instead of|en vez de|y no|(?:was|is|were|are)n'?t)\b.*$", re.IGNORECASE
)
# The old value named first, in a clause of its own: "no fue hoy," "not the 25th,", "it wasn't yesterday."
_OLD_CLAUSE = re.compile(
    # (a comma or point inside a number ends no clause: "no sorry the ticket says 1,080 gallons not 800")
    r"\b(?:not|no|instead of|en vez de|(?:was|is|were|are)n'?t)\b(?:[^,.;:]|(?<=\d)[,.](?=\d))*"
    r"(?:[;:]|[,.](?!\d))",
    re.IGNORECASE,
)


def _corrected_answer(
    form: GuidedForm, message: Message, values: Mapping[str, Any]
) -> tuple[str, Any] | None:
    """The one given answer a correction's new value fits, and that value; None if none or several do.

    The new value is looked for in the message without the old one's clause ("no fue hoy, fue ayer lunes 30",
    "wait it was monday not wednesday. the 23rd"), then before the old one is named ("the 24th, not the
    25th"), then in the whole message."""
    text = without_phones(message.text)  # "ponle 6 galones ... 760 555 0143": the phone is no amount
    stripped = _NOT_THE_OLD.sub("", text).strip()
    for said in dict.fromkeys((_OLD_CLAUSE.sub(" ", text).strip(), stripped, text)):
        if not said:
            continue
        amount = bool(_AMOUNT_WITH_UNIT.search(in_digits(said)))  # in words too ("thirty gallons")
        fits = []
        for spec in form.spec.fields:  # any answer given, asked yet or not ("64 asientos" said early)
            if values.get(spec.name) is None or spec.parser == "text":
                continue
            by_amount = amount and spec.parser in _AMOUNTS
            if spec.parser in _CORRECTABLE or by_amount:
                result = parse(spec.parser, said, message.ctx)
                if result.ok and result.slot != values.get(spec.name):
                    fits.append((spec.name, result.slot))
        # "6 galones" fits the gallons asked as said, and the cubic yards only converted: the unit said wins
        as_said = [fit for fit in fits if not (isinstance(fit[1], dict) and fit[1].get("given"))]
        if len(fits) > 1 and len(as_said) == 1:
            return as_said[0]
        if len(fits) > 1:  # "sorry 40 seats not 30" fits the seats and the employees: the one that was 30
            return _corrected_by_old_number(form, text, values)
        if fits:
            return fits[0]
    return _corrected_by_old_number(form, text, values)


def _corrected_to(
    spec: FieldSpec, not_but: tuple[str, str], message: Message, values: Mapping[str, Any]
) -> Any:
    """The value a "not X, Y" correction gives ``spec``'s answer: its new clause read as that answer; for a
    free-text answer (a location), the new words with the first ones kept after them for whoever acts on the
    report; None when the new clause is no such answer."""
    result = parse(spec.parser, not_but[1], message.ctx)
    if not result.ok:
        return None
    before, now = values.get(spec.name), result.slot
    if isinstance(before, dict) and isinstance(now, dict) and "text" in before and "text" in now:  # a place
        return {
            **now,
            "text": t("{new} (corrected; first given as: {old})", new=now["text"], old=before["text"]),
        }
    if spec.parser == "text" and isinstance(before, str) and isinstance(now, str):
        return t("{new} (corrected; first given as: {old})", new=now, old=before)
    return now


def _new_value_said(spec: FieldSpec, message: Message, values: Mapping[str, Any]) -> Any:
    """The new value a correction of ``spec``'s answer gives in its own words, read as
    :func:`_corrected_answer` reads one (before the old value is named, after it, or in the whole message);
    None when it gives none, or only the value it had."""
    # a phone number is the new value of a phone, and of nothing else ("the date is the 24th, call 760-...")
    text = message.text if spec.parser == "phone" else without_phones(message.text)
    for said in dict.fromkeys((_OLD_CLAUSE.sub(" ", text).strip(), _NOT_THE_OLD.sub("", text).strip(), text)):
        result = parse(spec.parser, said, message.ctx) if said else None
        if result is not None and result.ok and result.slot != values.get(spec.name):
            return result.slot
    return None


_NUMBER = re.compile(DIGITS_PATTERN)


def _corrected_by_old_number(
    form: GuidedForm, text: str, values: Mapping[str, Any]
) -> tuple[str, Any] | None:
    """A correction that gives the old and the new number without a unit ("perdón, no es 3400, es 3040"):
    the one amount answered with the old number takes the new one, in its unit; None."""
    numbers = [Decimal(n.replace(",", "")) for n in _NUMBER.findall(text)]
    if len(numbers) != 2:  # the old and the new
        return None
    found = []
    for spec in form.spec.fields:
        value = values.get(spec.name)
        if spec.parser not in _AMOUNTS or value is None:
            continue
        amount = _amount_of(value)
        for old, new in (numbers, numbers[::-1]):
            if amount == old and new != old:
                number = int(new) if new == new.to_integral_value() else float(new)
                changed = {**value, "amount": number, "given": None} if isinstance(value, dict) else int(new)
                found.append((spec.name, changed))
    return found[0] if len(found) == 1 else None


# A number corrected in the words "NEW, not OLD" or "no es OLD, es NEW" ("the address is 14580, not 14850")
_NUMBER_NOT = re.compile(
    r"(?P<new>\b\d[\d-]*\d)\s*,?\s+(?:not|no)\s+(?P<old>\d[\d-]*\d)\b"
    r"|\bno\s+(?:es|era|fue)\s+(?:el\s+)?(?P<old_es>\d[\d-]*\d)\s*,?\s+(?:es|sino)\s+(?:el\s+)?(?P<new_es>\d[\d-]*\d)\b"
    # the street said with the new number: "es 321 S Market no 312", "it's 321 S Market, not 312"
    r"|\b(?:es|is|it'?s|its)\s+(?P<new_street>\d[\d-]*\d)\b[^,.;!?\d]{1,40}?\s*,?\s+(?:not|no)\s+"
    r"(?P<old_street>\d[\d-]*\d)\b"
    # spoken, the new number spelled again before the old one: "it's fourteen. one-four. not forty."
    r"|\b(?P<new_spelled>\d[\d-]*\d)[.,]?\s+(?:[a-z]+-)+[a-z]+[.,]?\s+(?:not|no)\s+"
    r"(?P<old_spelled>\d[\d-]*\d)\b",
    re.IGNORECASE,
)
_OLD_AND_NEW = (
    ("old", "new"),
    ("old_es", "new_es"),
    ("old_street", "new_street"),
    ("old_spelled", "new_spelled"),
)
# A place's words corrected: "it's Ninth Street, not Ninth Avenue", "es la Brea, no Market"
_WORDS_NOT = re.compile(
    r"\b(?:it'?s|its|it is|es)\s+(?:(?:on|in|at|en)\s+)?(?P<new>[a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)\s*,?\s+"
    r"(?:not|no)\s+(?:(?:on|in|at|en)\s+)?(?P<old>[a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)\s*(?=[,.;!?]|$)",
    re.IGNORECASE,
)
# What a caller adds once the one thing is corrected: nothing else to change
_THE_REST_IS_RIGHT = re.compile(
    r"^\W*(?:(?:and\s+)?(?:every ?thing(?:'s)?|all|the rest|rest)\s+(?:else\s+)?"
    r"(?:is|'s|was|looks?|seems?)?\s*"
    r"(?:right|fine|correct|good|ok(?:ay)?)(?:\s+otherwise)?|all good(?:\s+otherwise)?|"
    r"(?:y\s+)?(?:todo\s+)?(?:lo\s+dem[aá]s|el\s+resto)\s+(?:s[ií]\s+)?(?:est[aá]\s+)?(?:bien|correcto))"
    r"(?:\W+(?:thanks|thank you|gracias))?\W*$",
    re.IGNORECASE,
)


# The answers a number or words said again can be corrected in: those given in the user's own words (a place,
# a business's name); never a choice kept as its key (the city, the device) nor an amount, which its own
# parser changes ("sorry, 20 not 30" is the volume's)
_WORDED = frozenset({"location", "text", "company", "person_name"})


def _corrected_in_place(
    form: GuidedForm, message: Message, values: Mapping[str, Any], requested: str | None = None
) -> tuple[str, Any, str] | None:
    """A number or a place's words corrected that one answer given in words holds once ("14850 Bear Valley
    Road", "suite forty", "on Ninth Avenue"): that answer with the new number or words in place of the old,
    and the message without the sentences that correct it; None when no answer, or several, hold the old
    once, or the message answers the open question ("it's the gutter, not the storm drain" asked where it
    reaches)."""
    text = message.text
    spoken = in_digits(text)  # "it's fourteen, not forty"
    match = _NUMBER_NOT.search(spoken)
    if match is not None:
        old, new = next((match[o], match[n]) for o, n in _OLD_AND_NEW if match[o])
        if any(
            _amount_is(values.get(spec.name), old) for spec in form.spec.fields if spec.parser in _AMOUNTS
        ):
            return None  # the volume said again: its own parser changes it
        spans = partial(_spans_said_as, number=old)
    elif (match := _WORDS_NOT.search(text)) is not None and match["old"].lower() != match["new"].lower():
        asked = form.spec.field(requested) if requested and requested != form.confirm_slot else None
        if asked is not None and parse(asked.parser, match["new"], message.ctx).ok:
            return None  # "it's the gutter, not the storm drain": the open question's answer
        spoken, old, new = text, match["old"], match["new"]
        spans = partial(_spans_of_words, words=old)
    else:
        return None
    found: list[tuple[str, Any]] = []
    for spec in form.spec.fields:
        value = values.get(spec.name)
        said = value.get("text") if isinstance(value, dict) else value
        if spec.parser not in _WORDED or not isinstance(said, str):
            continue
        where = _restatements_joined(said, spans(said))
        if len(where) > 1:
            return None  # said twice: which one is meant is not known
        if where:
            begin, end = where[0]
            replaced = said[:begin] + _without_words_around(new, said, begin, end) + said[end:]
            found.append((spec.name, {**value, "text": replaced} if isinstance(value, dict) else replaced))
    if len(found) != 1:
        return None
    sentences = re.split(r"(?<=[.!?;])\s+", spoken.strip())
    at = 0
    kept = []
    for sentence in sentences:
        begins = spoken.index(sentence, at)
        at = begins + len(sentence)
        if at <= match.start() or begins >= match.end():  # outside the correction
            kept.append(sentence)
    rest = " ".join(kept).strip()
    return (*found[0], "" if _THE_REST_IS_RIGHT.match(rest) else rest)


# What may stand between a number said in words and the same number in digits ("catorce mil cuatrocientos
# veinte, 14420"): one saying, not two
_BETWEEN_RESTATEMENTS = re.compile(r"[\s,.;:()-]{0,4}")


def _restatements_joined(said: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans with a number said again right after itself (in words, then in digits) made one."""
    joined: list[tuple[int, int]] = []
    for begin, end in spans:
        if joined and _BETWEEN_RESTATEMENTS.fullmatch(said[joined[-1][1] : begin]):
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((begin, end))
    return joined


def _amount_of(value: Any) -> Decimal | None:
    """The number an amount answer holds (a number, or a dict with its ``amount``); None when unanswered."""
    amount = value.get("amount") if isinstance(value, dict) else value
    return None if amount is None else Decimal(str(amount))


def _amount_is(value: Any, number: str) -> bool:
    """Whether an amount answer is ``number`` (as a correction writes it: "20", "1-4" read as 14)."""
    amount = _amount_of(value)
    return amount is not None and amount == Decimal(number.replace("-", ""))


_SAID_WORD = re.compile(r"[\w'-]+")


def _spans_said_as(said: str, number: str) -> list[tuple[int, int]]:
    """Where ``said`` says ``number``: in digits, or as a run of number words ("forty", "one-four"), each
    span as written; the other words are kept as they are ("the Five Guys ... suite forty")."""
    spans = [m.span() for m in re.finditer(rf"(?<![\d-]){re.escape(number)}(?![\d-])", said)]
    words = list(_SAID_WORD.finditer(said))
    i = 0
    while i < len(words):
        for size in range(min(4, len(words) - i), 0, -1):  # the longest run that reads as the number
            begin, end = words[i].start(), words[i + size - 1].end()
            chunk = said[begin:end]
            if not chunk[0].isdigit() and in_digits(chunk).replace("-", "").replace(" ", "") == number:
                spans.append((begin, end))
                i += size
                break
        else:
            i += 1
    return sorted(set(spans))


def _spans_of_words(said: str, words: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(rf"\b{re.escape(words)}\b", said, re.IGNORECASE)]


def _without_words_around(new: str, said: str, begin: int, end: int) -> str:
    """``new`` without the words ``said`` already has right before or after the replaced span: "Ninth
    Street" for "Avenue" in "on Ninth Avenue" is "Street"."""
    words = new.split()
    before = said[:begin].split()
    after = said[end:].split()
    while len(words) > 1 and before and words[0].lower() == before[-1].lower():
        words, before = words[1:], before[:-1]
    while len(words) > 1 and after and words[-1].lower() == after[0].lower():
        words, after = words[:-1], after[1:]
    return " ".join(words)


def _changed(spec: FieldSpec, value: Any) -> str:
    """ "OK, I've changed the number of seats to 58.": the answer changed and what it is now, so the user sees
    what was recorded."""
    return t(
        "OK, I've changed the {label} to {value}.",
        label=t(spec.label).lower(),
        value=describe(spec.parser, value),
    )


def _said_otherwise(spec: FieldSpec, value: Any) -> str:
    """ "OK, I've changed that. Reaches: a gutter.": an answer given before, said otherwise beside another
    question, as the read-back will show it."""
    return t(
        "OK, I've changed that. {label}: {value}.", label=t(spec.label), value=describe(spec.parser, value)
    )


def _in_own_words(form: GuidedForm, message: Message, values: Mapping[str, Any], requested: str) -> Any:
    """The open question's answer as the form's own reader takes it from the user's words, which say more
    than a yes or no read off the first word: "No space at all" to "Is there no adequate space ...?" is a
    yes; "We've been open here since 2015, maybe 150 customers a day" is a yes, not a "maybe"."""
    if form.extract is None or form.spec.field(requested).parser != "yes_no":
        return None
    return form.extract(message.text, message.ctx, values).get(requested)


def _harvest(
    form: GuidedForm, message: Message, values: Mapping[str, Any], skip: str | None
) -> dict[str, Any]:
    """Facts in the message besides the answer asked for; never overwrites an answer already given."""
    found = contact_facts(form.spec, message.text, message.ctx, values, skip)
    found.update(named_facts(form.spec, message.text, message.ctx, values))
    if form.extract is not None:
        found.update(form.extract(message.text, message.ctx, values))
    return {
        k: v
        for k, v in found.items()
        if k != skip and v is not None and (values.get(k) is None or (k in form.restated and values[k] != v))
    }


def _restated(
    form: GuidedForm, message: Message, values: Mapping[str, Any], skip: str | None
) -> dict[str, Any]:
    """The answers the form's own reader finds said again with another value, for the fields it takes a
    restatement of (``GuidedForm.restated``: a manifest number, the device), except ``skip``."""
    if form.extract is None:
        return {}
    said = form.extract(message.text, message.ctx, values)
    return {
        k: v
        for k, v in said.items()
        if k in form.restated and k != skip and v is not None and values.get(k) not in (None, v)
    }


def _facts_beside_a_question(form: GuidedForm, message: Message, values: Mapping[str, Any]) -> dict[str, Any]:
    """The form's facts a question to the ordinances also states ("We're Mojave Title Services, 15000 Civic
    Dr. We have one 1.5-yard bin a week and maybe 5 gallons of food scraps. Do we even qualify?"): kept, and
    the question answered inside the form. None from a what-if ("what if it's 12 gallons instead?" keeps
    the answer given) or a city alone (the rules answer "ok, for the victorville place, do i keep the
    invoice?")."""
    if message.intent != "ask_question" or is_hypothetical(message.text):
        return {}
    facts = _harvest(form, message, values, None)
    return facts if set(facts) - {"city"} else {}


# Someone else's details ("managed by Pacific Property, 310-555-0188"): not the applicant's or caller's,
# unless they say it is them ("owner is me, Carlos Reyes"). Read in the sentence that gives the number.
_OTHER_PARTY = re.compile(
    r"\b(?:owner|owned|landlord|managed by|management|property|hauler|plumber|contractor|"
    r"due[nñ]o|propietario|arrendador|administrador|administra|plomero|contratista)\b",
    re.IGNORECASE,
)
# The roles of the person writing for a business, in English and Spanish
_ROLES = r"owner|co-?owner|manager|general manager|gm|operator|chef"
_ROLES_ES = r"due[nñ][oa]|propietari[oa]|gerente|encargad[oa]|administrador[a]?"
_IS_ME = re.compile(
    r"\b(?:is|it'?s) me\b|\bsoy yo\b"
    # "my name's Aaliyah Brooks I'm the owner, number is 310-555-0148": the owner speaking
    # "I'm the property manager, Tom Reyes, 760-555-0190": the one writing, whatever they manage
    rf"|\b(?:i'?m|i am) (?:the |an? )?(?:[\w-]+ ){{0,2}}(?:{_ROLES})\b"
    rf"|\bsoy (?:el |la )?(?:{_ROLES_ES})\b",
    re.IGNORECASE,
)
# A person's own role said after their name ("Maria Gomez, owner, 310-555-0134"): the speaker's details.
_ROLE_AFTER_NAME = re.compile(
    r"^\s*(?!(?:the|el|la|my|our|mi|nuestr[oa])\b)[^\W\d_]+(?:[ '-][^\W\d_]+){0,3},\s*"
    # "I'm Linda Park, property manager, 760-555-2046": the role with what it is of
    rf"(?P<lead>(?:the\s+|el\s+|la\s+)?(?:[^\W\d_]+\s+)?)(?P<role>{_ROLES}|{_ROLES_ES})\b[\s,.;:]*",
    re.IGNORECASE,
)


def _someone_else_s(text: str) -> bool:
    """Whether the sentence with the phone number in it names another party's details."""
    if not mentions_phone(text):
        return False
    sentence = _sentence_with_phone(text)
    mine = _IS_ME.search(sentence) or _ROLE_AFTER_NAME.match(sentence)
    return bool(_OTHER_PARTY.search(sentence)) and not mine


# The business's owner named as a person ("el dueño es Ramon Ortiz", "owner Kim Tran 760-555-0133"), not a
# landlord company ("The owner is Century Plaza Holdings")
_OWNER_IS = re.compile(
    r"\b(?:owner|due[nñ][oa]|propietari[oa])\s+(?:is|es)\s+(?P<name>[^\W\d_]+(?:\s+[^\W\d_]+){1,2})\b"
    # the role, the name and the phone: "owner Kim Tran 760-555-0133"
    r"|\b(?:owner|due[nñ][oa]|propietari[oa])\s*[:,-]?\s+(?P<beside>[^\W\d_]+(?:\s+[^\W\d_]+){1,2}?)"
    r",?\s+\(?\d{3}\)?[\s.-]*\d{3}",
    re.IGNORECASE,
)
_A_COMPANY = re.compile(
    r"\b(?:llc|inc|corp|co|company|holdings?|properties|property|plaza|management|mgmt|group|trust|partners)\b",
    re.IGNORECASE,
)


def _owner_named(text: str) -> str | None:
    """The business's owner named as a person ("el dueño es Ramon Ortiz"), or None (none named, or a
    landlord company: "The owner is Century Plaza Holdings")."""
    owner = _OWNER_IS.search(text)
    name = owner and (owner.group("name") or owner.group("beside"))
    return name if name and not _A_COMPANY.search(name) else None


def _the_owner_for_the_business(spec: FormSpec, text: str) -> bool:
    """Whether the other party named is the business's owner, a person, and the form asks for no owner of its
    own: a waiver request's "el dueño es Ramon Ortiz 760 555 0199" is whom the city reaches about it."""
    return _owner_named(text) is not None and not any("owner" in f.name for f in spec.fields)


# "Contact is Dana Kim, 310-555-0165", "luis garcia 310-555-0199": a name given beside a phone number.
_CONTACT_CUE = re.compile(
    r"^\s*(?:(?:the\s+)?contact(?:\s+person)?(?:\s+is|:)?|(?:el\s+)?contacto(?:\s+es|:)?|"
    r"(?:you\s+can\s+)?(?:call|reach)(?:\s+me)?(?:\s+at)?|ll[aá]me(?:me)?\s+a)\s+",
    re.IGNORECASE,
)
_NAME_WORDS = re.compile(r"^[^\W\d_]+(?:[ '-][^\W\d_]+){1,3}$")
# The speaker's role said before their name ("I'm the property manager, Tom Reyes", "soy la gerente, Ana")
_ROLE_BEFORE_NAME = re.compile(
    r"^\s*(?:i'?m|i am|this is|soy|es)\s+(?:the\s+|an?\s+|el\s+|la\s+)?(?:[\w-]+\s+){0,2}?"
    rf"(?:{_ROLES}|{_ROLES_ES})\s*[,:-]\s*",
    re.IGNORECASE,
)


def _sentence_with_phone(text: str) -> str:
    """The sentence of ``text`` that gives a phone number (the whole text when none does)."""
    return next((s for s in re.split(r"(?<=[.;!?])\s+", text) if mentions_phone(s)), text)


def contact_facts(
    spec: FormSpec, text: str, ctx: ParseContext, values: Mapping[str, Any], requested: str | None
) -> dict[str, Any]:
    """A phone number, and a name said beside it, given when something else was asked: they fill the
    form's first unanswered phone and name fields (the caller's or the applicant's). Details that name
    someone else (an owner, a property manager) are left for their own questions."""
    if not mentions_phone(text) or (_someone_else_s(text) and not _the_owner_for_the_business(spec, text)):
        return {}
    fields = [f for f in spec.applicable(values) if values.get(f.name) is None and f.name != requested]
    asked = spec.field(requested).parser if requested in {f.name for f in spec.fields} else None
    found: dict[str, Any] = {}
    phone_field = next((f.name for f in fields if f.parser == "phone"), None)
    if phone_field is not None and asked != "phone" and (phone := parse("phone", text, ctx)).ok:
        found[phone_field] = phone.slot
    # a name beside the number, when the open question is not itself a name (a business's is free text)
    name_field = next((f.name for f in fields if f.parser == "person_name"), None)
    if name_field is not None and asked not in ("person_name", "text"):
        said = _CONTACT_CUE.sub("", without_phones(text)).strip(" ,.;:")
        if role := _ROLE_AFTER_NAME.match(said):  # "Maria Gomez, owner": the name without the role
            said = said[: role.start("lead")].strip(" ,")
        name = parse("person_name", said, ctx)
        if not name.ok:  # "... Owner is Parkline LLC; I'm the property manager, Tom Reyes, 760-555-0190."
            beside = _ROLE_BEFORE_NAME.sub("", without_phones(_sentence_with_phone(text))).strip(" ,.;:")
            name = parse("person_name", beside, ctx)
        named = name.ok and _NAME_WORDS.match(str(name.slot))
        if not named and _the_owner_for_the_business(spec, text):  # "... el dueño es Ramon Ortiz 760 ..."
            name = parse("person_name", _owner_named(text) or "", ctx)
            named = name.ok and _NAME_WORDS.match(str(name.slot))
        if named:
            found[name_field] = name.slot
    return found


def _contact_not_business(
    spec: FormSpec, asked: FieldSpec, message: Message, values: Mapping[str, Any]
) -> dict[str, Any]:
    """A person's name and phone number given when a business's name was asked ("Lupita Ramirez, 310 555
    0122" after "Which restaurant?"): the form's name and phone fields, or {} for anything else."""
    if asked.name not in _BUSINESS_FIELDS or names_a_food_business(message.text):
        return {}
    found = contact_facts(spec, message.text, message.ctx, values, None)
    person = next((f.name for f in spec.fields if f.parser == "person_name"), None)
    return found if person in found else {}


# Facts said with the words that name them, in a longer message ("Business is Sunrise Bakery, 15000 Seventh
# St, contact Ana Lee"): the names are capitalised, as people write them.
_NAMED_PERSON = re.compile(
    r"(?i:\b(?:(?:contact(?: person)?(?: is|:)?|contacto(?: es|:)?)(?:\s+me,?)?|my name(?:'s| is)|me llamo|"
    # "... next door. Name's Luis Ortega.": a sentence opening with it
    r"(?:^|(?<=[.!?,;] ))name'?s|"
    r"mi nombre es|(?:owner|manager|operator)(?: and (?:owner|manager|operator))? is (?:me|myself),?|"
    r"el due[nñ]o soy yo,?"
    # "el dueño y operador soy yo, Jose Hernandez": one role or two
    r"|(?:el|la) (?:due[nñ][oa]|operador[a]?|encargad[oa]|gerente|administrador[a]?)"
    r"(?: y (?:due[nñ][oa]|operador[a]?|encargad[oa]|gerente|administrador[a]?))? soy yo,?"
    r"|a nombre de|(?:under|in) the name(?: of)?|put it under"
    # a label, as a form is filled in: "Applicant: Dana Whitfield, property manager"
    r"|(?:applicant|contact|solicitante|contacto)\s*:))\s+"
    r"(?P<name>[A-ZÁÉÍÓÚÑ][\w'-]+(?:\s+(?!I(?:'|\b))[A-ZÁÉÍÓÚÑ][\w'-]+){1,2})"  # "... Brooks I'm the owner"
)
_NAMED_BUSINESS = re.compile(
    r"(?i:\b(?:business|restaurant|establishment|bakery|store|shop|cafe|company|negocio|restaurante"
    # a label: "Property: Mesa Crossing Food Court."
    r"|property|propiedad)"
    r"(?: name(?: is|:)?| is|:| es| se llama)|\bcalled|^\s*(?:se llama|el nombre es|the name is))\s+"
    r"(?P<name>[A-Z0-9][\w'&.-]*(?:\s+(?:[A-Z0-9&][\w'&.-]*|de|del|la|el|of|the)){0,4})"
    r"|(?i:\b(?:we'?re|we are|somos))\s+"  # "We're Mesa Insurance Services at 12345 Hesperia Road"
    r"(?P<we>[A-Z][\w'&.-]*(?:\s+[A-Z&][\w'&.-]*){0,4})(?=\s+(?:at|on|en)\s+\d)"
)
_BUSINESS_FIELDS = ("business_name", "restaurant_name")
_ADDRESS_FIELD = "facility_address"  # the business's own address (a spill's location is where it is)


# "yo soy Daniela Ortiz, la operadora", "I'm Dana Brooks": the speaker, by a capitalised name; not "I'm Taco
# Bell's general manager" (whose), nor "I'm Not Sure" or "I'm Calling About" (what)
_SPEAKER_NAMED = re.compile(
    # (a caller's "Hi, good morning, this is, um, Karen Whitfield, I'm the property manager")
    r"(?i:\b(?:(?:yo )?soy|i'?m|i am|(?:^|(?<=[,.!?] ))this is,?(?:\s+(?:um|uh|er),?)?))\s+"
    r"(?P<name>(?!(?:Not|Sure|Calling|Opening|Looking|Going|Trying|Getting|Having|Just|Also|Still|Here|The|A|An|"
    r"So|In|At|From|With|New|Good|Fine|Not|Very|Really|Writing|Texting|Asking|Interested|Un|Una|El|La|De|Del)\b)"
    r"[A-ZÁÉÍÓÚÑ][\w-]+(?:\s+(?!I(?:'|\b))[A-ZÁÉÍÓÚÑ][\w-]+){1,2})\b(?!')"
)


# A street or a place's name, and a name said with where it is: no person's
_A_PLACE_NAME = re.compile(
    r"\b(?:road|rd|street|st|avenue|ave|blvd|boulevard|drive|dr|way|lane|highway|hwy|plaza|center|centre|mall|"
    r"academy|school|church|park|market|calle|avenida)\b",
    re.IGNORECASE,
)
_AT_A_PLACE = re.compile(
    r"\s*(?:on|at|by|near|in front of|across from|en|cerca de|frente a)\s", re.IGNORECASE
)
# A name a caller starts, then says whole ("Name's Marcus. Marcus Webb."): said once
_NAME_SAID_AGAIN = re.compile(r"\b([A-ZÁÉÍÓÚÑ][\w'-]+)[.,…]+\s+\1\b")


def named_facts(spec: FormSpec, text: str, ctx: ParseContext, values: Mapping[str, Any]) -> dict[str, Any]:
    """A contact person, a business's name and its street address said in a longer message with the words
    that name them; each fills the form's unanswered field for it."""
    text = _NAME_SAID_AGAIN.sub(r"\1", text)
    names = {f.name: f.parser for f in spec.applicable(values) if values.get(f.name) is None}
    found: dict[str, Any] = {}
    person_field = next((name for name, parser in names.items() if parser == "person_name"), None)
    person = _NAMED_PERSON.search(text)
    if person is None and (person := _SPEAKER_NAMED.search(text)) is not None:
        said = person.group("name")
        if (
            names_a_food_business(said)
            or _A_PLACE_NAME.search(said)
            or _AT_A_PLACE.match(text[person.end() :])
        ):
            # "this is Pho Saigon Kitchen", "This is Bear Valley Road by the Walmart", "This is Slice Academy
            # on Seventh": a business or a place, not the speaker
            person = None
    if person_field and person and (name := parse("person_name", person.group("name"), ctx)).ok:
        found[person_field] = name.slot
    elif person_field and (beside_a_role := said_name(text)) and not _WHOSE.search(beside_a_role):
        # "Juan Perez, soy el dueño"; not "I'm Taco Bell's general manager" (whose manager)
        found[person_field] = beside_a_role
    business_field = next((name for name in _BUSINESS_FIELDS if name in names), None)
    if business_field and (match := _NAMED_BUSINESS.search(text)):
        said = match.group("name") or match.group("we")
        # to the sentence's end: "Property: Mesa Crossing Food Court. Applicant: ..." names no "Applicant"
        found[business_field] = re.split(r"\.\s+(?=[A-Z])", said, maxsplit=1)[0].strip(" .,")
    elif business_field and (said := _business_in_a_clause(text)):
        found[business_field] = said  # "si, ponle 6 galones. es la taqueria el guero, 15000 palmdale rd"
    elif business_field == "business_name" and (said := _business_before_address(text)):
        # an applicant's business ("Plaza Amargosa, 14800 ..." in a spill report is a place)
        found[business_field] = said
    street = find_street_address(text) or find_cross_streets(text)  # "..., 3rd ave and manchester, ..."
    if _ADDRESS_FIELD in names and street and (address := parse("location", street, ctx)).ok:
        found[_ADDRESS_FIELD] = address.slot
    return found


def _business_in_a_clause(text: str) -> str | None:
    """A food business named in one clause of a longer message ("es la taqueria el guero"), or None."""
    for clause in re.split(r"[,;.!?]\s*", without_phones(text)):
        said = _PLACE_AFTER.sub("", clause)  # "Sweet Crumb Bakery on S Market St": the name before the street
        if names_a_food_business(said) and (name := business_name_said(said)):
            return name
    return None


# Where a business is, said after its name ("Sweet Crumb Bakery on S Market St inglewood"): a street named
# as people write one, capitalised or with its direction
_PLACE_AFTER = re.compile(
    r"\s+(?:on|at|off|en)\s+(?:(?:[NSEW]\.?|[Nn]orth|[Ss]outh|[Ee]ast|[Ww]est)\s+)?[A-Z0-9].*$"
)


def name_and_address(
    spec: FormSpec, text: str, ctx: ParseContext, values: Mapping[str, Any], requested: str
) -> dict[str, Any]:
    """A business's name given with its street address ("Casa Lupe Kitchen, 450 E Manchester Blvd,
    Inglewood"): the name answers the open question and the address the form's unanswered address field."""
    address_field = next(
        (f.name for f in spec.applicable(values) if f.parser == "location" and values.get(f.name) is None),
        None,
    )
    if address_field is None:
        return {}
    said = _before_an_address(text)
    if said is None:
        return {}
    address = parse("location", said[1], ctx)
    return {requested: _without_lead_in(said[0]), address_field: address.slot} if address.ok else {}


def _before_an_address(text: str) -> tuple[str, str] | None:
    """What the first sentence with an address says before it, and the address on ("Casa Lupe Kitchen",
    "450 E Manchester Blvd, Inglewood"; "Sure. It's Sol de Oaxaca LLC, 2401 W Century Blvd" past the
    "Sure"); None when no sentence gives an address after something else."""
    for sentence in re.split(r"(?<=[a-z])\.\s", without_phones(text)):
        pieces = [piece.strip() for piece in sentence.split(",")]
        pieces = [_AT.sub("", piece) for piece in pieces]  # "..., en 14000 Amargosa Rd": the address
        start = next((n for n, piece in enumerate(pieces) if n and _is_street_address(piece)), None)
        if start is not None:
            address = _PHONE_LABEL_LEFT.sub("", ", ".join(pieces[start:]))
            return ", ".join(pieces[:start]), address
        # no comma between them: "rosas cantina 455 n prairie ave"
        street = find_street_address(pieces[0])
        at = pieces[0].find(street) if street else -1
        if at > 0 and not _A_PERSON.search(pieces[0][:at]):  # not "I'm the shift manager at 15000 ..."
            rest = ", ".join([pieces[0][at:], *pieces[1:]])
            return _AT_END.sub("", pieces[0][:at]).strip(), _PHONE_LABEL_LEFT.sub("", rest)
    return None


# The word before an address said in a list ("Servicios Contables Ramírez, en 14000 Amargosa Rd")
_AT = re.compile(r"^(?:en|at|on|in)\s+(?=\d)", re.IGNORECASE)
_AT_END = re.compile(r"\s(?:en|at|on|in)\s*$", re.IGNORECASE)
# What is left where a phone number was taken out of a message ("..., Inglewood, phone 310-555-0177.")
_PHONE_LABEL_LEFT = re.compile(
    r"(?:,?\s*\b(?:phone|ph|tel|cell|number|telefono|teléfono|cel)\b)?[\s,.;:#]*$", re.IGNORECASE
)


# Words before a business's name ("Tenant is Summit Tax Services, Suite 4, 15600 Main St"), and a unit of a
# building said between the name and the street ("Suite 4", "Unit C", "local 5").
_IT_IS = re.compile(
    r"^(?:(?:the\s+)?tenant(?:'s| is)|it'?s|this is|we'?re|we are|es|somos)\s+", re.IGNORECASE
)
_UNIT = re.compile(r",\s*(?:suite|ste\.?|unit|local|oficina|#)\s*\w+$", re.IGNORECASE)
_A_PERSON = re.compile(r"\b(?:contact|contacto|my name|me llamo|soy|i'?m|i am)\b", re.IGNORECASE)


def _business_before_address(text: str) -> str | None:
    """A business's name written before its street address ("Rivera Tax & Bookkeeping, 15550 Palmdale Rd
    suite 4, victorville"): capitalised, as people write a name, or a food business's in any case ("birria
    don chuy, 13800 bear valley rd"), and short; no person's words."""
    said = _before_an_address(text)
    if said is None or _A_PERSON.search(said[0]):
        return None
    # the words before the address, or the last of them when a description comes first ("Es una oficina de
    # contabilidad, Servicios Contables Ramírez, en 14000 Amargosa Rd")
    for name in dict.fromkeys((_without_lead_in(said[0]), _without_lead_in(said[0].split(",")[-1]))):
        if (
            (name[:1].isupper() or names_a_food_business(name))
            and not any(ch.isdigit() for ch in name)
            and not tells_the_service(name)  # "Full pump-out, 750 gallons removed"
            and len(name.split()) <= MAX_COMPANY_WORDS
        ):
            return name
    return None


def _without_lead_in(said: str) -> str:
    """A name without the words before it and the unit after it ("It's Sol de Oaxaca LLC, Suite 4")."""
    return _IT_IS.sub("", _UNIT.sub("", said)).strip(" .,;:")


def _is_street_address(text: str) -> bool:
    found = parse_location(text)
    return found.ok and found.value is not None and found.value.kind == ADDRESS


def decide(form: GuidedForm, state: FormState, message: Message, contacts: CityContacts) -> Decision:
    """One turn of a guided form (see the module docstring)."""
    values = dict(state.values)
    updates: dict[str, Any] = {}
    feedback: list[str] = []
    failures, skipped, confirmed = state.failures, state.skipped, state.confirmed
    requested = state.requested
    asked_again = False  # the same question stays open after a failed answer: the error says what to type

    if message.fresh and requested is None:
        updates.update(_harvest(form, message, values, None))
    elif message.fresh:
        if message.intent in STOP_INTENTS:
            return Decision(reject=True)
        if (split := _send_then_ask(form, message.text, requested)) is not None:
            sent = decide(form, state, replace(message, text=split[0]), contacts)
            if not (sent.reject or sent.aside):
                return replace(sent, then_answer=split[1])
        message = _unsure_answer(form, _without_the_question_echoed(form, message, requested), requested)
        if is_interruption(message.intent, message.text):
            if facts := _facts_beside_a_question(form, message, values):
                return Decision(aside=True, updates=facts, next_slot=requested)
            return Decision(reject=True)
        if _asks_when_next_while_logging(form, message):
            return Decision(reject=True)
        if (replaced := _corrected_in_place(form, message, values, requested)) is not None:
            # "oh wait, sorry, the address is 14580, not 14850": the number corrected where it was given; the
            # rest of the message is read as it comes
            name, value, rest = replaced
            updates[name] = value
            values[name] = value
            confirmed = False
            feedback.append(_changed(form.spec.field(name), value))
            if not rest:
                again = (
                    tuple(read_back(form.spec, values, message.channel, values.get("city")))
                    if requested == form.confirm_slot
                    else (question_for(form.spec.field(requested), message.channel),)
                )
                return Decision(
                    updates=updates,
                    feedback=tuple(feedback),
                    question=again,
                    next_slot=requested,
                    failures=failures,
                    skipped=skipped,
                )
            message = replace(message, text=rest)
        if asks_aside(form, message, requested):
            return Decision(aside=True, updates=_harvest(form, message, values, None), next_slot=requested)
        at_confirmation = requested == form.confirm_slot
        not_but = _not_but(message.text)
        named = (
            _find_field(form, message, values)
            # "no, el telefono es 310-555-0177" while another question is open: a "no" that names an answer
            if message.intent == "change_answer"
            or at_confirmation
            or not_but is not None
            or _a_no_while_another_is_asked(form, message, requested)
            # "El teléfono está mal, es 760-555-0135" while the gallons are asked: an answer called wrong
            # with what it is
            or _said_after_wrong(message.text) is not None
            else None
        )
        if (
            named is not None
            and not (message.intent == "change_answer" or at_confirmation or not_but is not None)
            and not _gives_a_new_value(form, message, named)
        ):
            # "no, the city crew stopped it already" to "Is it still flowing?": a no that names an answer in
            # passing, and gives it no new value, changes nothing ("no, el telefono es 310-555-0177" does)
            named = None
        if updates:
            # "... not in it yet I don't think. oh wait, the address is 14580, not 14850": the number is
            # corrected above; the rest's "not" is no second change
            named = None
        answers_the_question = named is not None and (named == requested or values.get(named) is None)
        if answers_the_question:
            named = None  # "the hauler" said when asked who documents it is an answer, not a change
        # a correction, whatever the classifier made of it: "no espera, no fue hoy, fue ayer lunes" at the
        # read-back (a "no" with the new value) is one
        # "No repairs needed. They hauled it to Vernon." at the read-back: a fact, not a no to it
        a_fact = at_confirmation and bool(_NO_AS_A_FACT.match(message.text))
        corrects = (
            message.intent == "change_answer"
            or (
                at_confirmation
                and not a_fact
                and (
                    not_but is not None
                    or bool(
                        _NO_THEN_MORE.match(message.text)
                        or _NOT_THE_OLD.search(_without_facts_said_with_no(message.text))
                    )
                )
            )
            # "ay no perdon, con la terraza son 55 sillas" while another question is open: an amount said
            # again after an apology corrects the answer it fits
            # (in words too: "Sorry, actually ... it's more like twenty-five, thirty gallons")
            or bool(_SORRY_FIRST.match(message.text) and _AMOUNT_WITH_UNIT.search(in_digits(message.text)))
            # "wait sorry it was yesterday not today. monday the 30th" while the hauler is asked, whatever the
            # classifier made of it: "wait sorry" is no hauler, the day is corrected
            or bool(
                _SORRY_FIRST.match(message.text)
                and (not_but is not None or _NOT_THE_OLD.search(_without_facts_said_with_no(message.text)))
            )
            # "oh wait sorry, seats is 52 now, we added tables last month. please fix that"
            or bool(_FIX_THAT.search(message.text) and _AMOUNT_WITH_UNIT.search(in_digits(message.text)))
        )
        fixed = _corrected_answer(form, message, values) if corrects else None
        if fixed is None and not at_confirmation:
            fixed = _answer_said_again(form, message, values, requested)
        if fixed is not None:  # "son 58 asientos, no 48, porque el dueño ...": the answer its value fits
            name, value = fixed  # (before any field its words name: "dueño" is not what changed)
            updates[name] = value
            # and the contact, business and address said with it (the correction's own words are no other
            # answer: "wait sorry" is no hauler, "porque el dueño agregó una terraza" no owner)
            said_with_it = {
                **contact_facts(form.spec, message.text, message.ctx, values, name),
                **named_facts(form.spec, message.text, message.ctx, values),
            }
            updates.update({k: v for k, v in said_with_it.items() if values.get(k) is None and v is not None})
            # and an answer the form's own reader finds restated ("ticket is 88231 not 88213, ... 950 gal")
            updates.update(_restated(form, message, {**values, **updates}, name))
            confirmed, failures = False, 0
            feedback.append(_changed(form.spec.field(name), value))  # then the open question
        elif named is not None and (same := _said_again(form, message, named, values)) is not None:
            updates.update(same)  # "it's the interceptor out back, not the little trap" at the read-back: as
            # read back, with any new fact it gives, read back again; with a yes first and nothing new ("Yes,
            # that's right, with the thirty gallons"), the yes
            confirmed = at_confirmation and not same and _agrees_first(message.text)
        elif named is not None:
            spec = form.spec.field(named)
            # a free-text answer the form's own reader finds ("the ticket is 88231 not 88213")
            new_value = _restated(form, message, values, None).get(named) if spec.parser == "text" else None
            if new_value is not None:
                updates.update(_restated(form, message, {**values, named: new_value}, named))
            elif not_but is not None:  # "it's not the Del Taco, it's the manhole behind the Carl's Jr"
                new_value = _corrected_to(spec, not_but, message, values)
            elif match := _change_to(message.text):
                result = parse(spec.parser, match.group("value"), message.ctx)
                new_value = result.slot if result.ok else None
            elif (value := _said_after_wrong(message.text)) is not None:  # "the hauler is wrong, it was Ace"
                result = parse(spec.parser, value, message.ctx)
                new_value = result.slot if result.ok else None
            elif (
                spec.parser in _CORRECTABLE | _AMOUNTS | _CHOICES
            ):  # "pumped on Friday, November 27, not Monday"
                new_value = _new_value_said(spec, message, values)
            elif (
                spec.parser == "location"
                and not at_confirmation
                and not _ASKS_A_CHANGE.search(message.text)
                and not looks_like_question(message.text)
                and _DESCRIBES_A_PLACE.search(message.text)
                and (place := parse("location", message.text, message.ctx)).ok
            ):
                # "It's the back lot, by the dumpsters, ... the address is fourteen-something Bear Valley":
                # the place told again in more words ("change the address" asks again; "the location looks
                # right" at the read-back changes nothing)
                new_value = place.slot
            if new_value is None and at_confirmation and _agrees_first(message.text):
                # "Sí, está bien así. Y ya llamé también al número de la ciudad, el tres uno cero": a yes to
                # the read-back with a remark that names an answer, not a change to it; a new fact said with
                # the yes ("Yes. Also it reached the street") is kept and read back first
                if said := _harvest(form, message, values, None):
                    updates.update(said)
                    feedback.append(t("Noted."))
                else:
                    confirmed = True
            elif new_value is None and at_confirmation and not _wants_a_change(message):
                # "... lo van a tirar en la planta de la ciudad de los angeles creo": a fact that names an
                # answer in passing; kept, and the read-back again, nothing cleared
                updates.update(_harvest(form, message, values, None))
                feedback.append(t("Noted."))
            else:
                updates[named] = new_value
                confirmed, failures = False, 0
                skipped = tuple(s for s in skipped if s != named)
                feedback.append(_changed(spec, new_value) if new_value is not None else t("OK."))
        elif message.intent == "change_answer" and (said := _harvest(form, message, values, None)):
            updates.update(said)  # a correction of a fact not asked yet ("60 seats total, not 45") is it
            unasked = _UNASKED_CORRECTION.search(message.text)
            if unasked and not _corrects_one_of(unasked.group("new"), said):
                # "wait sorry its 38 seats not 28, we added the patio": the seats are no question here; what
                # else it tells ("we added": the place is open) is kept without a word
                feedback.append(
                    t(
                        "Noted: {fact}. This request doesn't ask for that, so nothing in it changes.",
                        fact=unasked.group("new"),
                    )
                )
            elif labels := [t(form.spec.field(name).label).lower() for name in said if name in form.slots]:
                feedback.append(t("OK, I've changed the {label}.", label=", ".join(labels)))
        elif message.intent == "change_answer" and (unasked := _UNASKED_CORRECTION.search(message.text)):
            # "we actually have 36 seats, not 28" to a form with no question about seats: heard, and nothing
            # in the request changes (then the open question)
            feedback.append(
                t(
                    "Noted: {fact}. This request doesn't ask for that, so nothing in it changes.",
                    fact=unasked.group("new"),
                )
            )
        elif message.intent == "change_answer" and not answers_the_question and not updates:
            feedback.append(t("Which answer do you want to change? For example: change the address."))
            asked_again = True
        elif a_fact:
            updates.update(_harvest(form, message, values, None))  # kept, and read back again
            feedback.append(t("Noted."))
        elif at_confirmation:
            answer = parse_yes_no(message.text)
            if answer.ok and answer.value.value == "yes":
                confirmed = True
            elif answer.ok and answer.value.value == "no":
                feedback.append(
                    t("What should I change? For example: change the address, or change the phone.")
                )
                asked_again = True
            elif said := _harvest(form, message, values, None):
                updates.update(said)  # "our permit says 60 days" at the read-back: kept, and read back again
                if (
                    asks_to_send(message.text)
                    and not looks_like_question(message.text)
                    and not _NOT_YET.search(message.text)
                    and all(values.get(name) is None for name in said)
                ):
                    confirmed = True  # "manifest # 44718. yes submit it": a detail added, and sent as asked
            else:
                failures += 1
                feedback.append(t("Please say yes to submit, or tell me what to change."))
                asked_again = True
        elif requested in form.slots:
            spec = form.spec.field(requested)
            may_skip = spec.optional or (spec.name in form.skippable and failures >= MAX_FAILED_ANSWERS)
            # "yes, send it" while questions remain (how many are left; said once, after that it is a failed
            # answer), or a "thanks": no answer, so the open question again
            if sent := _send_now(form, message, spec, values, skipped):
                return sent
            early = None if failures else _not_done_yet(form, message, spec, values, skipped)
            instead = early or _courtesy(message)
            if may_skip and says_skip(message.text):
                skipped = (*skipped, requested)
                failures = 0
            elif instead:
                return Decision(
                    feedback=(instead,),
                    question=(question_for(spec, message.channel),),
                    next_slot=requested,
                    failures=failures + 1 if early else failures,
                    skipped=skipped,
                    confirmed=confirmed,
                )
            elif contact := _contact_not_business(form.spec, spec, message, values):
                updates.update(contact)  # "Lupita Ramirez, 310 555 0122" asked the restaurant: the person's
                failures = 0  # details, and the restaurant is asked again
            else:
                a_name = spec.parser == "person_name" or requested in _BUSINESS_FIELDS  # a phone said too is
                text = without_phones(message.text).strip(" ,;") if a_name else message.text  # its own answer
                result = parse(spec.parser, text, message.ctx)
                facts = (
                    _harvest(form, message, values, requested)
                    if requested in _BUSINESS_FIELDS and _AMOUNT_WITH_UNIT.search(text)
                    else {}
                )
                if result.ok and facts and requested not in facts and len(text.split()) <= MAX_COMPANY_WORDS:
                    # "45 seats, no drive thru" asked the business's name: the facts it gives, kept, and the
                    # name asked again
                    updates.update(facts)
                    feedback.append(t("Noted."))
                elif not result.ok and (own := _in_own_words(form, message, values, requested)) is not None:
                    # "28 seats. mostly raw fish + rice. exist since 2015" asked whether it operates: a yes in
                    # the user's own words, with no yes in them
                    updates[requested] = own
                    updates.update(_harvest(form, message, {**values, **updates}, requested))
                    failures = 0
                elif result.ok:
                    updates[requested] = _in_own_words(form, message, values, requested) or result.slot
                    if requested in _BUSINESS_FIELDS:  # "the restaurant's Lucky Star": Lucky Star
                        updates[requested] = without_name_intro(updates[requested])
                    # the other facts read with this answer ("1500" asked the gallons: an interceptor)
                    updates.update(_harvest(form, message, {**values, **updates}, requested))
                    if spec.parser == "text":  # "Casa Lupe Kitchen, 450 E Manchester Blvd, Inglewood"
                        updates.update(
                            name_and_address(form.spec, message.text, message.ctx, values, requested)
                        )
                    failures = 0
                    if requested in _BUSINESS_FIELDS and len(updates[requested].split()) > MAX_COMPANY_WORDS:
                        # "Mexican food, breakfast and lunch, 45 seats, 8 staff ...": facts, not a name,
                        # unless they name it ("El nombre es Pupusería La Ceiba, en el 3201 W Century Blvd")
                        del updates[requested]
                        named_in_facts = _harvest(form, message, values, None).get(requested)
                        if named_in_facts is not None:
                            updates[requested] = named_in_facts
                        else:
                            feedback.append(
                                t("Please type just the business's name, for example Casa Lupe Kitchen.")
                            )
                            asked_again = True
                else:
                    # not the answer as asked; the facts it gives are kept ("me llamo Ramon, 760 ..."), and it
                    # may answer in the user's own words ("open since 2015")
                    said = _harvest(form, message, values, None)
                    if (
                        spec.parser == "person_name"
                        and requested not in said
                        and mentions_phone(message.text)
                    ):
                        # "El dueño es Guadalupe Ríos, (310) 555-0177. El local es rentado: ..." for whom to
                        # contact: the business's owner, a person, given with a number, is the one named
                        owner = _owner_named(message.text)
                        if owner is not None and (name := parse("person_name", owner, message.ctx)).ok:
                            said[requested] = name.slot
                    updates.update(said)
                    if requested in said:
                        failures = 0
                    elif spec.name in form.defaults and len(message.text.split()) >= DEFAULT_AFTER_WORDS:
                        value, default_said = form.defaults[spec.name]
                        updates[requested] = value
                        failures = 0
                        feedback.append(t(default_said))
                    elif spec.name in form.skippable and (
                        failures >= MAX_FAILED_ANSWERS
                        or says_it_is_not_known(message.text)
                        or (said and failures + 1 >= MAX_FAILED_ANSWERS)
                    ):
                        # a third answer that doesn't fit, "I don't know how long, I just drove by", or a
                        # second that tells other things instead: left out, and the report goes on (a caller
                        # in an emergency is not asked the same detail four times); what it told is kept
                        skipped = (*skipped, requested)
                        failures = 0
                        feedback.append(t("I'll leave that out."))
                    elif said:  # "Juan Perez, soy el dueño, 310 555 0198" when asked if it still flows:
                        # kept, and the open question again; an answer given before and now said otherwise
                        # ("it's not in the storm drain, it stopped at the curb") is said to be changed
                        changed = [name for name in said if values.get(name) is not None]
                        notes = [_said_otherwise(form.spec.field(name), said[name]) for name in changed]
                        feedback.extend(notes or [t("Got it.")])
                        feedback.append(question_for(spec, message.channel))
                        failures += spec.name in form.skippable  # asked once more, then left out
                        asked_again = True
                    else:
                        failures += 1
                        feedback.append(result.error or t("Sorry, I didn't get that."))
                        if failures >= MAX_FAILED_ANSWERS:
                            feedback.append(_way_out(form, spec, values, contacts, message.channel))
                        asked_again = True

    values.update(updates)
    if asked_again:
        return Decision(
            updates=updates,
            feedback=tuple(feedback),
            next_slot=requested,
            failures=failures,
            skipped=skipped,
            confirmed=confirmed,
        )
    following = form.spec.next_field(values, skipped)
    question: tuple[str, ...] = ()
    if following is not None:
        next_slot: str | None = following.name
        asked = question_for(following, message.channel)
        if not message.fresh and requested:
            asked = t("Back to your {topic}: {question}", topic=t(form.topic), question=asked)
        question = (asked,)
        failures = 0 if following.name != requested else failures
    elif form.confirm and not confirmed:
        next_slot = form.confirm_slot
        question = tuple(read_back(form.spec, values, message.channel, values.get("city")))
    else:
        next_slot = None
    return Decision(
        updates=updates,
        feedback=tuple(feedback),
        question=question,
        next_slot=next_slot,
        failures=failures,
        skipped=skipped,
        confirmed=confirmed,
    )


def starting_line(form: GuidedForm) -> str:
    """The line that says which request the form starts: "Let's start your de minimis waiver request (City
    of Victorville)."."""
    # "De minimis ..." reads lowercase after "your"; "FOG permit ..." stays
    return t("Let's start your {title}.", title=in_a_sentence(t(form.spec.title)))


def _way_out(
    form: GuidedForm, spec: FieldSpec, values: Mapping[str, Any], contacts: CityContacts, channel: str
) -> str:
    cancel = cancel_words(channel)
    if spec.optional or spec.name in form.skippable:
        return t("You can say skip to leave this out, or say {cancel} to stop.", cancel=cancel)
    contact = city_contact_sentence(values.get("city"), contacts)
    return t("{contact} Or say {cancel} to stop.", contact=contact, cancel=cancel)


# --------------------------------------------------------------------------------------------------------
# Rasa glue
# --------------------------------------------------------------------------------------------------------


def message_time(tracker: Tracker) -> dt.datetime:
    """When the latest user message arrived (its event timestamp), timezone-aware, on the process's clock
    (``CLOCK_START`` shifts it in tests)."""
    for event in reversed(tracker.events):
        if event.get("event") == "user" and event.get("timestamp"):
            arrived = dt.datetime.fromtimestamp(float(event["timestamp"]), dt.timezone.utc)
            return arrived + runtime.clock_offset()
    return runtime.clock()()


def is_fresh_message(tracker: Tracker, form_name: str) -> bool:
    """True when the action before this run of the form was ``action_listen``: the user just answered."""
    seen_form = False
    for event in reversed(tracker.events):
        if event.get("event") != "action":
            continue
        name = event.get("name")
        if not seen_form and name == form_name:
            seen_form = True
            continue
        if seen_form:
            return name == "action_listen"
    return False


def form_state(tracker: Tracker, form: GuidedForm) -> FormState:
    return FormState(
        values={name: tracker.get_slot(name) for name in form.slots},
        requested=tracker.get_slot(REQUESTED_SLOT),
        failures=int(tracker.get_slot(FAILURES_SLOT) or 0),
        skipped=tuple(tracker.get_slot(SKIPPED_SLOT) or ()),
        confirmed=bool(tracker.get_slot(form.confirm_slot)),
    )


_STOP_WORDS = re.compile(
    # (any form of cancel, accented or not: "Cancélala por ahora")
    r"\b(?:canc[eé]l(?:a|ar|e|en|o)?(?:lo|la|los|las)?\b|stop|quit|exit|never ?mind|forget it|start over|"
    r"restart|human|person|agent|someone|"
    r"det[eé]n(?:er|ga|lo)?|salir|olv[ií]dal[oa]|"
    r"empe(?:zar|cemos) (?:de nuevo|otra vez)|volver a empezar|reinici\w*|desde el principio|de cero|"
    r"humano|persona|agente|alguien|operador\w*|representante)\b",
    re.I,
)
# Without a stop word, the classifier must be this sure: a name is not a "cancel" ("Sara Ortiz" scored 0.84).
STOP_CONFIDENCE = 0.95


def answer_intent(intent: dict, text: str) -> str | None:
    """The intent to act on mid-form.

    A free answer (a name, an address) can look like anything to the classifier, so "cancel", "start over"
    or a handoff counts only when the classifier is confident or the words say so.
    """
    name = intent.get("name")
    if (
        name in STOP_INTENTS
        and float(intent.get("confidence") or 0) < STOP_CONFIDENCE
        and not (_STOP_WORDS.search(text) or text.startswith("/"))
    ):
        return None
    return name


def latest_message(tracker: Tracker, form: GuidedForm) -> Message:
    latest = tracker.latest_message or {}
    # The channels refuse longer messages with a sentence; this bound holds for anything else on loopback.
    # a speaker's restarts said once ("hace como, como media hora"): what each reader finds is the same
    text = without_restarts(str(latest.get("text") or "")[:MAX_TEXT_CHARS])
    return Message(
        text=text,
        intent=answer_intent(latest.get("intent") or {}, text),
        entities=tuple(latest.get("entities") or ()),
        fresh=is_fresh_message(tracker, form.name),
        channel=channel_of(tracker),
        ctx=ParseContext(now=message_time(tracker)),
    )


class GuidedFormValidation(Action, ABC):
    """``validate_<form>``: runs :func:`decide`, then :meth:`after` (a subclass stores or warns)."""

    @property
    @abstractmethod
    def form(self) -> GuidedForm:
        """The form this action validates (abstract, so rasa_sdk registers only the subclasses)."""

    def name(self) -> str:
        return f"validate_{self.form.name}"

    def form_for(self, tracker: Tracker) -> GuidedForm:
        """The form for this conversation (a subclass may pick one by city)."""
        return self.form

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: dict[str, Any]
    ) -> list[EventType]:
        form = self.form_for(tracker)
        state = form_state(tracker, form)
        message = latest_message(tracker, form)
        known = {k: v for k, v in self.prefill(tracker, state).items() if state.values.get(k) is None}
        state = replace(state, values={**state.values, **known})
        decision = decide(form, state, message, runtime.contacts())
        if decision.reject:
            return rejected(form)
        if decision.aside:
            return self.answer_aside(dispatcher, tracker, form, state, message, decision)
        extra = self.after(decision, state, message, tracker)
        decision = extra.decision
        worked = _aside_worked_out(tracker, message) if message.fresh and decision.next_slot else None
        if worked:  # the side question just asked, with the value it lacked
            extra.messages.insert(0, worked)
        elif message.fresh and state.requested is None and form.answers_with_the_request:
            # "grease guy just pumped our interceptor, can u log it? also do i have to send the receipt to
            # the city?": the question is answered before the form's first one
            extra.messages[:0] = _answered_with_the_request(tracker, message.text)
        if message.fresh and state.requested is None and form.says_what_it_starts:
            extra.messages.insert(0, starting_line(form))
        answered: list[str] = []
        if decision.then_answer:  # the question said after "send it", answered once the turn is done
            from actions.knowledge import answer_in_form  # the answer layer reads the forms: imported here

            reply, answer_events = answer_in_form(tracker, decision.then_answer)
            answered, extra.events = [reply.text], [*answer_events, *extra.events]  # the form's own win
        for text in (*decision.feedback, *extra.messages, *answered, *decision.question):
            dispatcher.utter_message(text=text)
        for payload in extra.payloads:
            dispatcher.utter_message(json_message=payload)
        events: list[EventType] = [
            SlotSet(name, value) for name, value in {**known, **decision.updates}.items()
        ]
        events += [
            SlotSet(FAILURES_SLOT, decision.failures),
            SlotSet(SKIPPED_SLOT, list(decision.skipped)),
            *([SlotSet(form.confirm_slot, decision.confirmed or None)] if form.confirm else []),
            *extra.events,
            SlotSet(REQUESTED_SLOT, decision.next_slot),
        ]
        return events

    def answer_aside(
        self,
        dispatcher: CollectingDispatcher,
        tracker: Tracker,
        form: GuidedForm,
        state: FormState,
        message: Message,
        decision: Decision,
    ) -> list[EventType]:
        """A side question no rule takes: answered as ``action_answer_question`` answers one in a form, its
        facts kept, then the open question again ("Back to your spill report: ...")."""
        from actions.knowledge import answer_in_form  # the answer layer reads the forms: imported when asked

        reply, events = answer_in_form(tracker, message.text)
        values = {**state.values, **decision.updates}
        again = decide(form, replace(state, values=values), replace(message, fresh=False), runtime.contacts())
        for text in (reply.text, *again.question):
            dispatcher.utter_message(text=text)
        return [
            *events,
            *(SlotSet(name, value) for name, value in decision.updates.items()),
            SlotSet(REQUESTED_SLOT, again.next_slot),
        ]

    def prefill(self, tracker: Tracker, state: FormState) -> dict[str, Any]:
        """Hook: answers already known elsewhere (the stored facility), used when not yet given."""
        return {}

    def after(self, decision: Decision, state: FormState, message: Message, tracker: Tracker) -> AfterTurn:
        """Hook: side effects after a turn (store a partial record, warn); may change the decision."""
        return AfterTurn(decision)


# The parts of a message that asks to start a form: its sentences and the questions added with "also"
_REQUEST_PARTS = re.compile(r"(?<=\?)|(?<=[a-z]\.)\s+|\b(?:also|plus|and also|tambi[eé]n|otra cosa)\b", re.I)


def _answered_with_the_request(tracker: Tracker, text: str) -> list[str]:
    """The answer to a question asked in the message that starts a form besides the request itself ("seller
    says we can keep using his FOG permit. true? if not i want to apply for my own"), when the ordinances
    answer it; else nothing."""
    from actions.knowledge import answer_if_covered  # the answer layer reads the forms: imported when asked

    city = detect_city(text) or tracker.get_slot("city")
    if city is None:
        return []
    parts = [part.strip(" ,") for part in _REQUEST_PARTS.split(text) if part and part.strip(" ,?")]
    context = context_read = ""  # what came before, as written and in English words
    for part in parts:
        # the request itself, in English words ("... la trampa, me lo puedes registrar?": "can you log it")
        english = part if current() == ENGLISH else gloss(part) + ("?" if part.rstrip().endswith("?") else "")
        logs = asks_us_to_log(english) and asks_to_log(f"{context_read} {english}")
        if not looks_like_question(part) or asks_to_apply(part) or asks_to_log(part) or logs:
            context, context_read = f"{context} {part}", f"{context_read} {english}"
            continue
        found = answer_if_covered(tracker, f"{context} {part}".strip(), city)  # read with what came before
        return [found[0].text] if found else []
    return []


def _aside_worked_out(tracker: Tracker, message: Message) -> str | None:
    """The side question asked just before, worked out with the value this answer gives ("40 asientos, no
    tenemos drive-thru" after "¿cuánto cuesta el permiso?"); None."""
    from actions.knowledge import computed_aside  # the answer layer reads the forms: imported when asked

    return None if looks_like_question(message.text) else computed_aside(tracker, message.text)


def rejected(form: GuidedForm) -> list[EventType]:
    """The form declines this message (a question, "cancel"), so the rules handle it: rejected in so many
    words, because a message that also names a city fills the city slot, and Rasa rejects a form on its own
    only when nothing at all was extracted ("ok, for the victorville place, do i keep the invoice?" would
    otherwise be swallowed: no answer, no question)."""
    return [ActionExecutionRejected(form.name)]


@dataclass
class AfterTurn:
    """What a form adds to a turn: a changed decision, slot events, messages before the question, payloads."""

    decision: Decision
    events: list[EventType] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    payloads: list[dict[str, Any]] = field(default_factory=list)


def without_question(decision: Decision) -> Decision:
    return replace(decision, question=())


KEPT_FOR_THE_CONVERSATION = ("city", "generator_type")


def form_filed_about(topic: str | None) -> GuidedForm | None:
    """The form whose filing left ``topic`` (:func:`filed_topic` with no facts: "permit application
    Victorville"), or None: :func:`form_about` once the city that ends it is taken off."""
    said = (topic or "").strip()
    city = next((name for name in CITY_NAMES.values() if said.lower().endswith(f" {name.lower()}")), "")
    return form_about(said[: len(said) - len(city)])


def filed_topic(form: GuidedForm, values: Mapping[str, Any]) -> str:
    """What the conversation is about once ``form`` is filed: the facts its answers give a question ("and if
    it were 12 gallons?", "how much will we pay then?"), else the request itself in its city ("and how long is
    it good for?" after it is filed: the request's subject, not the last aside)."""
    if form.question_facts is not None and (facts := form.question_facts(values)):
        return facts
    return f"{t(form.topic)} {CITY_NAMES.get(form.spec.city or '', '')}".strip()


def reset_events(form: GuidedForm, keep: tuple[str, ...] = KEPT_FOR_THE_CONVERSATION) -> list[EventType]:
    """Slot events that clear a form's answers (the city and generator type are kept for the conversation)."""
    confirm = [SlotSet(form.confirm_slot, None)] if form.confirm else []
    return [
        *(SlotSet(name, None) for name in form.slots if name not in keep),
        SlotSet(FAILURES_SLOT, 0),
        SlotSet(SKIPPED_SLOT, []),
        *confirm,
        SlotSet(REQUESTED_SLOT, None),
    ]
