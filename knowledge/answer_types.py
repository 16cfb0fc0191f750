"""What kind of answer a question asks for, and whether a passage can give one.

"How often ...?" is answered by a frequency ("every thirty days", "annually"), "how long / how soon ...?" by
a number of days or years, "how much ...?" by an amount of money, "who do I call?" by a telephone number,
"what now?" / "what happens if ...?" by a rule about what follows ("If at any time ..., the FSE shall"). A
passage that holds no answer of the kind asked rarely answers the question, however many of its words it
shares: "the maintenance frequency shall be determined as follows:" shares every word of "how often do I
pump my interceptor?" and answers nothing. :mod:`knowledge.index` uses this as a light reranking signal: of
the best candidates, those that hold an answer of the asked kind form one more ranked list in the fusion.

The cues are ordinary question words and the detectors are the ordinances' own ways of writing quantities
(numbers are mostly spelled out: "seventy-two hours", "one hundred forty degrees").
"""

from __future__ import annotations

import re

_NUMBER = (
    r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty"
    r"|sixty|seventy|eighty|ninety|hundred)"
)
_UNITS_OF_TIME = r"(calendar |business |working )?(days?|years?|months?|hours?|weeks?)\b"

# kind: (question cue, passage detector)
ANSWER_TYPES: dict[str, tuple[str, str]] = {
    "frequency": (
        r"\bhow (often|frequent(ly)?)\b|\bhow many times\b|\bschedules?\b"
        r"|\bevery \w+ (days?|weeks?|months?)\b"
        r"|\bbetween (\w+ )?(cleaning|pumping|pump out|service|inspection)s\b",
        r"\bevery\b|\bannual(ly)?\b|\bquarterly\b|\bmonthly\b|\bweekly\b|\bsemi-annual(ly)?\b|\btwice\b"
        r"|\bper (year|month|week)\b|\beach (calendar )?year\b|\byearly\b",
    ),
    "duration": (
        r"\bhow (long|soon|fast|quickly)\b|\bhow many (days|years|yrs|months|hours|weeks)\b|\bdeadline\b"
        r"|\bby when\b|\btime limit\b|\bhow much (notice|time|warning|lead time)\b"
        r"|\bhow far (ahead|in advance)\b",
        rf"\b{_NUMBER}[- ]{_UNITS_OF_TIME}",
    ),
    "money": (
        r"\bhow much\b(?! (notice|time|warning|lead time))"
        r"|\bcosts?\b|\bprice\b|\bfees?\b|\bamount\b|\$|\bmax(imum)?\b.*\b(fine|penalt)"
        r"|\bwhat('?s| is) the (fine|penalty)\b|\b(fine|penalty) for\b",
        r"\$\s?\d|\bdollars?\b|\bpercent\b",
    ),
    "date": (
        r"\bwhen did\b|\bstart(ed|ing)?\b|\bbegin|\bsince when\b|\bwhat date\b|\bwhat year\b|\beffective\b"
        r"|\bkick in\b",
        r"\b(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d"
        r"|\b(19|20)\d\d\b",
    ),
    "contact": (
        r"\bcall\b|\bphone\b|\bwhat number\b|\bwho do (i|we) (call|contact|tell|notify|report)\b|\bcontact\b",
        r"\btelephone\b|\bphone\b|\(\d{3}\)",
    ),
    "consequence": (
        r"\bwhat (now|happens|do i do|should i do|do i have to do|do we do|then)\b|\bwhat if\b|\bthen what\b"
        r"|\bnow what\b",
        r"^\s*(\w+\. )?(if|in the event|upon|whenever|failure to)\b|\bif\b.{0,200}\bshall\b",
    ),
    "measure": (
        r"\bhow (big|wide|deep|large|hot|many)\b|\bsize\b|\bdiameter\b|\bmax(imum)?\b|\bmin(imum)?\b"
        r"|\blimit\b|\btemp",
        rf"\b{_NUMBER}\b",
    ),
}
_COMPILED = {
    kind: (re.compile(cue, re.IGNORECASE), re.compile(detector, re.IGNORECASE))
    for kind, (cue, detector) in ANSWER_TYPES.items()
}


def asked_types(question: str) -> frozenset[str]:
    """The kinds of answer a question asks for (empty for most yes/no and open questions)."""
    return frozenset(kind for kind, (cue, _) in _COMPILED.items() if cue.search(question))


def passage_types(text: str) -> frozenset[str]:
    """The kinds of answer a passage holds."""
    return frozenset(kind for kind, (_, detector) in _COMPILED.items() if detector.search(text))
