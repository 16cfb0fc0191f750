"""Rewrite bot text for the voice line: no abbreviations or links, numbers read the way a person reads them.

Spoken answers are short sentences with no abbreviations or URLs, reference numbers read digit by digit and
dates read as dates. Plain text only (no SSML), so the output works with any Twilio ``<Say>`` voice.

Links and e-mail addresses: a link set off by brackets, a colon or a dash is an aside and is dropped
("Rules (https://…) apply" -> "Rules apply"). Anywhere else it is part of the sentence, which would
dangle without it, so it is replaced: a web address by "the city's website", an e-mail address by "the
city's e-mail address" ("the city" right after the verb "email"). That wording assumes, as everywhere in
this project, that links in answers point at the city's own pages.

Commas inserted here (in "fats, oils and grease", phone and section readings) are never used to
shorten a sentence.
"""

from __future__ import annotations

import datetime as dt
import re

from cities.wording import spoken_date
from knowledge.sentences import split_sentences
from languages import ENGLISH, N_, current, t

MAX_WORDS_PER_SENTENCE = 25
_MIN_WORDS_PER_PIECE = 4

# Commas we add ourselves are written as this private-use character (not whitespace, unlike the ASCII control
# separators) until the end, so that sentence shortening, which splits at real commas, leaves them alone.
_SOFT_COMMA = "\ue000"


def to_speech(text: str) -> str:
    """``text`` reworded for text-to-speech: see the module docstring for the rules."""
    spoken = " ".join(text.replace(_SOFT_COMMA, " ").split())
    spoken = _STRAY_LINK.sub(" ", _replace_links(spoken))
    spoken = _PHONE_NUMBER.sub(lambda match: _read_phone_number(match.group(), _SOFT_COMMA), spoken)
    spoken = _read_section_numbers(spoken)
    spoken = _expand_abbreviations(spoken)
    spoken = " ".join(_capitalize(_shorten(sentence)) for sentence in split_sentences(spoken))
    spoken = spoken.replace(_SOFT_COMMA, ",")
    return _tidy(spoken)


def say_phone_number(number: str) -> str:
    """Digit by digit in the usual groups: "(310) 412-5333" and "+13104125333" -> "3 1 0, 4 1 2, 5 3 3 3".

    North American numbers lose the country code and are grouped 3-3-4 (or 3-4 without an area code);
    anything else is read as one group.
    """
    return _read_phone_number(number, ",")


def say_reference(reference: str) -> str:
    """Character by character, one group per run of letters or digits: "SP-482137" -> "S P, 4 8 2 1 3 7"."""
    groups = re.findall(r"[^\W\d_]+|\d+", reference)
    if not groups:
        raise ValueError(f"reference has no letters or digits to read: {reference!r}")
    return ", ".join(" ".join(group.upper()) for group in groups)


def say_date(date: dt.date) -> str:
    """The date as spoken, e.g. "Wednesday, March 3, 2027", whatever the process locale."""
    return spoken_date(date)


# --- links ------------------------------------------------------------------------------------------------

_EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
_WEB_ADDRESS = (
    r"(?:https?://|www\.)[^\s<>\"]*"
    r"|\b[\w-]+(?:\.[\w-]+)*\.(?:gov|org|com|net|us|edu|info)\b(?:/[^\s<>\"]*)?"
)
_LINK = re.compile(rf"(?P<email>{_EMAIL})|(?P<web>{_WEB_ADDRESS})")
# What is left of a link with no scheme or host the patterns know ("x://", "://"): no word to say
_STRAY_LINK = re.compile(r"\S*://\S*")
_TRAILING_PUNCTUATION = re.compile(r"[.,;:!?)\]'\"]+$")
_ASIDE_OPENERS = ("(", "[", ":", "-", "–", "—")
_WEBSITE_WORDS = N_("the city's website")
_EMAIL_WORDS = N_("the city's e-mail address")


