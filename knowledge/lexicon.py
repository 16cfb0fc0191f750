"""How people say it versus how the ordinances say it.

Operators say "grease trap" for every device, "pump" for maintenance, "ticket" for a notice of violation,
"garbage disposal" for a food grinder and "bin" for a container (``shared/docs/product.md``); residents say
"yard waste" for designated organic waste and "the dump" for a landfill. Each entry below pairs phrases in the
everyday words with the words the ordinances use for the same thing; a question that uses the first gets the
second added to its lexical (BM25) query, each added word once. Dense retrieval ranks the question as typed
(see :mod:`knowledge.index`).

The entries are about words, never about particular questions: they add vocabulary and never choose an
answer. Matching is on word stems, so "pumped", "pumping" and "pumps" all meet "pump", and the longest
phrase wins: "garbage disposal" is a food grinder, not garbage, and "sign up" is subscribing, not signage.

Two normalisations apply to every question, because the ordinances write them differently from people:
numbers are spelled out in the texts ("ninety days", "twenty-five percent"), so digits gain their words
("90" adds "ninety", "2nd" adds "second"); and texting abbreviations ("yrs", "info") gain the full word.
"""

from __future__ import annotations

import re
from functools import lru_cache

import Stemmer

from cities.wording import MONTH_NAMES

