"""An answer from ``knowledge`` shaped for its channel: the first SMS reply, the rest behind MORE, or speech.

The first reply on SMS is up to two messages (:data:`FIRST_SMS_LIMIT`); an answer that fits is sent whole.
The citation always lands in the first reply: the splitter cuts the words in the room the citation leaves,
and the citation goes before "Reply MORE".
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from cities import INGLEWOOD_CODE_NAME, VICTORVILLE_CODE_NAME, short_citation
from knowledge.answer import TRAILING_CITATION, Answer
from knowledge.cards import join_citations
from knowledge.sentences import sentence_spans, split_sentences
from languages import ENGLISH, N_, current, t
from shaping.sms_text import DEFAULT_LIMIT as SMS_LIMIT
from shaping.sms_text import MORE_MARKER, more_marker, split_sms
from shaping.speech import to_speech

_CODE_NAMED = re.compile(rf"\(({VICTORVILLE_CODE_NAME}|{INGLEWOOD_CODE_NAME})")
# a citation that opens a stretch of text, before the words it does not cite
_OPENING_CITATION = re.compile(
    rf"\((?:{VICTORVILLE_CODE_NAME}|{INGLEWOOD_CODE_NAME})[^()]*(?:\([^()]*\)[^()]*)*\)\s*"
)


def _cites_both_codes(text: str) -> bool:
    """Whether a text cites both cities' codes (each city's part of the answer, under its own sections)."""
    return len(set(_CODE_NAMED.findall(text))) > 1


_CITATION = re.compile(rf" \((?:{VICTORVILLE_CODE_NAME}|{INGLEWOOD_CODE_NAME})[^()]*(?:\([^()]*\)[^()]*)*\)")


def _cited_stretches(text: str) -> list[str]:
    """A text that cites several times ("... (Victorville Municipal Code § 1) In Inglewood: ... (Inglewood
    FOG Ordinance, ...)") as its stretches, each ending in its own citation."""
    stretches, start = [], 0
    for match in _CITATION.finditer(text):
        stretches.append(text[start : match.end()].strip())
        start = match.end()
    if text[start:].strip():
        stretches.append(text[start:].strip())
    return stretches


__all__ = ["FIRST_SMS_LIMIT", "MORE_MARKER", "SMS_LIMIT", "ShapedReply", "fit_sms", "shape_answer"]


@dataclass(frozen=True)
class ShapedReply:
    text: str
    more: str = ""  # SMS text held back behind "Reply MORE"


# The guided flow an answer card offers (``Card.offer``): what it does, and the words that start it (each
# classified as that flow's request by the NLU and routed to it by intake/routing.py).
OFFERS = {
    "permit_application": (N_("start a FOG permit application"), N_("apply for a FOG permit")),
    "deminimis_waiver": (N_("apply for the de minimis waiver"), N_("apply for a de minimis waiver")),
    "physical_space_waiver": (
        N_("apply for the physical space waiver"),
        N_("apply for a physical space waiver"),
    ),
    "inglewood_variance": (N_("apply for a variance or waiver"), N_("apply for a variance")),
    "spill_report": (N_("report a spill"), N_("report a spill")),
    "service_log": (N_("log a pump-out and get your next due date"), N_("log a pump-out")),
}
_OFFER_SENTENCE = {
    "sms": N_('To {what} here, reply "{words}".'),
    "voice": N_('To {what} here, say "{words}".'),
    "web": N_('To {what} here, type "{words}".'),
}


def offer_sentence(answer: Answer, channel: str) -> str:
    """'To start a FOG permit application here, reply "apply for a FOG permit".', or '' with no offer."""
    offer = answer.card.offer if answer.card is not None else None
    if offer is None:
        return ""
    what, words = OFFERS[offer]
    return t(_OFFER_SENTENCE.get(channel, _OFFER_SENTENCE["web"]), what=t(what), words=t(words))


def offered_in(text: str | None) -> str | None:
    """The flow a reply offered in so many words (its quoted words: '... reply "apply for a FOG permit".'),
    in the reply's language; None when it offered none. A "yes" to it starts that flow."""
    for offer, (_, words) in OFFERS.items():
        if text and f'"{t(words)}"' in text:
            return offer
    return None