def _replace_links(text: str) -> str:
    pieces: list[str] = []
    position = 0
    for match in _LINK.finditer(text):
        link = _TRAILING_PUNCTUATION.sub("", match.group())
        before = text[position : match.start()]
        pieces.append(before)
        preceding = "".join(pieces).rstrip()
        if preceding.endswith(_ASIDE_OPENERS):
            replacement = ""
        elif match.group("email"):
            replacement = (
                t("the city") if re.search(r"\be-?mail$", preceding, re.IGNORECASE) else t(_EMAIL_WORDS)
            )
        else:
            replacement = t(_WEBSITE_WORDS)
        if replacement and (not preceding or preceding.endswith((".", "!", "?"))):
            replacement = replacement[0].upper() + replacement[1:]
        pieces.append(replacement)
        position = match.start() + len(link)
    pieces.append(text[position:])
    return "".join(pieces)


# --- numbers ----------------------------------------------------------------------------------------------

_PHONE_NUMBER = re.compile(
    r"(?<![\w.])(?:\+?1[-.\s]?)?(?:\(\d{3}\)\s?|\d{3}[-.\s])\d{3}[-.\s]\d{4}(?!\w)"
    r"|(?<![\w+])\+1\d{10}(?!\w)"
    r"|\b911\b"
)


def _read_phone_number(number: str, separator: str) -> str:
    digits = re.sub(r"\D", "", number)
    if not digits:
        raise ValueError(f"phone number has no digits: {number!r}")
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    if len(digits) == 10:
        groups = [digits[:3], digits[3:6], digits[6:]]
    elif len(digits) == 7:
        groups = [digits[:3], digits[3:]]
    else:
        groups = [digits]
    return f"{separator} ".join(" ".join(group) for group in groups)


_SECTION_PATH = r"\d+(?:\.\d+)*(?:\([0-9A-Za-z]{1,4}\))*"
_SECTION_AFTER_SIGN = re.compile(rf"(§§?)\s*({_SECTION_PATH})?")
_SECTION_AFTER_WORD = re.compile(rf"\b((?:[Ss]ub)?[Ss]ections?)\s+({_SECTION_PATH})")
_DOTTED_SECTION = re.compile(r"(?<![\w.])\d+(?:\.\d+){2,}(?:\([0-9A-Za-z]{1,4}\))*")


def _read_section_path(path: str) -> str:
    """Read "10.03.160(f)(2)" as "10 point 03 point 160, f, 2" (with soft commas)."""
    number, *subsections = re.split(r"[()]+", path.strip("()"))
    words = number.replace(".", f" {t('point')} ")
    return f"{_SOFT_COMMA} ".join([words, *(part for part in subsections if part)])


def _read_section_numbers(text: str) -> str:
    def after_sign(match: re.Match[str]) -> str:
        word = t("sections") if match.group(1) == "§§" else t("section")
        path = match.group(2)
        return f"{word} {_read_section_path(path)}" if path else word

    text = _SECTION_AFTER_SIGN.sub(after_sign, text)
    text = _SECTION_AFTER_WORD.sub(
        lambda match: f"{match.group(1)} {_read_section_path(match.group(2))}", text
    )
    return _DOTTED_SECTION.sub(lambda match: _read_section_path(match.group()), text)


# --- abbreviations ----------------------------------------------------------------------------------------

#: Acronym -> (singular, plural) as spoken. Case-sensitive, whole words only ("fog" and "Gcd" stay).
ACRONYMS: dict[str, tuple[str, str]] = {
    "GCD": ("grease control device", "grease control devices"),
    "FSE": ("food service establishment", "food service establishments"),
    "SSO": ("sewer overflow", "sewer overflows"),
    "NOV": ("notice of violation", "notices of violation"),
    "BMP": ("best management practice", "best management practices"),
    "CSA": ("compliance schedule agreement", "compliance schedule agreements"),
    "SSMP": ("sewer system management plan", "sewer system management plans"),
    "CCR": ("California Code of Regulations", "California Code of Regulations"),
    "FOG": (f"fats{_SOFT_COMMA} oils and grease", f"fats{_SOFT_COMMA} oils and grease"),
}
_ACRONYM = re.compile(
    r"\b(?:(?P<article>[Aa]n?) )?(?P<acronym>" + "|".join(ACRONYMS) + r")(?P<plural>s|\(s\))?(?!\w)"
)