# (what people say, "|" between alternatives; the ordinances' words for it)
VOCABULARY: tuple[tuple[str, str], ...] = (
    # Devices and fixtures
    (
        "grease trap|trap|grease box|grease tank|grease catcher|grease pit|grease thing",
        "grease interceptor GCD",
    ),
    ("interceptor|grease interceptor", "GCD"),
    ("garbage disposal|disposal|disposer|garburator|insinkerator|grinder|food grinder", "food grinder"),
    ("dish machine|dishwasher|dish washer", "dishwasher"),
    ("hood|vent hood|exhaust hood|hood filter|range hood|exhaust fan", "kitchen exhaust filters"),
    ("strainer|sink strainer|drain cover|screen", "drain screens"),
    ("toilet|urinal|bathroom|restroom", "toilets urinals fixtures fecal"),
    ("manhole cover|lid|cover|hatch", "access manholes"),
    (
        "sample box|sampling port|sample port|test port|flow meter|meter",
        "sampling monitoring metering facilities",
    ),
    ("camera|video|cctv|camera inspection|scope", "CCTV visual monitoring"),
    ("floor mat|mat|rubber mat", "floormats"),
    ("chamber", "compartments"),
    # Maintenance
    (
        "pump|pump out|clean out|empty|get it cleaned|suck out|vacuum out",
        "pumped cleaned maintenance",
    ),
    ("how often|how frequent|how frequently|how many time|schedule|every how many", "frequency"),
    (
        "less often|more often|less frequent|more frequent|change the schedule|stretch|longer between",
        "change maintenance frequency request",
    ),
    ("full|fill up|fills up|filled|too much grease|percent full|quarter full", "accumulation 25% rule"),
    (
        "pumper|pumping company|pump company|grease company|grease guy|vacuum truck|septic company"
        "|cleaning company|hauler|rendering company|grease collector",
        "waste hauler licensed",
    ),
    (
        "receipt|paperwork|pump ticket|service ticket|service report|invoice|manifest"
        "|send the paper|sends the paper|the paper to the city|the papers to the city",
        "manifests records receipts",
    ),
    ("log|logbook|log book|pump log|sign in sheet|sign-in sheet|attendance sheet", "records logbook"),
    ("keep|hold on to|save|file away", "kept retain"),
    # What goes down the drain
    (
        "pour|dump|put down|throw down|wash down|rinse|go down the drain|goes down the drain|run down",
        "discharge disposal",
    ),
    (
        "fryer oil|cooking oil|used oil|frying oil|yellow grease|grease barrel|oil drum|waste oil|old oil"
        "|used grease|grease drum|grease bucket|grease bin",
        "waste cooking oil barrels drums recycling",
    ),
    ("hot water|boiling|temp|how hot|scalding", "temperature degrees Fahrenheit"),
    (
        "enzyme|bacteria|microbe|chemical|degreaser|grease eater|drain cleaner|treatment product",
        "additives biological chemical emulsifying",
    ),
    (
        "extra water|more water|water it down|flush|run water|hot water to flush|dilute",
        "dilute dilution increasing water substitute treatment",
    ),
    (
        "scrape|scraping|plate scrap|scraps in the sink|food down the drain|food in the sink",
        "food waste disposed trash not into sinks",
    ),
    ("wipe|wipe down|wipe off", "dry wipe"),
    ("absorbent|kitty litter|spill kit|spill pad", "absorption products"),
    # Spills and backups
    (
        "backup|back up|backed up|backing up|overflow|flood|sewage coming out|coming out of",
        "sanitary sewer overflow SSO spill",
    ),
    ("clog|clogged|blocked|blockage|stopped up|plugged", "blockage obstruction"),
    ("equipment|gadget|gear", "devices"),
    ("parking lot|street|sidewalk|gutter|alley|the ground|outside", "storm drain public right-of-way"),
    (
        "who do i call|call|phone|phone number|number to call|report it|who do i tell|who do i contact"
        "|let the city know|tell the city",
        "notify telephone immediately",
    ),
    ("in writing|written report|follow up letter|letter|email", "written confirmation writing"),
    (
        "send|submit|turn in|hand in|get it to|give the city|give it to|mail in|drop off|file",
        "provide submit furnish copies",
    ),
    ("cleanup company|clean up crew|cleanup crew|contractor|restoration company", "clean-up contractor"),
    # Money and enforcement
    (
        "fine|ticket|citation|cited|written up|wrote me up|write up|penalty|nov|warning|violation",
        "notice of violation NOV penalty administrative citation",
    ),
    ("cost|price|how much|fee|charge|bill|pay|spend", "fee charge $"),
    (
        "late|overdue|didnt pay|dont pay|not pay|unpaid|behind on|cant pay|never paid",
        "delinquent penalty invoice payment",
    ),
    (
        "who pays|pay for|on the hook|foot the bill|responsible for the cost|reimburse|liable|charge me for",
        "costs expenses liable reimburse paid",
    ),
    ("court|sue|lawsuit|judge|take me to court", "civil penalties superior court"),
    ("jail|criminal|arrest|misdemeanor|prison", "misdemeanor criminal imprisonment"),
    ("appeal|dispute|contest|fight|challenge|disagree", "appeal hearing"),
    (
        "shut off|shut down|cut off|turn off|disconnect|shut my sewer|cap the sewer",
        "terminate suspend sewer service",
    ),
    ("turn back on|hook back up|hooked back up|reconnect|restore|back on", "reinstating service"),
    (
        "revoke|yank|pull my permit|take away my permit|take my permit|lose my permit|suspend",
        "revocation revoke suspension",
    ),
    ("lie|lied|fake|falsify|fudge|make up", "false statement falsified"),
    (
        "deal|payment plan|more time|extension|extend|get into compliance|catch up|work it out",
        "compliance schedule agreement extend deadline",
    ),
    ("lien|property tax|tax bill", "lien"),
    # Permits
    ("license|licence|permit", "FOG permit wastewater discharge permit"),
    (
        "renew|expire|good for|valid|how long is the permit",
        "renewed annually expiration period valid",
    ),
    (
        "sell the|sell my|sold the|sold my|selling the|selling my|new owner|bought|buying|purchase"
        "|take over|change hand|previous owner|old owner",
        "ownership transfer non-transferable",
    ),
    (
        "remodel|renovate|renovation|expand|expansion|add a fryer|new equipment|change the menu"
        "|change our menu|changing our menu|tenant improvement",
        "expansion remodeling process modifications notify advance",
    ),
    ("apply|application|sign up for a permit|get a permit", "application"),
    ("need a|need an|needs a|needs an|need to get|need to have|have to get|have to have", "required obtain"),
    ("apply to|applies to|cover us|affect us|am i subject|are we subject|do the rules", "applicable subject"),
    (
        "new restaurant|opening a|open a new|build a|building a|brand new|new building|under construction",
        "new construction",
    ),
    ("already open|been open|old restaurant|currently open", "existing"),
    # Inspections
    (
        "inspector|inspection|come by|show up|visit|check on|audit|come out|come in",
        "inspection inspect inspector",
    ),
    ("let in|refuse|deny|keep out|wont let|turn away|let them in", "access entrance refuse interfere"),
    ("look at|look through|go through|see my|review|check my|look over", "inspect inspection review copying"),
    (
        "come back|come back out|come again|return visit|second visit|follow up visit|reinspect",
        "reinspection follow-up additional inspection",
    ),
    ("fail|flunk|not in compliance|out of compliance|didnt pass|did not pass", "noncompliance"),
    ("at night|after hour|weekend|anytime|whenever|middle of the night", "normal business hours emergency"),
    ("test|testing|sample", "sampling"),
    # Training and kitchen practices
    ("staff|employee|worker|cook|crew|team|new hire|dishwasher guy", "employee"),
    ("train|training|teach|educate|show them|orientation", "training educate"),
    ("sign|poster|post|placard", "signage posted signs"),
    # Property types
    (
        "landlord|property owner|plaza|strip mall|shopping center|mall owner|mall|property manager"
        "|building owner",
        "owner commercial property multiple tenants",
    ),
    ("apartment|condo|hoa|complex|multifamily|multi family|building with unit", "multi-family residential"),
    ("house|home|homeowner|my place|residence", "single-family residential"),
    (
        "restaurant|cafe|diner|kitchen|bakery|coffee shop|food truck|bar|eatery",
        "food service establishment FSE",
    ),
    ("business|company|store|shop|office", "commercial business"),
    # Containers and collection (Chapter 6.37)
    ("bin|cart|trash can|garbage can|toter|dumpster|barrel", "container"),
    # Each colour holds what the chapter designates for it (§ 6.37.020); black containers "may also be gray"
    (
        "green bin|green cart|green can|green container|green barrel",
        "green container designated organic waste",
    ),
    (
        "brown bin|brown cart|brown can|brown container|brown barrel",
        "brown container designated food scraps",
    ),
    (
        "blue bin|blue cart|blue can|blue container|blue barrel",
        "blue container designated recyclable materials",
    ),
    (
        "black bin|black cart|black can|black container|gray bin|gray cart|gray can|gray container|grey bin"
        "|grey cart|grey can",
        "black container waste solid",
    ),
    ("trash|garbage|rubbish|landfill|regular trash", "solid waste black container"),
    ("recycling|recyclable|recycle", "recyclable materials blue container"),
    (
        "green waste|yard waste|yard trimming|grass|clipping|leaf|branch|tree trimming|garden waste"
        "|weed|lawn|leaves",
        "designated organic waste green container trimmings",
    ),
    (
        "food waste|food scrap|compost|leftover|scrap|peel|coffee ground",
        "food scraps brown container organic",
    ),
    ("pizza box|greasy paper|napkin|paper plate|paper towel", "food-soiled paper"),
    ("cardboard|paper|box", "cardboard paper blue container"),
    ("bottle|soda can|aluminum can|tin can|glass|plastic|aluminum|metal", "non-organic recyclables"),
    (
        "paint|battery|needle|syringe|medical|electronic|tire|appliance|motor oil|hazardous|toxic",
        "excluded waste hazardous",
    ),
    ("pickup|pick up|trash service|garbage service|trash pickup", "collection service"),
    ("sign up|subscribe|enroll|have to have service|pay for service", "subscribe collection service"),
    (
        "wrong bin|wrong stuff|wrong thing|contaminated|contamination|mixed|mix",
        "prohibited container contaminants contamination",
    ),
    ("tag|oops tag|courtesy notice|note on my|sticker on my", "notice contamination"),
    (
        "haul my own|haul our own|take it myself|take it to the dump|self haul|drive it to|take my own"
        "|take our own|haul it myself|haul away",
        "self-haul self-hauler",
    ),
    ("the dump|landfill|transfer station", "facility landfill"),
    ("backyard|back yard|my yard|on my property", "on site"),
    (
        "donate|donation|give away|food bank|pantry|charity|shelter|leftover food|extra food|unsold food"
        "|food they cant sell|surplus food",
        "edible food recovery organization",
    ),
    (
        "waiver|exempt|exemption|get out of|opt out|dont have room|no room|no space|not enough space"
        "|too small|skip",
        "waiver de minimis physical space variance",
    ),
    (
        "small amount|barely any|barely make|not much|hardly any|very little|tiny amount|dont make much",
        "de minimis negligible insignificant quantity",
    ),
    (
        "landscaper|gardener|landscaping company|tree service|gardening service",
        "gardening landscaping service",
    ),
    ("label|sticker", "container labels"),
    ("school|district|college|university", "local education agency"),
    ("how big|size|square feet|square foot|sq ft", "size square feet"),
    ("anonymous|without my name|without giving my name|secret", "anonymous complaints"),
    (
        "get sick|gets sick|someone sick|food poisoning|liable for donat",
        "Good Samaritan protections liability",
    ),
    ("complain|complaint|tattle|snitch|rat out|turn in a business", "complaints"),
    # What the question asks for
    (
        "how soon|deadline|how many day|how long do i have|by when|how fast|how quickly|time limit",
        "within days",
    ),
    ("how long", "period days years"),
    ("how long keep|how long do i keep|how long to keep|how many year", "retain kept years"),
    ("start|begin|since when|starting|kick in|take effect|go into effect", "commencing beginning"),
    (
        "how much notice|heads up|ahead of time|in advance|advance notice|how far ahead|before we",
        "notify advance prior days",
    ),
    ("ask|request|permission|let me", "request written"),
    ("means|mean|define|definition|stand for|count as|counts as|considered|qualify", "means"),
    # Texting abbreviations
    ("yr|yrs", "years"),
    ("mo|mos|mth|mths", "months"),
    ("hr|hrs", "hours"),
    ("wk|wks", "weeks"),
    ("info", "information"),
    ("lbs|lb", "pounds"),
    ("gal|gals", "gallons"),
    ("b4", "before"),
)