# The first reply to a question on SMS: up to two messages (each within three segments), so that an answer
# of a few sentences arrives whole; a longer one sends its core and citation there and the rest after MORE.
FIRST_REPLY_SMS_MESSAGES = 2
FIRST_SMS_LIMIT = SMS_LIMIT * FIRST_REPLY_SMS_MESSAGES


def shape_answer(answer: Answer, channel: str, speak: Callable[[str], str] = to_speech) -> ShapedReply:
    """The answer for ``channel``; an answer card's offer of the matching flow comes last."""
    answer = _said_once(answer)
    if channel == "sms" and current() != ENGLISH:
        answer = _without_english_terms(answer)
    rest_of_answer = f"{answer.more} {offer_sentence(answer, channel)}".strip()
    whole = f"{answer.text} {rest_of_answer}".strip()
    if channel == "sms":
        limit = FIRST_SMS_LIMIT
        if len(whole) <= limit:
            return ShapedReply(whole)
        if (with_result := _with_the_result(answer, limit)) is not None:
            first, rest, every = with_result
            return ShapedReply(first, " ".join(part for part in (rest, rest_of_answer, every) if part))
        if (each := _each_part_opened(answer, limit)) is not None:
            first, rest = each
            return ShapedReply(first, f"{rest} {rest_of_answer}".strip())
        answer = _filled(answer, limit)
        rest_of_answer = f"{answer.more} {offer_sentence(answer, channel)}".strip()
        brief = _with_first_citation_only(answer, limit)
        if brief is not None:  # the core, citing its first section; every citation comes after MORE
            every = f"({answer_citation(answer)})"
            first, rest = fit_sms(brief, limit, more_follows=True)
            return ShapedReply(first, " ".join(part for part in (rest, rest_of_answer, every) if part))
        first, rest = _fit_each_cited(answer.text, limit) or fit_sms(
            answer.text, limit, more_follows=bool(rest_of_answer)
        )
        return ShapedReply(first, f"{rest} {rest_of_answer}".strip())
    if channel == "voice":
        return ShapedReply(speak(whole))
    return ShapedReply(whole)


# Where one sentence ends and the next begins, in an answer's words
_SENTENCE_BREAK = re.compile(r"(?<=[.!?)])\s+(?=[A-ZÁÉÍÓÚÑ¿¡])")
REPEAT_MIN_CHARS = 60  # a sentence this long said twice is said twice; a shorter one may recur


def _said_once(answer: Answer) -> Answer:
    """``answer`` with no sentence said a second time: two cards that answer one question can share a
    sentence ("The city decides whether to grant the waiver; ..."), which is said where it first comes."""
    seen: set[str] = set()

    def once(text: str) -> str:
        kept = []
        for sentence in _SENTENCE_BREAK.split(text):
            key = " ".join(sentence.split()).lower()
            if len(key) >= REPEAT_MIN_CHARS and not key.startswith("(") and key in seen:
                continue
            seen.add(key)
            kept.append(sentence)
        return " ".join(kept)

    text, more = once(answer.text), once(answer.more)
    if (text, more) == (answer.text, answer.more):
        return answer
    return dataclasses.replace(answer, text=text, more=more)


# An ordinance term in English beside its translation ("exención (waiver)"): ASCII words, none of them
# Spanish; not a list letter ("(a)"), an acronym ("(FSE)") or a Spanish aside ("(o quien designe)").
_ENGLISH_TERM = re.compile(r" \(([A-Za-z][A-Za-z'\-/ ,.&]*[A-Za-z])\)")
_SPANISH_ASIDE = (
    "o y de del la el los las lo que no por para con en un una sus su menos verde negro azul gris cafe "
    "basura incluidos ejemplo ponga quien designe seguir palabras dibujos ambos"
)
_SPANISH_WORDS = frozenset(_SPANISH_ASIDE.split())


