"""How people say it versus how the ordinances say it.

Operators say "grease trap" for every device, "pump" for maintenance, "ticket" for a notice of violation,
"garbage disposal" for a food grinder and "bin" for a container (``shared/docs/product.md``). Each rule adds
the ordinance's words to a query that uses the everyday ones, so lexical search can meet the text; the dense
model sees the query as typed. The rules add vocabulary only: they never choose an answer.
"""

from __future__ import annotations

import re

# (pattern in the user's words, words the ordinances use for it)
QUERY_EXPANSIONS: tuple[tuple[str, str], ...] = (
    (r"\bgrease ?traps?\b|\btraps?\b", "grease interceptor grease trap GCD grease control device"),
    (r"\binterceptors?\b", "grease interceptor GCD"),
    (
        r"\bpump(ed|ing|s)?\b|\bclean(ed|ing)? ?out\b|\bempt(y|ied)\b|\bservic(e|ed|ing)\b",
        "pumped out cleaned maintained maintenance frequency",
    ),
    (r"\bhow often\b|\bhow frequent(ly)?\b|\bschedule\b", "frequency every days"),
    (
        r"\btickets?\b|\bfines?\b|\bcitations?\b|\bpenalt(y|ies)\b|\bnovs?\b|\bviolation\b",
        "notice of violation NOV penalty fee administrative citation",
    ),
    (
        r"\bback ?ups?\b|\bbacked up\b|\boverflow(s|ing|ed)?\b|\bspill(s|ed|ing)?\b|\bsewage\b",
        "sanitary sewer overflow SSO spill notify immediately",
    ),
    (r"\bgarbage disposals?\b|\bdisposals?\b|\bgrinders?\b|\binsinkerator\b", "food grinder"),
    (r"\bbins?\b|\bcarts?\b|\bdumpsters?\b|\btoters?\b", "container"),
    (
        r"\brestaurants?\b|\bkitchens?\b|\bcafe\b|\bdiner\b|\bbusiness\b|\bshop\b",
        "food service establishment FSE",
    ),
    (
        r"\breceipts?\b|\bpaperwork\b|\bmanifests?\b|\brecords?\b|\blogs?\b",
        "manifests records record keeping",
    ),
    (r"\bkeep\b.*\b(records?|manifests?|receipts?|paperwork)\b|\bhow long\b", "retain kept years"),
    (r"\bcall\b|\bphone\b|\bnumber to\b|\bwho do i (tell|contact|notify)\b", "notify telephone immediately"),
    (r"\bsend\b|\bsubmit\b|\bturn in\b|\bgive the city\b", "provide copies submit"),
    (r"\bhow soon\b|\bdeadline\b|\bhow many days\b|\bhow long do i have\b", "within days hours"),
    (r"\bhauler\b|\bpumper\b|\bpumping company\b|\bvacuum truck\b", "waste hauler licensed"),
    (r"\bcost\b|\bprice\b|\bhow much\b|\bpay\b|\bcharge\b|\bfee\b", "fee charge $ amount"),
    (r"\blate\b|\boverdue\b|\bdidn'?t pay\b|\bunpaid\b", "delinquent penalty invoice payment"),
    (r"\bcompost(ing|able)?\b|\bfood waste\b|\bscraps\b|\bleftovers\b", "organic waste food scraps"),
    (r"\brecycl(e|ing|ables?)\b", "recyclable materials blue container"),
    (r"\btrash\b|\bgarbage\b(?! ?disposal)|\brubbish\b", "black container solid waste"),
    (
        r"\bexempt(ion)?\b|\bwaiver\b|\bget out of\b|\bdon'?t have room\b|\bno room\b|\bno space\b",
        "waiver de minimis physical space variance",
    ),
    (r"\bde minim[iu]s\b|\bminimus\b|\bsmall amount\b|\bbarely any\b", "de minimis waiver"),
    (
        r"\bdonat(e|ed|es|ing|ion)\b|\bleftover food\b|\bextra food\b|\bfood bank\b",
        "edible food recovery organization",
    ),
    (r"\bdishwashers?\b|\bhot water\b", "dishwasher temperature one hundred forty degrees"),
    (r"\benzymes?\b|\bbacteria\b|\bchemicals?\b|\bdegreaser\b", "additives emulsifying biological"),
    (
        r"\bfryer oil\b|\bcooking oil\b|\bused oil\b|\bgrease barrel\b|\bwaste oil\b",
        "waste cooking oil collected stored barrels drums recycling",
    ),
    (r"\bremodel(ing)?\b|\bexpan(d|sion)\b|\brenovat(e|ion)\b", "expansion remodeling notify in advance"),
    (r"\bsell(ing)?\b|\bnew owner\b|\bbuy(ing)?\b|\btransfer\b", "transfer ownership non-transferable"),
    (r"\bappeal\b|\bdispute\b|\bcontest\b", "appeal hearing"),
    (r"\bstaff\b|\bemployees?\b|\bworkers?\b|\bcooks?\b", "employee training"),
    (r"\binspect(ion|or)?s?\b", "inspection inspector access"),
    (r"\bsign(s|age)?\b|\bposter\b", "signage posted"),
    (r"\btemps?\b|\bhot\b|\bboiling\b|\bdegrees?\b", "temperature degrees Fahrenheit"),
    (r"\bcheck(s|ing)?\b|\blook (at|in|through)\b|\bgo(es)? through\b", "inspect inspection"),
    (
        r"\blandlord\b|\bplaza\b|\bstrip mall\b|\bshopping (center|centre|mall)\b"
        r"|\bproperty owner\b|\btenants?\b",
        "owner commercial property multiple tenants single parcel",
    ),
    (r"\bapartments?\b|\bcondos?\b|\bunits\b|\bcomplex\b|\bhoa\b", "multi-family residential dwelling units"),
    (r"\bhouse\b|\bhome\b|\bresidents?\b|\bresidential\b", "single-family residential"),
    (
        r"\bcome back\b|\bre-?inspect(ion)?\b|\bfollow[- ]up visit\b",
        "reinspection additional inspection charge",
    ),
    (r"\bstart(ed|ing)?\b|\bbegin(ning)?\b|\bsince when\b|\bwhen did\b", "commencing beginning"),
    (r"\bcourt\b|\bsue[sd]?\b|\blawsuit\b|\bmax(imum)? fine\b", "civil penalties superior court"),
    (r"\bjail\b|\bcriminal\b|\bmisdemeanor\b|\barrest", "misdemeanor criminal penalties"),
    (r"\bshut (me |us |it )?(off|down)\b|\bcut off\b|\bturn off\b", "terminate sewer service suspension"),
    (r"\blicen[cs]ed?\b|\bpermits?\b", "FOG permit wastewater discharge permit"),
    (r"\bhow big\b|\bsize\b|\bsizing\b", "sizing size Plumbing Code"),
    (r"\blid\b|\bmanhole\b|\baccess\b", "access manholes"),
    (r"\bfryers?\b|\bgrill\b|\bhood\b|\bexhaust\b|\bfilters?\b", "kitchen exhaust filters"),
    (r"\bdrains?\b|\bsinks?\b", "drainage pipes sinks"),
    (r"\bmeans?\b|\bdefin(e|ition)\b|^\s*what('?s| is| are) (a|an|the)?\b", "means"),
)

_COMPILED = tuple((re.compile(pattern, re.IGNORECASE), words) for pattern, words in QUERY_EXPANSIONS)


def expand_query(question: str) -> str:
    """The question followed by the ordinance vocabulary its everyday words stand for."""
    return " ".join([question, expansion_terms(question)]).strip()


def expansion_terms(question: str) -> str:
    """Only the ordinance vocabulary that the question's everyday words stand for."""
    return " ".join(words for pattern, words in _COMPILED if pattern.search(question))


def lexicon_words() -> str:
    """Every word the lexicon knows, everyday and ordinance alike (the speller keeps these as they are)."""
    everyday = [re.sub(r"\\[a-z]|\(\?[!=]", " ", pattern) for pattern, _ in QUERY_EXPANSIONS]
    return " ".join([*everyday, *(words for _, words in QUERY_EXPANSIONS)])