_STEMMER = Stemmer.Stemmer("english")
_TOKEN = re.compile(r"[a-z0-9]+")

_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
    " seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety"
)
_ONES = _NUMBER_WORDS.split()[:20]
_TENS = ["", "", *_NUMBER_WORDS.split()[20:]]
_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth"}


def number_words(number: int) -> str:
    """0..999 in words as the ordinances print them: 25 → "twenty-five", 140 → "one hundred forty"."""
    if number < 20:
        return _ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    hundreds, rest = divmod(number, 100)
    return f"{_ONES[hundreds]} hundred" + (f" {number_words(rest)}" if rest else "")


def _words(text: str) -> list[str]:
    """Lower-case word tokens, with apostrophes dropped so "don't" and "dont" are the same word."""
    return _TOKEN.findall(text.lower().replace("'", "").replace("\u2019", ""))


def stems(text: str) -> list[str]:
    return _STEMMER.stemWords(_words(text))


@lru_cache(maxsize=1)
def _phrases_by_first_stem() -> dict[str, list[tuple[int, tuple[str, ...], str]]]:
    """Every everyday phrase as a stem sequence with its ordinance words, filed under its first stem.

    Each phrase carries its precedence: longer phrases first, then the order of :data:`VOCABULARY`.
    """
    entries = [
        (tuple(stems(phrase)), words)
        for everyday, words in VOCABULARY
        for phrase in everyday.split("|")
        if stems(phrase)
    ]
    ordered = sorted(entries, key=lambda entry: -len(entry[0]))
    by_first: dict[str, list[tuple[int, tuple[str, ...], str]]] = {}
    for precedence, (phrase, words) in enumerate(ordered):
        by_first.setdefault(phrase[0], []).append((precedence, phrase, words))
    return by_first