def _english_term(match: re.Match[str]) -> str:
    words = re.findall(r"[A-Za-z]+", match.group(1))
    if any(w.lower() in _SPANISH_WORDS for w in words) or all(w.isupper() for w in words):
        return match.group(0)
    if {"Code", "Ordinance"} & set(words):  # a citation stays
        return match.group(0)
    return ""


def _without_english_terms(answer: Answer) -> Answer:
    """A Spanish answer without the English terms beside its translations when it is too long for the first
    reply: the room goes to what the answer says. The English section is still cited, and web and voice keep
    the terms."""
    if len(f"{answer.text} {answer.more}") <= FIRST_SMS_LIMIT:
        return answer
    return dataclasses.replace(
        answer,
        text=_ENGLISH_TERM.sub(_english_term, answer.text),
        more=_ENGLISH_TERM.sub(_english_term, answer.more),
        # the computed result the text ends in, the same way: it is still found at the end of the text
        result=_ENGLISH_TERM.sub(_english_term, answer.result) if answer.result else answer.result,
    )


def _filled(answer: Answer, limit: int) -> Answer:
    """A card's answer whose core leaves room in the first SMS, with as many of the sentences it holds
    behind MORE as fit there whole said after the core, before its citation: a user who never replies MORE
    still reads them. The answer as it is when none fits (a sentence is never cut to fill the room), or
    when it is no single card's answer."""
    if answer.card is None or not answer.more or answer.result or answer.parts > 1:
        return answer
    cited = TRAILING_CITATION.search(answer.text)
    if cited is None or _cites_both_codes(answer.text):
        return answer
    body, citation = answer.text[: cited.start()], answer.text[cited.start() :]
    rest = split_sentences(answer.more)
    room = limit - len(more_marker())
    for taken in range(len(rest), 0, -1):
        said = dataclasses.replace(
            answer,
            text=f"{body} {' '.join(rest[:taken])}{citation}",
            more=" ".join(_cited_last(rest[taken:])),
        )
        brief = said.text if len(said.text) <= room else _with_first_citation_only(said, limit)
        if brief is not None and len(brief) <= room:
            return said
    return answer


def _cited_last(sentences: list[str]) -> list[str]:
    """The sentences left behind MORE, a citation that opens them moved after them: it closes the words
    said before it, which now stand in the first SMS, and covers the ones after it as well
    ("(§ 10.03.160(b)) The FOG manager assigns ..." reads "The FOG manager assigns ... (§ 10.03.160(b))")."""
    opening = _OPENING_CITATION.match(sentences[0]) if sentences else None
    if opening is None or opening.end() == len(sentences[0]):
        return sentences
    return [sentences[0][opening.end() :], *sentences[1:], opening.group(0).strip()]


def _with_the_result(answer: Answer, limit: int) -> tuple[str, str, str] | None:
    """The first SMS of an answer that ends in a computed result ("... Your written confirmation is due by
    December 4, 2026 ..."): as much of the words before it as fit, citing their first section, then the
    result's first sentence whole, then "Reply MORE"; the rest, for after MORE; and the full citation of the
    words before the result, when the first SMS cited only part of it and the rest does not end in it. None
    when the answer has no result or too little room is left beside it (the usual split applies)."""
    if not answer.result or not answer.text.endswith(answer.result):
        return None
    marker = more_marker()
    before = answer.text[: -len(answer.result)].strip()
    head, after = _first_sentence_cited(answer.result)
    room = limit - len(head) - 1 - len(marker)
    cited = TRAILING_CITATION.search(before)
    if room < MIN_CORE or cited is None:
        return None
    body, citation = before[: cited.start()], cited.group(0)
    first_only = _first_section(citation)
    opened = _each_opened_before(answer, body, room - len(first_only))
    if opened is not None:  # an answer to several questions: each part opens before the result
        said, rest = f"{opened[0]}{first_only}", opened[1]
    else:
        said, rest = fit_sms(f"{body}{first_only}", room)
        said = said.removesuffix(marker)
    every = "" if rest or first_only == citation else citation.strip()
    return f"{said} {head}{marker}", f"{rest}{citation if rest else ''} {after}".strip(), every