# (pattern, replacement) applied in order after acronyms.
_PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"\b(\d+) California Code of Regulations\b"),
        r"title \1 of the California Code of Regulations",
    ),
    (re.compile(r"\bSB ?1383\b"), "Senate Bill 13 83"),
    (re.compile(r"\be\.g\.(?:,)?"), "for example,"),
    (re.compile(r"\bi\.e\.(?:,)?"), "that is,"),
    (re.compile(r"\bOrd\. (?=No\.)"), "Ordinance "),
    (re.compile(r"\bNo\. (?=\d)"), "number "),
    (re.compile(r"\b1 ?(?:yd³|yd3|cu\. ?yd\.?|cubic yd\.?)(?!\w)"), "1 cubic yard"),
    (re.compile(r"(\d) ?(?:yd³|yd3|cu\. ?yd\.?|cubic yd\.?)(?!\w)"), r"\1 cubic yards"),
    (re.compile(r"\b1 ?gal\b(?:\.(?= [a-z]))?"), "1 gallon"),
    (re.compile(r"(\d) ?gal\b(?:\.(?= [a-z]))?"), r"\1 gallons"),
    (re.compile(r"(\d) ?%"), r"\1 percent"),
    (re.compile(r" ?& ?"), " and "),
)


def _expand_abbreviations(text: str) -> str:
    def expand(match: re.Match[str]) -> str:
        singular, plural = ACRONYMS[match.group("acronym")]
        words = plural if match.group("plural") else singular
        article = match.group("article")
        if article:
            fitting = "an" if words[0].lower() in "aeiou" else "a"
            words = f"{fitting.capitalize() if article[0].isupper() else fitting} {words}"
        return words

    if current() != ENGLISH:  # the English names are in the answer's brackets already
        return text
    text = _ACRONYM.sub(expand, text)
    for pattern, replacement in _PHRASES:
        text = pattern.sub(replacement, text)
    return text


# --- sentences --------------------------------------------------------------------------------------------


def _shorten(sentence: str) -> str:
    """Split a sentence of more than MAX_WORDS_PER_SENTENCE words at a semicolon, else at the comma
    nearest its middle, as long as each piece keeps a few words; repeat on the pieces."""
    words = sentence.split()
    if len(words) <= MAX_WORDS_PER_SENTENCE:
        return sentence
    breaks = [
        (index, word[-1])
        for index, word in enumerate(words[:-1])
        if word[-1] in ",;" and _MIN_WORDS_PER_PIECE <= index + 1 <= len(words) - _MIN_WORDS_PER_PIECE
    ]
    if not breaks:
        return sentence
    semicolons = [index for index, mark in breaks if mark == ";"]
    candidates = semicolons or [index for index, _ in breaks]
    middle = (len(words) - 1) / 2
    cut = min(candidates, key=lambda index: abs(index - middle))
    first = " ".join([*words[:cut], words[cut][:-1] + "."])
    rest = " ".join(words[cut + 1 :])
    return f"{_shorten(first)} {_shorten(_capitalize(rest))}"


def _capitalize(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _tidy(text: str) -> str:
    text = re.sub(r"\(\s*\)|\[\s*\]", "", text)
    text = re.sub(r"\s*[:\-–—]\s*(?=[.!?])", "", text)
    text = re.sub(r"(\w)\s*[:–—]\s*$", r"\1.", text)
    text = re.sub(r"\s+([.,;:!?])", r"\1", text)
    text = re.sub(r"([.!?])\.+", r"\1", text)
    return " ".join(text.split())