@lru_cache(maxsize=1024)
def _matches(question: str) -> tuple[str, ...]:
    tokens = stems(question)
    found = [
        (precedence, start, phrase, words)
        for start, token in enumerate(tokens)
        for precedence, phrase, words in _phrases_by_first_stem().get(token, ())
        if tuple(tokens[start : start + len(phrase)]) == phrase
    ]
    used = [False] * len(tokens)
    matched: list[str] = []
    for _, start, phrase, words in sorted(found):
        span = range(start, start + len(phrase))
        if not any(used[i] for i in span):
            for i in span:
                used[i] = True
            matched.append(words)
    return tuple(matched)


def matched_vocabulary(question: str) -> list[str]:
    """The ordinance words of each entry whose everyday phrase the question uses; the longest phrase wins."""
    return list(_matches(question))


def ordinance_words() -> list[str]:
    """Every entry's ordinance words, once each (what :func:`matched_vocabulary` can return)."""
    return sorted({words for _, words in VOCABULARY})


def expansion_terms(question: str) -> str:
    """Only the ordinance vocabulary that the question's everyday words stand for, each word once."""
    added = matched_vocabulary(question)
    for word in _words(question):
        if word.isdigit() and len(word) <= 3:
            added.append(number_words(int(word)))
        elif word in _ORDINALS:
            added.append(_ORDINALS[word])
    return _unique_new_words(" ".join(added), set(stems(question)))


def _unique_new_words(text: str, present: set[str]) -> str:
    out: list[str] = []
    seen = set(present)
    for word in text.split():
        stem = _STEMMER.stemWord(word.lower())
        if stem not in seen:
            seen.add(stem)
            out.append(word)
    return " ".join(out)


def expand_query(question: str) -> str:
    """The question followed by the ordinance vocabulary its everyday words stand for."""
    return " ".join([question, expansion_terms(question)]).strip()


_MONTHS = {name[:3].lower(): name for name in MONTH_NAMES if len(name) > 3} | {"sept": "September"}
_SHORT_MONTH_DAY = re.compile(
    r"\b(" + "|".join(_MONTHS) + r")\.?(?=\s+\d{1,2}(?:st|nd|rd|th)?\b)", re.IGNORECASE
)


def spelled_months(question: str) -> str:
    """Short month names before a day written out ("pumped nov 15" → "pumped November 15"): "nov" is also
    a notice of violation, and "dec" and "mar" are words of their own."""
    return _SHORT_MONTH_DAY.sub(lambda m: _MONTHS[m.group(1).lower()], question)


def lexicon_words() -> str:
    """Every word the lexicon knows, everyday and ordinance alike (the speller keeps these as they are)."""
    return " ".join(f"{everyday.replace('|', ' ')} {words}" for everyday, words in VOCABULARY)