def _each_opened_before(answer: Answer, body: str, room: int) -> tuple[str, str] | None:
    """An answer to several questions said before its computed result: the opening of every part in
    ``room`` characters, and the parts' other sentences for after MORE (:func:`_opened`); None when the
    answer has one part, when the openings do not all fit, or when nothing is held back."""
    found = _parts_of(answer, body)
    if found is None:
        return None
    head, parts = found
    taken = _opened(parts, room - len(head) - 1)
    if taken is None:
        return None
    said, held = _said_and_held(parts, taken)
    return (" ".join(part for part in (head, said) if part), held) if held else None


def _first_sentence_cited(result: str) -> tuple[str, str]:
    """A cited result's first sentence under its citation, and the rest under it again ("Your written
    confirmation ... is due by December 4, 2026, ... (§ 10.03.280(b))" | "It must state ... (§ ...)")."""
    cited = TRAILING_CITATION.search(result)
    if cited is None:
        return result, ""
    body = result[: cited.start()]
    spans = sentence_spans(body)
    if len(spans) < 2:
        return result, ""
    end = spans[0][1]
    return f"{body[:end].strip()}{cited.group(0)}", f"{body[end:].strip()}{cited.group(0)}"


def answer_citation(answer: Answer) -> str:
    """The citation written after an answer's words (its text's trailing parentheses), or ''."""
    match = TRAILING_CITATION.search(answer.text)
    return match.group(1) if match else ""


def _with_first_citation_only(answer: Answer, limit: int = SMS_LIMIT) -> str | None:
    """An answer card's core with only its first cited section, when the core does not fit in the first SMS
    beside every citation: the code's name abbreviated if the core then fits whole, else in full and the
    core split before it (a long card, or a Spanish one, keeps the room for its words, not for a list of
    sections). None for an answer that is not a card's or that fits with every citation (the usual split
    applies). The full citation follows the rest, after MORE."""
    match = TRAILING_CITATION.search(answer.text)
    if answer.card is None or match is None or not answer.citations:
        return None
    if len(answer.text) + len(more_marker()) <= limit:
        return None  # it fits with every citation
    core = answer.text[: match.start()]
    if _cites_both_codes(answer.text):
        return None  # each city's part cites its own sections ("In Inglewood: ..."): none may be swapped
    if VICTORVILLE_CODE_NAME in match.group(1) and INGLEWOOD_CODE_NAME in match.group(1):
        # one statement of both cities' rule ("In both Victorville and Inglewood: ... by December 4"): it
        # keeps both sections, abbreviated; too long with them, the usual split applies
        brief = f"{core} ({short_citation(match.group(1))})"
        return brief if len(brief) + len(more_marker()) <= limit else None
    # the first section of the words the trailing citation closes: the first card's (a result said before
    # them, "Cleaning and repair costs are payable ... (§ 10.03.340(a))", cites itself)
    first = join_citations(
        answer.card.city, answer.card.cites[:1] if answer.parts > 1 else answer.citations[:1]
    )
    for citation in (first, short_citation(first)):
        brief = f"{core} ({citation})"
        if len(brief) + len(more_marker()) <= limit:
            return brief
    return f"{core} ({first})"  # the split below finds the citation by the code's full name


def _fit_each_cited(text: str, limit: int) -> tuple[str, str] | None:
    """The first SMS and the rest of an answer given for each city ("In Victorville: ... In Inglewood:
    ..."), each part under its own sections: each city's part gets a fair share of the first SMS (what a
    short one leaves goes to the longer one), keeps its whole cited stretches while they fit, then the next
    one cut with its own citation; the rest follows after MORE under the same citations. So every city's
    core comes first, and no words are sent under the other city's sections. None unless the text has a
    part for each city that cites its own code."""
    text = " ".join(text.split())
    starts = [m.start() for m in _CITY_LABEL.finditer(text)]
    if len(starts) < 2 or not _cites_both_codes(text):
        return None
    bounds = [0, *starts[1:], len(text)]
    parts = [_cited_stretches(text[a:b].strip()) for a, b in itertools.pairwise(bounds)]
    marker = more_marker()
    budgets, room = {}, limit - len(marker) - (len(parts) - 1)
    for i in sorted(range(len(parts)), key=lambda i: len(" ".join(parts[i]))):
        budgets[i] = min(len(" ".join(parts[i])), room // (len(parts) - len(budgets)))
        room -= budgets[i]
    fitted = [_fit_stretches(part, budgets[i]) for i, part in enumerate(parts)]
    first = " ".join(said for said, _ in fitted if said)
    if not first:
        return None
    return first + marker, " ".join(rest for _, rest in fitted if rest)


# A part that opens with its bare verdict ("Possibly.", "No.", "Es posible."): said with the sentence after it
VERDICT_WORDS = 3


def _each_part_opened(answer: Answer, limit: int) -> tuple[str, str] | None:
    """The first SMS and the rest of an answer to several questions ("how long do we have to fix it? ...
    can we get more time?"): the opening sentences of every part first (a bare "Possibly." with the sentence
    after it), then each part's next sentences, in turn, while they fit; the parts in their order, each
    part's sentences in theirs, under the full citation (or, when that leaves room for more sentences, the
    citation abbreviated or its first section), then "Reply MORE". The rest, each part's remaining
    sentences, follows after MORE under the full citation.
    A computed result is said whole. None unless every part opens in the first SMS, or for an answer given
    for each city (each part is its city's, :func:`_fit_each_cited`)."""
    cited = TRAILING_CITATION.search(answer.text)
    if cited is None:
        return None
    found = _parts_of(answer, answer.text[: cited.start()])
    if found is None:
        return None
    head, parts = found
    citation, marker = cited.group(0), more_marker()
    # the full citation, abbreviated, or its first section (every section follows after MORE): the one that
    # leaves room for the most sentences, the fullest of those
    fits = []
    for said_citation in dict.fromkeys(
        (citation, f" ({short_citation(cited.group(1))})", _first_section(citation))
    ):
        taken = _opened(parts, limit - len(head) - len(said_citation) - len(marker) - 1)
        if taken is not None:
            fits.append((sum(taken), said_citation, taken))
    if not fits:
        return None
    _, said_citation, taken = max(fits, key=lambda fit: fit[0])  # the first of the most: the fullest
    said, held = _said_and_held(parts, taken)
    if not held:
        return None  # nothing held back: the usual split says it
    return " ".join(part for part in (head, said) if part) + said_citation + marker, f"{held}{citation}"


def _parts_of(answer: Answer, body: str) -> tuple[str, list[tuple[list[str], str]]] | None:
    """The words of an answer to several questions before its first part (``body`` is its text before the
    trailing citation), and each part's sentences with the citation that ends the part, if any; None for an
    answer of one part, one given for each city, or one whose parts are not found in ``body``."""
    if answer.parts < 2 or len(answer.pieces) < 2 or _cites_both_codes(answer.text):
        return None
    start = body.find(answer.pieces[0])
    if start < 0:
        return None
    parts: list[tuple[list[str], str]] = []
    for piece in answer.pieces:
        own = TRAILING_CITATION.search(piece)
        words, own_citation = (piece[: own.start()], own.group(0)) if own else (piece, "")
        sentences = split_sentences(words)
        if not sentences:
            return None
        parts.append((sentences, own_citation))
    return body[:start].strip(), parts


def _said_and_held(parts: list[tuple[list[str], str]], taken: list[int]) -> tuple[str, str]:
    """Each part's first ``taken`` sentences, in order, and the sentences held back for after MORE."""
    said = [" ".join(s[:count]) + own for count, (s, own) in zip(taken, parts, strict=True)]
    held = [" ".join(s[count:]) + own for count, (s, own) in zip(taken, parts, strict=True) if s[count:]]
    return " ".join(said), " ".join(held)


def _opened(parts: list[tuple[list[str], str]], room: int) -> list[int] | None:
    """How many sentences of each part fit in ``room``: every part's opening (a bare verdict with its next
    sentence; a computed result, a part with its own citation, whole), then one more of each part in turn
    while it fits, a part stopping at its first sentence that does not; None when the openings do not all
    fit (the usual split keeps the words in their order)."""
    taken = [0] * len(parts)

    def length() -> int:
        said = [" ".join(s[:count]) + own for count, (s, own) in zip(taken, parts, strict=True) if count]
        return len(" ".join(said))

    for i, (sentences, own) in enumerate(parts):  # a computed result, cited on its own, is said whole
        opening = 2 if len(sentences[0].split()) <= VERDICT_WORDS and len(sentences) > 1 else 1
        taken[i] = len(sentences) if own else opening
        if length() > room:
            return None
    growing = set(range(len(parts)))
    while growing:
        for i in sorted(growing):
            if taken[i] == len(parts[i][0]):
                growing.discard(i)
                continue
            taken[i] += 1
            if length() > room:
                taken[i] -= 1
                growing.discard(i)
    return taken


_CITY_LABEL = re.compile(r"\b(?:In|En) (?:Victorville|Inglewood): ")


MIN_CUT = 80  # a later stretch's words cut shorter than this are said whole after MORE instead
MIN_CORE = 40  # the least of a city's first stretch said in the first message


def _fit_stretches(stretches: list[str], room: int) -> tuple[str, str]:
    """One city's cited stretches in ``room`` characters: whole ones while they fit, then the next cut with
    its own first cited section when a useful part of it fits; and what is left, for after MORE, under the
    full citation."""
    taken: list[str] = []
    marker = more_marker()
    for i, stretch in enumerate(stretches):
        used = len(" ".join(taken)) + (1 if taken else 0)
        if used + len(stretch) <= room:
            taken.append(stretch)
            continue
        cited = _CITATION.search(stretch)
        citation = cited.group(0) if cited and cited.end() == len(stretch) else ""
        body = stretch[: len(stretch) - len(citation)]
        least = MIN_CUT if taken else MIN_CORE
        for cite in dict.fromkeys((_first_section(citation), citation)):  # the first section: more words
            if room - used - len(cite) - len(marker) >= least:
                cut, rest = fit_sms(f"{body}{cite}", room - used)
                taken.append(cut.removesuffix(marker))
                later = (f"{rest}{citation}" if rest else "", *stretches[i + 1 :])
                return " ".join(taken), " ".join(part for part in later if part)
        return " ".join(taken), " ".join(stretches[i:])
    return " ".join(taken), ""


_FIRST_SECTION = re.compile(
    rf"^ \((?P<first>{VICTORVILLE_CODE_NAME} §§? [^,;)(]+(?:\([^)]*\))*"
    rf"|{INGLEWOOD_CODE_NAME}, [^,;(]+(?:\([^)]*\))*)"
)


def _first_section(citation: str) -> str:
    """ " (Victorville Municipal Code §§ 10.03.280(b), (a); 10.03.170(c))" → " (Victorville Municipal Code §
    10.03.280(b))": the citation's first section only (the citation itself when it cites one)."""
    match = _FIRST_SECTION.match(citation)
    if match is None:
        return citation
    return f" ({match.group('first').replace('§§', '§')})"


def fit_sms(text: str, limit: int = SMS_LIMIT, *, more_follows: bool = False) -> tuple[str, str]:
    """The first SMS (at most ``limit`` characters, ending in the citation, then "Reply MORE" when text is
    held back or ``more_follows``) and the rest, for "MORE". The marker's room is kept once."""
    marker = more_marker()
    text = " ".join(text.split())
    if len(text) + (len(marker) if more_follows else 0) <= limit:
        return (text + marker if more_follows else text), ""
    citation = ""
    body = text
    match = TRAILING_CITATION.search(text)
    if match:
        citation, body = match.group(0), text[: match.start()]
    split = split_sms(body, limit - len(citation), max_parts=1, more_marker=marker)
    if not split.remainder:  # only whitespace made it too long
        first = split.parts[0] + citation
        return (first + marker if more_follows else first), ""
    return split.parts[0].removesuffix(marker) + citation + marker, split.remainder
