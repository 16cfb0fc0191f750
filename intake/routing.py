"""Which guided flow a message asks for, read from what it means rather than the words it shares with one.

The classifier learns which kind of message this is from examples; some distinctions it cannot learn from
words alone, and getting them wrong starts the wrong conversation:

- **A spill happening now, or a past one.** "grease is bubbling out of the cleanout right now, who do I call?"
  needs the spill report (whom to call first); "our kitchen caused a sewer backup two weeks ago, what happens
  to us now?" is a question about consequences (:func:`spill_is_live`).
- **Reporting a pump-out, or asking about pumping.** "pumped 9/2 by Acme, 500 gallons" logs a service;
  "interceptor got pumped June 2, when's the next one due?" is a question with a computed answer, and
  "the fog manager bumped us to every 30 days, can we fight it?" is a question (:func:`reports_pumpout`).
- **The next due date from a date given, or from the records.** "last pump was oct 23, when's the next one
  due?" is answered from that date (:func:`gives_service_date`); "when is my next pump-out?" from the records.
- **Asking to apply, or asking how.** "I need a FOG permit" starts the application; "how do I get the FOG
  permit?" and "where is the office we file the application at?" are questions, answered and then offered
  the application (:func:`asks_to_apply`).

:func:`route` applies them to the classifier's intent. Pure functions of the text: no clock, no state.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from cities import CITY_NAMES, corrects_the_city, detect_city, without_city_names
from intake.numbers import NUMBER_PATTERN

SPILL_INTENT = "report_spill"
PUMPOUT_INTENT = "log_pumpout"
STATUS_INTENT = "service_status"
APPLY_INTENTS = frozenset(
    {"apply_permit", "request_deminimis_waiver", "request_space_waiver", "request_interceptor_variance"}
)
QUESTION_INTENT = "ask_question"
SORT_INTENT = "sort_item"
CITY_INTENT = "inform_city"
CANCEL_INTENT = "cancel"
START_OVER_INTENT = "start_over"
INFORM_INTENT = "inform"
HANDOFF_INTENT = "human_handoff"
CHANGE_INTENT = "change_answer"
# What a form reads as an answer; one that asks a question of its own (ASKING_WORDS or more) is a question.
ANSWER_INTENTS = frozenset({INFORM_INTENT, "affirm", "deny", "change_answer"})
SOCIAL_INTENTS = frozenset({"greet", "goodbye", "thanks"})
ASKING_WORDS = 5
# A message taken for a "no" this long, ending in "?" and not opening with a no, asks ("... entonces ya no
# aplica nada?"); "no, not yet" and "no, it stopped but there's still a puddle?" answer
QUESTION_WITH_A_NO_WORDS = 8
_OPENS_WITH_A_NO = re.compile(r"^\W*(?:no|nope|nah|not really|negative|nel)\b", re.IGNORECASE)
CITY_QUESTION_WORDS = 5  # "inglewood?" and "its in victorville ok?" answer "which city?"; longer ones ask
# Kinds of message a live spill described in it turns into a spill report (never a form answer: "inform").
QUESTION_LIKE = frozenset({QUESTION_INTENT, "nlu_fallback", "out_of_scope", "help"})


def _words(*patterns: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(patterns) + r")\b", re.IGNORECASE)


_NOW = _words(
    r"right now",
    r"now",
    r"currently",
    r"at the moment",
    r"still (?:going|coming|flowing|running|spilling|overflowing|leaking|bubbling|pouring)",
    r"as we speak",
    r"this (?:second|minute)",
    r"won'?t stop",
    r"is (?:coming|flowing|running|spilling|overflowing|leaking|bubbling|pouring|backing|gushing|going)",
    r"are (?:coming|flowing|running|spilling|overflowing|leaking|bubbling|pouring|backing|gushing|going)",
    # "grease backing up out the floor drain n running out the back door": the spill described as it goes
    r"(?:backing|backin'?|bubbling|coming|comin'?|pouring|gushing|spilling|overflowing|running|flooding) "
    r"(?:up )?"
    r"(?:out|over|into|onto|from|through)",
    r"(?:it'?s|there'?s|theres) (?:like )?(?:a lot of |some |sewage |grease |water )*(?:coming|flowing|"
    r"running|spilling|overflowing|leaking|bubbling|pouring|backing|gushing|all over|everywhere|going)",
    r"coming (?:up|out)",
    r"bubbling",
    r"gushing",
    r"overflowing",
)
_EXPLICIT_NOW = _words(
    r"right now",
    r"rn",  # texted "right now"
    r"currently",
    r"at the moment",
    r"as we speak",
    r"this (?:second|minute)",
    r"won'?t stop",
    r"still (?:going|coming|flowing|running|spilling|overflowing|leaking|bubbling|pouring)",
    r"just (?:spilled|overflowed|backed up|started)",
    # "... and it's heading for the storm drain"
    r"(?:it'?s|its|is|are) (?:heading|running|going|flowing|spreading|pouring|leaking) "
    r"(?:for|to|toward|towards|into|down|in)",
    # "grease is coming out of the trap" ("se esta saliendo la trampa", glossed): going on as it is written
    r"(?:it'?s|its|is|are) (?:coming (?:out|up)|overflowing|spilling|bubbling|gushing|backing up)",
)
_PAST = _words(
    r"yesterday",
    r"last (?:night|week|wk|month|year|weekend|time)",
    r"last (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)",
    r"(?:a|one|two|three|four|five|six|couple|few|several|\d+) (?:days?|weeks?|months?|years?|hours?) ago",
    r"ago",
    r"(?:on|over the|this past) (?:weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"(?: night| morning| afternoon)?",
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) (?:night|morning|afternoon)",
    r"earlier this (?:week|month|year)",
    r"back in",
    r"we (?:already )?(?:called|cleaned|mopped|had it cleaned|reported)",
    r"(?:got|was|been) cleaned up",
    r"(?:caused|happened|had|overflowed|spilled|backed up|flooded|leaked)",
    r"did ?n[o']?t (?:go|get|reach|make it)",  # "it didnt go in the street, just came up the floor drain"
    r"the city (?:says|said|came|cleaned|crew|sent|wants|billed|charged)",
    r"city (?:guy|guys|inspector|crew|worker|workers|people|truck) (?:came|said|told|was here)",
    r"next time",
    r"(?:what|how) (?:happens|can they|will they|do they|would they)",
    r"(?:fine|fined|penalty|penalties|charge|charged|bill|billed|owe|pay for|cleanup cost)",
    # "victorville sent an invoice for cleaning the sewer main after our backup, $2,800, dated nov 2"
    r"invoices?d?",
)
_HYPOTHETICAL = _words(
    # "who pays if the shared line behind the building backs up because of their grease?"
    r"(?:what )?if (?:we|i|you|there|it|a|an|the|our|my|someone|somebody) (?:\w+ ){0,7}?"
    r"(?:have|has|had|get|gets|is|are|ever|overflows?|spills?|backs? up|happens?|occurs?)",
    # "If there's an overflow ... that we can't stop, who do I call?" (never "idk if theres a number")
    r"(?<!sure )(?<!know )(?<!idk )(?<!checking )(?<!wondering )(?<!see )(?<!ask )"
    r"(?:what )?if (?:there'?s|theres|there is|there are|there was)",
    r"(?:happens?|happened|occurs?) again",
    # "What exactly do I need to do if one of them has a sewage backup ...?" (a tenant's), never "not sure if
    # one of them is causing it"
    r"(?<!sure )(?<!know )(?<!asked )(?<!ask )(?<!checking )if one of (?:them|the \w+|our \w+|my \w+) "
    r"(?:has|have|gets|had)",
    r"in case (?:of|we|there)",
    r"(?:what|who) (?:happens|do (?:we|i) call|to call|we should call|should (?:we|i) call) (?:if|when)",
    # "I'm putting together an emergency sign for our kitchen: who to call if ..."
    r"(?:emergency|a) (?:sign|poster|plan|checklist|procedure)",
    r"next time",
)
_ASKS_WHETHER = _words(
    r"(?:do|did|does|should|would|must) (?:i|we|you|they) (?:\w+ )?(?:need to|have to|gotta|report)",
    r"(?:was|were) (?:i|we) supposed to",
    r"(?:is it|am i|are we) (?:too late|required|supposed)",
)
# Leave asked to pour or put something down a drain, where no spill is told: "the driver asked if he could
# pour the water back down our cleanout. is that ok?" (never "grease all over the lot, ok to hose it off?")
_PUT_DOWN_A_DRAIN = (
    r"\b(?:pour|dump|put|flush|empty|drain)\w*\s+(?:\w+\s+){0,6}?(?:back\s+)?(?:down|into|in)\s+"
    r"(?:the\s+|our\s+|a\s+|my\s+)?(?:\w+\s+)?(?:drain|cleanout|clean out|sink|sewer|toilet)\b"
)
_ASKS_LEAVE = re.compile(
    rf"\b(?:is (?:that|it|this)|would (?:that|it) be|is it|can|could|may)\b.{{0,80}}{_PUT_DOWN_A_DRAIN}"
    rf"|{_PUT_DOWN_A_DRAIN}.{{0,80}}\b(?:ok|okay|allowed|legal|fine)\b",
    re.IGNORECASE | re.DOTALL,
)
# What counts as a spill, asked ("how many gallons counts as a spill? if its a little do we still call?",
# glossed "a partir de how many gallons se considera what es spill"): the rule's threshold, no spill going on
_WHAT_COUNTS_AS = _words(
    r"(?:how (?:many|much)|what|which)(?: gallons?| amount| size)? (?:\w+ ){0,2}?"
    r"(?:counts?|is considered|are considered|se considera|se cuenta|cuenta) (?:\w+ ){0,2}?"
    r"(?:a |as a |as |como |what es |es )?(?:spill|overflow|derrame|backup)",
    r"(?:se considera|counts? as|cuenta como) (?:\w+ ){0,2}?(?:spill|overflow|derrame)",
)
# The spill line's number asked to keep for later ("lo quiero pegar en la cocina", "for future reference"):
# no spill going on, unless the message tells one as it goes
_FOR_LATER = _words(
    r"(?:post|tape|hang|pin|stick|pegar|pego|colgar|poner)\b.{0,30}\b(?:kitchen|wall|fridge|office|phone|"
    r"cocina|pared|refri|refrigerador|oficina)",
    r"(?:keep|have|save|tener|guardar) (?:it|the number|that number|el numero|lo )?\s?"
    r"(?:handy|on hand|a la mano)",
    r"for (?:future|later) reference",
)
# A spill told in words that say it happened or happens, not a place it could happen at
_SPILLING = _words(
    r"overflow\w*",
    r"spill\w*",
    r"backup",
    r"backed up",
    r"back(?:s|ing)? up",
    r"sewage",
    r"flood\w*",
    r"all over",
    r"coming (?:up|out)",
    r"puddle",
)
# A manhole, cleanout or interceptor asked about as built: its size, its design, where it goes
_THE_DEVICE_S_DESIGN = _words(
    r"sizes?",
    r"diameter",
    r"inch(?:es)?",
    r"how (?:big|large|wide|deep)",
    r"dimensions?",
    r"(?:minimum|required) (?:size|opening)",
    r"(?:building|build|designing|design|plans?|installing|install) (?:a |the |our |new )?"
    r"(?:stores?|restaurants?|locations?|kitchens?|interceptors?|manholes?)",
    r"tama[ñn]o",
    r"pulgadas",
    r"di[aá]metro",
)
# "how do i report a grease spill to the city of victorville, just asking": how it is done, not a report
_HOW_TO_REPORT = _words(
    r"how (?:do|would|can|should|does) (?:i|we|you|one|someone|a business) (?:\w+ )?report",
    r"just (?:asking|wondering|curious)",
)
_REPORT_REQUEST = _words(
    r"report (?:a|an|the|this)? ?(?:spill|overflow|backup|sewage|leak)",
    # (not a duty to report figures: "we have to report something a la city and by when?")
    r"(?:want|need|like|have) to report(?! (?:something|anything|pounds|amounts?|records?|data|numbers|"
    r"annually|every year|each year|yearly)\b)",
    r"file a (?:spill )?report",
    r"make a report",
    r"who do i call",
    r"who should i call",
    r"what number do i call",
)


# "our storage room is overflowing with paper", "the inbox is overflowing": no spill, whatever else the
# message says of grease
_FIGURATIVE_OVERFLOW = _words(
    r"overflowing with "
    r"(?!(?:\w+ )?(?:sewage|grease|water|wastewater|fog|oil|sludge|waste|aguas?|grasa)\b)\w+",
    r"(?:room|office|inbox|closet|desk|files?|boxes|schedule|storage|mailbox|calendar|shelves)"
    r" (?:is |are )?(?:overflowing|full)",
)


def _literal(text: str) -> str:
    """``text`` without a figurative overflow (:data:`_FIGURATIVE_OVERFLOW`)."""
    return _FIGURATIVE_OVERFLOW.sub(" ", text)


def spill_is_live(text: str) -> bool:
    """Whether a message about a spill is about one happening now (or asks to report one), not a past one.

    A message that describes a spill (sewage, a manhole, an overflow, grease in the street) with no sign of
    when is taken as live: someone describing sewage in the street is reporting it, and whom to call comes
    first. With signs of a past incident ("yesterday", "the city says we owe"), or a hypothetical one ("if
    we have a backup at night"), only an explicit "right now" or "still flowing" makes it live. A message
    that only mentions grease or a drain ("can the dishwasher go to the grease trap so the drain doesn't
    clog?") is not a report.
    """
    text = _A_PLACE_UP_THE_STREET.sub(" ", _literal(text))
    if _HYPOTHETICAL.search(text) and not _EXPLICIT_NOW.search(text):
        return False  # "if we have a backup at 11 pm on a saturday, who do I call?"
    if _WHAT_COUNTS_AS.search(text) and not (_NOW.search(text) or _EXPLICIT_NOW.search(text)):
        return False  # "¿a partir de cuántos galones se considera que es derrame? ¿igual hay q llamar?"
    if _FOR_LATER.search(text) and not (_NOW.search(text) or _EXPLICIT_NOW.search(text)):
        return False  # "what's the number to report a spill? I want to post it in the kitchen"
    if _THE_DEVICE_S_DESIGN.search(text) and not (_NOW.search(text) or _EXPLICIT_NOW.search(text)):
        return False  # "any difference in the access manhole size over the interceptor?": a design rule
    if _about_what_the_city_did(text):
        return (
            False  # "city shut off our sewer yesterday w an emergency order, said our grease is backing up"
        )
    if _HOW_TO_REPORT.search(text) and not _NOW.search(text):
        return False  # asked how it is done, with nothing going on
    if _ASKS_LEAVE.search(text) and not (
        _NOW.search(text) or _EXPLICIT_NOW.search(text) or _SPILL_FLOW.search(text) or _SPILLING.search(text)
    ):
        return False  # "the driver asked if he could pour the water back down our cleanout. is that ok?"
    asks_whether = _ASKS_WHETHER.search(text)
    if _REPORT_REQUEST.search(text) and not (asks_whether and (_PAST.search(text) or not _NOW.search(text))):
        # "last friday our trap backed up, do i need to report that now?" and "we soaked it all up, none of
        # it went down any drain, so do I even need to report that?" ask whether
        return True
    if not _SPILL_WORDS.search(text):
        return False
    if _CONTAINERS.search(text) and not _SEWER_WORDS.search(text):
        return False  # "my green yard waste cart keeps overflowing": a cart too small, not a spill
    if _PAST.search(text):
        # "... ya se limpio todo ... ahorita me dice que hay que mandar algo por escrito" (glossed "right
        # now me says"): the "now" of being told what to send, not of the spill
        return bool(_EXPLICIT_NOW.search(_NOW_OF_BEING_TOLD.sub(" ", text)))
    return bool(_SPILL_EVENT.search(text) or _SPILL_FLOW.search(text))


_NOW_OF_BEING_TOLD = _words(
    # only a verb of saying ("right now me says mi jefe"): "right now we have sewage coming out again" is live
    r"right now (?:\w+ ){0,3}?(?:says?|said|tells?|told|asks?|asked)"
)


def spill_happening_now(text: str) -> bool:
    """Whether a message describes a spill going on as it is written ("sewage is coming up out of the
    manhole", "our grease trap is overflowing"): the caller is told whom to call before anything is asked.
    Signs of a past incident need an explicit "right now" or "still flowing" to count."""
    text = _literal(text)
    if not _SPILL_WORDS.search(text):
        return False
    # "... just spilled grease in the alley and it's heading for the storm drain": going on, past words or not
    if _EXPLICIT_NOW.search(text):
        return True
    return bool(_NOW.search(text)) and not _PAST.search(text)


_SERVICE_DONE = _words(
    r"pumped",
    r"pump(?:ed)? out",
    r"serviced",
    r"cleaned(?! up)(?: out)?",  # "got it cleaned up" after a backup is a clean-up, not a service
    r"hauled",
    r"(?:the )?(?:hauler|pumper|truck|guy|company) came",
    r"took \d[\d,]* ?(?:gal|gallons)",
    r"(?:log|record|add)(?:ging)? (?:a |our |the |my )?(?:pump|service|pumping|cleaning)",
)
_NOT_A_SERVICE = _words(
    r"overflow(?:ed|ing)?",
    r"backup",
    r"backed up",
    r"back(?:s|ing)? up",
    r"spill(?:ed)?",
    r"bumped",
    r"pump less",
    r"fight",
    r"appeal",
    r"enzyme",
    r"hot water",
)
_ASKS_WHEN_DUE = _words(
    r"when(?:'?s| is| do| does| will| should)? (?:the |my |our )?next",
    r"when (?:is it|am i|are we) due",
    r"when do (?:i|we) (?:have|need|gotta)",
    r"next (?:one|pump|pumping|service|cleaning)",
    # "... cleaned on November fifth and they wanna know like how long they got before it has to be done"
    r"before (?:it|they|the \w+) (?:has|have|needs?|gotta|got) to (?:be|get)",
    r"(?:wanna|want to|wants to|would like to|need to|needs to) know",
)
_LOG_REQUEST = _words(  # not "to save us $", "save money"; not a log kept ("on our paper log")
    r"(?<!\bpaper )(?<!\bour )(?<!\bthe )(?<!\bmy )(?<!\byour )(?<!\ba )(?<!\bservice )(?<!\bpump )"
    r"(?:log|record|add|save(?! (?:us|me|you|them|money|\$|a lot|some|time|cash))|enter)(?:ging)?"
    r"(?: (?:a|an|our|the|my|this|it)\b)?"
)


def asks_to_log(text: str) -> bool:
    """Whether a message asks to log a pump-out ("need to log a pump out", "record our cleaning", "quiero
    reportar el pump de la trampa"), not how."""
    if not ((_LOG_REQUEST.search(text) or _TO_REPORT_IT.search(text)) and _PUMP_WORD.search(text)):
        return False
    # "... can I tell him to come back tomorrow? And my manager missed logging 2 pumpouts ...": asked about
    return not (_is_question(text) or asks_a_question(text)) or bool(_ASKS_US_TO.search(text))


_PUMP_WORD = re.compile(r"pump|service|clean", re.IGNORECASE)
# Asking to report something done ("I want to report the pump-out", glossed "quiero reportar el pump"); not
# :data:`_REPORT_REQUEST`, whose "who do i call" and "report a spill" ask for the spill report
_TO_REPORT_IT = _words(r"(?:want|need|wanna|have|got|would like|'d like) to report")
_REPORTING = _words(r"report(?:ing)?", r"let (?:you|the city) know", r"tell you")
_ASKS_US_TO = re.compile(  # "can you log it?", glossed "lo pueden registrar?" ("lo pueden log")
    # ("hey can u log our grease trap cleaning from today")
    r"(?:^\s*|[,.;!?]\s*)(?:(?:so|ok|and|hey|hi|hello|yo)\W+)*(?:can|could|would|will) (?:you|u) "
    r"(?:please |pls )?"
    r"(?:log|record|add|save|enter)\b"
    r"|\b(?:lo |la |me lo |me la |nos lo )?"
    r"(?:pueden|puede|puedes|podrian|podria|podrias|podr[ií]an|podr[ií]as) "
    r"(?:log|record|registrar|anotar)\b",
    re.IGNORECASE,
)


def asks_us_to_log(text: str) -> bool:
    """Whether a message asks the assistant to log something ("can you log it?", glossed "me lo puedes
    registrar?"), whatever it names."""
    return bool(_ASKS_US_TO.search(text))


def reports_pumpout(text: str) -> bool:
    """Whether a message reports a pump-out to log (not a question about pumping, or about an overflow)."""
    if asks_to_log(text):
        return True
    if not _SERVICE_DONE.search(text) or _NOT_A_SERVICE.search(text) or _LAST_SERVICED.search(text):
        return False  # "It was last pumped on August 20th" after "our permit says 120 days": a fact, no log
    return not (_ASKS_WHEN_DUE.search(text) or _is_question(text) or asks_a_question(text))


# The last service told as a fact for the topic's clock, not a service reported to log
_LAST_SERVICED = _words(r"(?:was|were|got|been) last (?:pumped|serviced|cleaned|pumped out)")


_LAST_SERVICE = _words(
    r"last (?:pump(?:ed|ing)?|pump[- ]?out|service[d]?|cleaning|cleaned|one)",
    r"(?:pumped|serviced|cleaned|pumped out)(?: on| out)?",
    r"got pumped",
    r"(?:pump(?:er)?|pump truck|hauler) came",
    r"came (?:el |la |the )?(?:pump(?:er)?|pump truck|hauler)",  # Spanish, glossed: "vino el pumper"
    # "el ultimo pump fue el 3 de sept" (the gloss keeps "ultimo")
    r"[uú]ltim[oa] (?:pump\w*|bombeo|servicio|service|limpieza|cleaning|"
    r"vez (?:que|q|what) (?:vino|came|pump\w*))",
)
_MONTH = (
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|"
    r"ene|abr|ago|dic|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    r"noviembre|diciembre)[a-z]*"
)  # English, and the Spanish a glossed message keeps ("pumped el 3 de nov")
_DAY_FORMS = (
    r"\d{1,2}/\d{1,2}(?:/\d{2,4})?",
    _MONTH + r"\.? ?\d{1,2}",
    r"\d{1,2}(?:st|nd|rd|th)? (?:of |de )?" + _MONTH,
    r"yesterday|today|this morning|\d+ (?:days?|weeks?|months?) ago|last (?:week|month)",
)
_A_DAY = re.compile(r"\b(?:" + "|".join(_DAY_FORMS) + r")\b", re.IGNORECASE)


# What a question about the records on file names: the device and its service, or what is due next.
# Words that name the device or its servicing ("pumped", "the trap", "our hauler")
_SERVICE_WORDS = (r"pump\w*", r"servic\w*", r"clean\w*", r"interceptor\w*", r"trap\w*", r"haul\w*")
_NAMES_THE_SERVICE = _words(*_SERVICE_WORDS)
# A status question this long that never names the device or its servicing asks about something else ("...
# a written agreement to pick up extra bread from a grocery store. Any reporting, and when's the next one
# due?"): the question is answered, not the pump-out records looked up
STATUS_MAX_WORDS = 20
_HOW_OFTEN = _words(r"how often", r"how frequently", r"what frequency", r"every how (?:many|long)")
_SERVICE_TOPIC = _words(
    *_SERVICE_WORDS,
    r"due",
    r"deadlines?",
    r"coming up",
    r"upcoming",
    r"next (?:one|pump\w*|servic\w*|clean\w*|due|time|visit)",  # not "opening next year"
    r"when(?:'s| is) (?:the |my |our )?next",
    r"records?",
)


def gives_service_date(text: str) -> bool:
    """Whether a message states when the device was last serviced ("last pump was oct 23"): asking when the
    next one is due then gets the computed date from it, not the records on file."""
    return bool(_LAST_SERVICE.search(text) and _A_DAY.search(text))


_APPLY_REQUEST = _words(
    # "we want apply" is how "queremos solicitar" reads in its English gloss
    # and a relative's or owner's wish: "quieren aplicar" read as "they want apply"
    r"(?:i|we|they|he|she|parents|owner|owners|boss) (?:need|needs|want|wants|would like|'?d like) "
    r"(?:(?:to )?apply|to get|(?:to )?start|(?:to )?request|a|an|the)",
    r"(?:i|we)(?:'?d| would) like (?:a|an|the|to)",
    r"(?:i|we) want (?:a|an|the|to)",
    r"apply(?:ing)? (?:for|now)",
    r"start (?:a|an|the|my|our) (?:application|permit|waiver|variance|request)",
    r"sign (?:me|us) up",
    r"let'?s (?:apply|start|do it|file|submit|send|go ahead)",
    # "ok lets do the application then", "let's do that waiver"
    r"let'?s do (?:the|an?|my|our|that|this) (?:\w+ )?"
    r"(?:application|request|waiver|permit|variance|paperwork)",
    r"(?:go ahead and|please) (?:file|submit|start) (?:a|an|the|my|our)",
    r"request (?:a|an|the)",
    r"(?:can|could|may) (?:i|we) (?:get|have|apply|start|request|file) (?:a|an|the|for|my|our)",
)
# Applying said as the time of something else: "can we keep cooking while we apply for a new one", "until we
# apply for the permit", "mientras aplicamos": no request to apply
_WHILE_APPLYING = _words(
    r"(?:while|until|till|before|after|when|whenever|once|as soon as) (?:we|i|they|you) (?:\w+ )?"
    r"(?:apply|applying|request|file)",
    r"(?:mientras|hasta que|antes de que|despu[eé]s de que|cuando) (?:\w+ )?(?:aplic|solicit|ped|pid)\w*",
)


def _requests_applying(text: str) -> re.Match[str] | None:
    """Words that ask to apply (:data:`_APPLY_REQUEST`) outside a clause that says applying is when
    something else happens (:data:`_WHILE_APPLYING`)."""
    return _APPLY_REQUEST.search(_WHILE_APPLYING.sub(" ", text))


# "could we get a ...", which with the facts it gives asks whether they qualify
_COULD_WE_GET = re.compile(r"\b(?:can|could|may) (?:i|we) (?:get|have) (?:a|an|the|my|our)\b", re.IGNORECASE)
_HOW_OR_WHERE = _words(
    r"how (?:do|can|would|does|should) (?:i|we|you|one|a business|someone)",
    r"how to",
    r"where (?:do|can|is|are|should)",
    r"what(?:'?s| is| are)? (?:the )?(?:address|office|hours|phone|number|street)",
    r"who (?:do|should) (?:i|we)",
    r"what (?:goes|do i|do we|does it|is needed|documents|info|information|paperwork|papers|details)",
    r"(?:want|need|needs|ask for|asks for|require|requires) on (?:the|our|my|an?) (?:\w+ ){0,2}application",
    r"(?:office|street) address",
    r"office hours",
    r"in person",
    r"what are (?:our|my) options",
    r"(?:do|does) (?:i|we|my|our|a|an) .* (?:need|have to|require)",
    r"(?:qualify|eligible|eligibility)",
)


# Each application: the words that name it ("waiver de minimis", "the variance"), and, for a waiver, the
# further words that say what it is for (little organic waste, no room for the carts, the interceptor).
class _Application(NamedTuple):
    intent: str
    names: re.Pattern[str]
    about: re.Pattern[str] | None = None


_APPLICATIONS = (
    _Application(
        "request_deminimis_waiver",
        _words(r"de ?minimis"),
        _words(
            r"small amounts?",
            # "the organics waiver for small businesses": the one for little waste, not for no room
            r"small (?:\w+ )?(?:business|businesses|generators?)",
            r"negocios? (?:muy )?peque[nñ]os?",
            r"gallons?",
            r"galones",
            r"yards?",
            # "we barely produce any food waste", "casi no tiramos comida"
            r"(?:barely|hardly|rarely) (?:\w+ ){0,3}(?:food|organic|organics|scraps)",
            r"(?:very )?little (?:\w+ )?(?:food|organic|organics)",
            r"not (?:much|a lot of) (?:\w+ )?(?:food|organic|organics)",
            r"casi no (?:\w+ )?(?:generamos|tenemos|tiramos|producimos|hay)",
            r"muy poc[ao]s? (?:\w+ )?(?:comida|basura|desperdicio|org[aá]nic[oa]s?)",
        ),
    ),
    _Application(
        "request_space_waiver",
        _words(r"(?:physical )?space waiver", r"(?:no|lack of|falta de) (?:space|room|espacio)"),
        _words(r"space", r"room", r"espacio", r"lugar", r"physical", r"bins?", r"carts?", r"containers?"),
    ),
    _Application(
        "request_interceptor_variance",
        _words(r"variance", r"varianza", r"conditional waiver"),
        _words(r"interceptor", r"conditional", r"condicional", r"pretreatment"),
    ),
    _Application("apply_permit", _words(r"(?:fog |grease )?permit", r"permiso")),
)
_WAIVERS = tuple(application for application in _APPLICATIONS if application.about is not None)


def _about(application: _Application, text: str) -> bool:
    return bool(application.names.search(text) or (application.about and application.about.search(text)))


_APPLY_VERB = _words(
    r"appl(?:y|ying|ication)", r"request(?:ing)?", r"file", r"submit", r"sign(?:ing)? (?:me|us) up"
)


# A request for help applying, asked as a question ("can you help me fill out the FOG permit application?",
# "¿me ayudan a llenar la solicitud?"): a request, not a question about how to apply
_HELP_ME_APPLY = re.compile(
    r"\bhelp (?:me|us) (?:to )?(?:fill(?:ing)? (?:out|in)|complete|start|apply|get (?:started|going))\b"
    r"|\bwalk (?:me|us) through (?:the|an|my|our) (?:\w+ ){0,3}application\b"
    # "quieren solicitar la exencion ..., me ayudan?" (glossed "they want apply ... can you help me"): the
    # help asked at the end, for the application ("... can you help me understand the fees?" asks the fees)
    r"|\b(?:want|wants) (?:to )?apply\b.{0,80}\bcan you (?:help (?:me|us)|start)"
    r"(?: (?:here|por aqui|with (?:it|that|this|the application)))?\W*$",
    re.IGNORECASE,
)
# What is asked before applying ("quieren aplicar al waiver ... y me preguntan si califican", "they want to
# apply but first, how much is it?"): a question, answered; the application is offered after it
_ASKED_BEFORE_APPLYING = _words(
    r"(?:but|pero) (?:\w+ ){0,2}(?:first|primero|antes)",
    r"(?:asks?|asked|ask me|preguntan|pregunta|want to know|wants to know|quieren saber|understand|saber)",
    r"(?:if|whether|si) (?:they|we|i|he|she|it) (?:qualify|need|califican|necesitan)",
    r"(?:don'?t|do not|no) (?:know|saben|sabemos|se)",
)


def _application_named(text: str) -> str | None:
    """The application a request to apply names ("quiero aplicar pal waiver de minimis"), or None."""
    if not (_requests_applying(text) and _APPLY_VERB.search(text)) and not _HELP_ME_APPLY.search(text):
        return None  # "I want the permit fee amount" asks no application
    if _is_question(text) and not _HELP_ME_APPLY.search(text):
        return None
    if _ASKED_BEFORE_APPLYING.search(text):
        return None
    named = [application.intent for application in _APPLICATIONS if application.names.search(text)]
    if not named and _A_WAIVER.search(text):  # "quiero pedir el waiver pa no poner el interceptor grande"
        return waiver_of(text)
    if _A_WAIVER.search(text) and set(named) <= set(WAIVER_INTENTS) and (which := waiver_of(text)):
        return which  # "a waiver from the grease interceptor thing ... theres no room": the interceptor's
    return named[0] if len(named) == 1 else None


# "what if it's 6 gallons instead?", "and if it was 12 gallons", "y si fueran 22 galones?"
_WHAT_IF = re.compile(
    r"^\s*(?:(?:side|quick|one more|another|real quick|otra|una) (?:question|pregunta)\s*[:,.\-–—]?\s*)?"
    r"[¿¡]?\s*(?:(?:ok|okay|and|so|but|pero|o)[,.]?\s+)?"
    r"(?:what if|and if|n if|an if|& if|what about if|que tal si|qué tal si|"
    r"y qu[eé] tal si|suppose|supongamos que|"
    r"y si (?!es correct|es as[ií])(?=fuera|fuese|son\b|es\b|tuvi|hubi|tengo|tenemos|hay\b|"
    r"pong|cambi|baj|sub|no\b|\d))",  # "y si no?", "y si no lo pago?": and if not
    re.IGNORECASE,
)


def is_hypothetical(text: str) -> bool:
    """Whether a message asks what would follow from other facts ("what if it's 6 gallons instead?"): a
    question about the topic, never an answer or a correction."""
    if _WHAT_IF.match(text):
        return True
    # in a sentence of its own after another, said as a what-if ("so thats like 2 weeks out. what if we end up
    # 2 weeks late"); never a bare "and if" that tells what the user will do ("No. And if it starts again I'll
    # call you back", "Son como 20 galones. Y si hay mas le aviso")
    return any(
        _A_WHAT_IF_SAID.match(sentence) and _WHAT_IF.match(sentence) for sentence in sentences(text)[1:]
    )


_A_WHAT_IF_SAID = re.compile(
    r"^\W*(?:(?:and|so|but|y|pero|ok)\W+)?(?:what(?:\s+happens)?|qu[eé](?:\s+pasa)?|que\s+tal)\s+(?:if|si)\b",
    re.IGNORECASE,
)


_WAIVER_WORDS = (r"waivers?", r"exenci[oó]n", r"exemption")
_A_WAIVER = _words(*_WAIVER_WORDS)
# What a request to start a waiver names: the waiver, the variance, or the request or application itself
_NAMES_A_REQUEST = _words(
    *_WAIVER_WORDS,
    r"variances?",
    r"varianza",
    r"de minimis",
    r"applications?",
    r"solicitud",
    r"requests?",
)


WAIVER_INTENTS = frozenset(waiver.intent for waiver in _WAIVERS)


# "which section is that?", "where does it say that?", "¿en qué sección dice eso?": the source of the answer
# just given, asked in a short message that names nothing else
_WHERE_IT_SAYS = _words(
    r"(?:which|what) (?:section|part of the (?:code|law|ordinance)|code section|citation|law)",
    r"where (?:does|did) (?:it|the (?:code|law|ordinance)) say",
    r"where(?:'?s| is) (?:that|this) (?:written|in the (?:code|law|ordinance))",
    r"(?:what'?s|what is) the (?:section|citation|code section|cite)",
    r"(?:source|citation) for (?:that|this)",
    r"(?:cu[aá]l|qu[eé]) (?:secci[oó]n|art[ií]culo|parte del c[oó]digo)",
    r"d[oó]nde dice (?:eso|esto)",
    r"en qu[eé] (?:secci[oó]n|art[ií]culo|parte)",
)
WHERE_IT_SAYS_MAX_WORDS = 12


def asks_where_it_says(text: str) -> bool:
    """Whether a short message asks where the answer just given comes from ("which section should I show my
    district manager?", "where does it say that?")."""
    return len(text.split()) <= WHERE_IT_SAYS_MAX_WORDS and bool(_WHERE_IT_SAYS.search(text))


def asks_for_a_waiver_unnamed(text: str) -> bool:
    """Whether a message asks to apply for a waiver without saying which ("I'd like to apply for the
    waiver"): the classifier's pick of one is a guess, and the conversation's topic says which."""
    return (
        bool(_A_WAIVER.search(text))
        and not any(_about(waiver, text) for waiver in _WAIVERS)
        and bool(_requests_applying(text))
        and not _is_question(text)
    )


def asks_to_apply_unnamed(text: str) -> bool:
    """Whether a message asks to apply without naming for what ("I want to apply for it", "quiero iniciar
    la solicitud", "I'd like to apply for the waiver"): the flow the conversation offered or is about is
    the one meant."""
    return (
        bool(_requests_applying(text) and _APPLY_VERB.search(text))
        and not any(_about(application, text) for application in _APPLICATIONS)
        and not _is_question(text)
    )


def waiver_of(text: str) -> str | None:
    """The waiver a conversation's topic is about (its request intent), or None when it names none or
    several."""
    named = [waiver.intent for waiver in _WAIVERS if _about(waiver, text)]
    if len(named) > 1 and _INTERCEPTOR_VARIANCE in named and not _CONTAINERS.search(text):
        return _INTERCEPTOR_VARIANCE  # "no room for the big interceptor": the interceptor's, not the carts'
    said = [waiver.intent for waiver in _WAIVERS if waiver.names.search(text)]
    if len(said) == 1:  # "de minimis" said, whatever else the conversation mentions
        return said[0]
    if len(named) > 1 and _SPACE_WAIVER in named and not _NO_ROOM.search(text):
        named.remove(_SPACE_WAIVER)  # "1 yard a week, 5 gallons, so no organics bins?": the amounts' waiver
    return named[0] if len(named) == 1 else None


_SEWER_WORDS = _words(
    r"sewage", r"sewer", r"manhole", r"clean ?out", r"grease", r"drains?", r"interceptor", r"trap", r"toilet"
)
_INTERCEPTOR_VARIANCE = "request_interceptor_variance"
_SPACE_WAIVER = "request_space_waiver"
_NO_ROOM = _words(r"space", r"room", r"espacio", r"lugar", r"physical")
_CONTAINERS = _words(r"bins?", r"carts?", r"containers?", r"botes?", r"contenedor(?:es)?")


def asks_to_apply(text: str) -> bool:
    """Whether a message asks to start an application or waiver request (not how, where, or whether to): a
    question that does not ask to apply ("what does the application need?", "do we qualify?") is answered,
    and the application offered after the answer."""
    # a question mark anywhere asks something: "What will the city want on the application? I'd like to
    # start gathering it now."
    asked = "?" in text or _is_question(text) or asks_a_question(text)
    if _HOW_OR_WHERE.search(text):
        return bool(_requests_applying(text)) and not asked
    if asked and re.search(r"\d", text) and not _requests_applying(_COULD_WE_GET.sub("", text)):
        return False  # "1.5 yards a week and 12 gallons, could we get a de minimis waiver?": do we qualify
    # a statement asks to apply ("de minimis waiver please"), unless it states facts: "3 yards a week and
    # about 15 gallons of organics" answers what was asked before
    return bool(_requests_applying(text)) or not (asked or re.search(r"\d", text))


# Words a question may open with before its question word ("wait, how much ...", "ok so what if ...").
_OPENERS = (
    r"^(?:(?:wait|ok|okay|so|and|also|but|oh|um+|uh+|hey|hi|hello|thanks|quick question|one more thing|sorry"
    r"|btw|actually|before (?:we|i) (?:go on|continue|keep going)"  # "Before I go on — does the ...?"
    r"|(?:real )?quick|like)"
    r"\b\s*[,.:—–-]?\s*)*"
)
_QUESTION_WORD = re.compile(
    _OPENERS
    + r"(?:how|what|what's|whats|when|where|why|who|which|can|could|do|does|did|is|are|should|will|would|"
    r"must|may|am|have|has)\b",
    re.IGNORECASE,
)


# A question said without its question mark, as people text ("wait how much is this gonna cost me", "if they
# approve it do i pay anything extra"): opened by words only a question opens with.
_UNMARKED_QUESTION = re.compile(
    _OPENERS + r"(?:how (?:much|many|long|often|do|does|can|soon)|what (?:happens|if|do (?:i|we)|does)"
    r"|when (?:do|does|is|will)|do (?:i|we) (?:have|need|pay|get)|can (?:i|we|they)|is (?:it|there|that)"
    r"|are (?:there|we)|will (?:i|we|they)|should (?:i|we)"
    r"|if (?:they|we|i|it|it'?s|the \w+)\b.{1,50}\b(?:do|does|can|will|would|should) (?:i|we|they|it))\b"
    r"(?:\s+\S+){2}",
    re.IGNORECASE,
)


# A sentence that asks, whatever it opens with ("wait", "um", "so"), by the words only a question starts with:
# a question word and whom it is about ("have 3 fryers" answers; "do we gotta pay for the city" asks).
_ASKED_IN_A_SENTENCE = re.compile(
    _OPENERS
    + r"(?:how (?:much|many|long|often|do|does|can|soon|about)|what (?:happens|if|do|does|is|are|about)|"
    r"which (?:one|is|do)|who (?:do|does|is|pays)|when (?:do|does|is|will)|where (?:do|does|is)|why\b|"
    r"(?:do|did|can|could|should|will|would) (?:i|we|they|you|he|she)|does (?:it|he|she|that|this|the)|"
    r"is (?:it|there|that|this)|are (?:there|we|they))\b(?:\s+\S+){2}",
    re.IGNORECASE,
)


# A message that ends thanking ("... pa la otra semana, gracias", glossed "... thanks")
_ENDS_WITH_THANKS = re.compile(
    r"\b(?:thanks?(?: you)?(?: (?:a lot|so much|very much))?|thank u|thx|ty|gracias)\W*$", re.IGNORECASE
)
# Kind words said on leaving, anywhere in the message ("Son muy amables?", "es lo que necesitaba, gracias")
_KIND_WORDS = re.compile(r"\b(?:amables?|helpful|kind|gracias|thanks|thank you)\b", re.IGNORECASE)
# A farewell's own words: a message taken for a goodbye without any of them, that asks, is a question
_FAREWELL = re.compile(
    r"\b(?:bye|goodbye|good night|see (?:you|ya)|later|take care|that'?s (?:all|it)|adi[oó]s|chao|ciao|bai|"
    r"hasta (?:luego|pronto|ma[nñ]ana|la vista)|nos vemos|buenas noches|cu[ií]dese|cu[ií]date|es todo|"
    r"(?:eso|ya) (?:es|fue) todo|nada m[aá]s)\b",
    re.IGNORECASE,
)
# "es por dia", "is it per month", "y es mensual": whether a rate is per this or that, asked without a
# question mark (never "Son muy amables", "es lo que necesitaba, gracias")
_ASKS_WHETHER_IT_IS = re.compile(
    r"^\W*(?:(?:y|and|so|entonces)\s+)?(?:es|son|is it|is that|are they)\s+(?:x|por|per|a|al|cada|every|each|"
    r"mensual\w*|monthly|daily|diari\w*|anual\w*|yearly|semanal\w*|weekly)\b",
    re.I,
)
# What the classifier makes of "what now?" and "y ahora que?" when it misses the question
_SMALL_TALK = frozenset({"goodbye", "thanks", "greet", "affirm", "deny", "out_of_scope"})
# What comes next, asked at the end of a sentence: "what now", "... 4 weeks tho. so now what?", "y ahora que?"
_WHAT_NOW = re.compile(
    r"\b(?:what now|now what|what then|then what|what next|what'?s next|what do (?:i|we) do now|"
    r"what happens (?:now|next)|y ahora(?: que)?|ahora que|q(?:ue)? sigue|q(?:ue)? hago ahora|"
    # "y ahora q hago", "entonces que hacemos"
    # "y ahora q hago", "entonces que debo hacer", "y ahora que sigue", in the gloss the router reads ("and
    # now what hago", "entonces what must I hacer")
    r"(?:now|entonces|then|so) what (?:hago|hacemos|sigue|do (?:i|we) do|"
    r"(?:must|do|should) (?:i|we)(?: have to)? (?:do|hacer))|"
    # "do i have to do anything else?", "anything else we need to do?"
    r"(?:have|need|gotta) (?:to )?do (?:anything|something) (?:else|more)|"
    r"(?:anything|something) else (?:i|we) (?:have|need) to do)\W*$",
    re.IGNORECASE,
)


def asks_what_comes_next(text: str) -> bool:
    """Whether a sentence of the message ends by asking what comes next (:data:`_WHAT_NOW`): "ok. its been
    like 4 weeks tho. what now", "ok what now? do i have to send anything"."""
    return any(_WHAT_NOW.search(sentence) for sentence in re.split(r"(?<=[.!?])\s+", text.strip()))


# A question asked inside a longer sentence, after what it is about ("and once I get it how long's it good
# for", "... none of it went down any drain so like do I even need to report that or"): read only where the
# classifier already took the message for a question; "no idea how much" is an unsure answer, not one.
_ASKED_WITHIN = re.compile(
    r"(?<!not sure )(?<!no idea )(?<!don't know )(?<!dont know )(?<!dunno )(?<!idk )\b(?:"
    r"how (?:long|much|many|often|soon)"
    r"(?:'s|'re|\s+(?:is|are|do|does|will|would|can|should|it|that|this|we|i)\b)"
    r"|(?:do|does|did|can|could|should|will|would) (?:i|we|they|you) (?:\w+ )?"
    r"(?:need|have|gotta|pay|get|keep|report|send|call|owe)\b"
    r"|is there (?:a|an|any|like)\b|what happens\b)",
    re.IGNORECASE,
)


def asks_within(text: str) -> bool:
    """Whether a question is asked somewhere inside the message (:data:`_ASKED_WITHIN`)."""
    return bool(_ASKED_WITHIN.search(text))


# A claim put to the assistant in a short sentence of its own: "... toss the paperwork after a year. that
# right?? last pump was sept 10", "is he right??", "true?"
_IS_IT_SO = re.compile(
    r"^\W*(?:(?:is|was|are)\s+)?(?:(?:that|this|he|she|it|they|my \w+)(?:'s|'re)?\s+)?"
    r"(?:right|true|correct|legit|ok|okay|allowed|legal)\s*\?",
    re.IGNORECASE,
)


# A claim put to be checked ("so next one is jan 18 right bc its 90 days?", "es el 5 verdad?"): asked
_CLAIM_PUT = re.compile(
    # the tag at the sentence's end, or before the reason it gives ("... jan 18 right bc its 90 days?"); never
    # "right" as an adverb ("it's right behind the kitchen?")
    r"\b(?:right|correct|verdad|cierto)\s*\?$"
    r"|\b(?:right|correct|verdad|cierto),?\s+(?:bc|b/c|because|cause|cuz|since|porque|xq"
    r"|por que)\b[^.!?]{0,40}\?$",
    re.IGNORECASE,
)
CLAIM_WORDS = 7  # a shorter one is an answer unsure of itself ("about 40 gallons right?")


# "same deal in Inglewood?", "same for us?", "¿es igual allá?": whether what was said holds elsewhere
_SAME_THERE = re.compile(r"\b(?:same|igual|lo mismo)\b[^.?!]{0,30}\?$", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    """A message's sentences: each line of a pasted letter is one too ("...over 90 days)\n\nis this hearing
    date legit?")."""
    return [part.strip() for part in re.split(r"(?<=[.!?;:])\s+|\s*\n+\s*", text.strip()) if part.strip()]


def asks_a_question(text: str) -> bool:
    """Whether a message asks something in one of its sentences ("Quick question before we go on: what will
    the annual fee be?"), not just ends an answer unsure of itself ("started maybe 20 minutes ago?")."""
    if "¿" in text or _UNMARKED_QUESTION.match(text.strip()):
        return True
    if any(_IS_IT_SO.match(sentence) for sentence in sentences(text)):
        return True
    if any(
        _CLAIM_PUT.search(sentence)
        and len(sentence.split()) >= CLAIM_WORDS
        and not _OPENS_WITH_A_NO.match(sentence)  # "no the callback number is ... not 0100 right?" corrects
        for sentence in sentences(text)
    ):
        return True  # "... last pump fue el 20 de octubre. so next one is jan 18 right bc its 90 days? nomas"
    if _SAME_THERE.search(text.strip()):
        return True  # "... within 72 hours — same deal in Inglewood?" asks whether it is so there
    if any(_ASKED_IN_A_SENTENCE.match(sentence) for sentence in re.split(r"[.!;]\s+", text.strip())):
        return True  # "wait do i also gotta send the manifest myself", "38 seats. so which one am i"
    if asks_what_comes_next(text):
        return True  # "ok. its been like 4 weeks tho. what now"
    if _UNSURE_HOW.search(text):
        return True  # "... said it gotta go to the city but idk how fast": asked without a question mark
    if _ASKS_FOR_DETAILS.search(text):
        return True  # "just want the phone number for victorville public works saved in my phone"
    said = sentences(text)
    if any(_ASKED_INSIDE.search(sentence) for sentence in said if sentence.endswith("?")):
        return True  # "oye y ese permiso cuanto dura? o es pa siempre": Spanish asks inside its sentence
    # "If the waiver is approved, do we still pay any yearly grease charges?": the question after the comma
    return any(
        sentence.endswith("?") and any(_QUESTION_WORD.match(part.strip()) for part in sentence.split(","))
        for sentence in said
    )


# Contact details or a document asked for as a wish ("just want the phone number for victorville public works
# sanitary division", "necesito el telefono de obras publicas"): a question with no question mark; never a
# change ("I need to change the phone number" wants no number)
_ASKS_FOR_DETAILS = re.compile(
    r"\b(?:(?:(?:i|we) )?(?:just |only |really )?(?:want|need|would like)|i'?d like|"
    r"(?:i'?m|im|i am) looking for|(?:yo )?(?:quiero|necesito|ocupo|busco|me (?:das|da|pasas|pasa))) "
    r"(?:to (?:get|have|save) )?(?:the |your |their |el |la |los |las |su )"
    r"(?:(?!new|different|nuevo|nueva|otro|otra)[\w-]+ ){0,2}?"
    r"(?:phone|number|address|e-?mail|contact|website|tel[eé]fono|n[uú]mero|direcci[oó]n|correo|p[aá]gina)s?\b"
    # of a city office ("for victorville public works sanitary division"): never a form's answer changed
    # ("I want the address to be the back alley"), nor one the user is finding ("I need the address off the
    # sign"), nor a value of the user's own after it ("i want the number 12530 not 12350")
    r"(?=[^.?!\d]{0,60}\b(?:city|victorville|inglewood|public works|sanitary|code enforcement|fog|office|"
    r"department|division|manager|director|ciudad|obras p[uú]blicas|oficina|departamento|divisi[oó]n)\b)"
    r"(?![^.?!]*\b(?:to be|instead|changed|off the|en vez)\b)(?![^.?!\d]*\d)",
    re.IGNORECASE,
)
# A Spanish question word inside a sentence that ends asking ("y ese permiso cuanto dura?"); not "como" or
# "que", which also say "about" and "that" ("como 20 galones?" is an unsure answer)
_ASKED_INSIDE = re.compile(
    # (not after "no sé": "no se cuantos, unos 20?" is an unsure answer)
    r"(?<!no se )(?<!no sé )(?<!ni idea )"
    # (how much or how long, which no relative clause says: "en el callejon donde estan los botes?" answers)
    r"\b(?:cu[aá]nt[oa]s?\s+(?:dura|duran|cuesta|cuestan|vale|es|son|tiempo|d[ií]as|meses|a[nñ]os|me|nos|le|les"
    r"|tengo|tenemos|tiene|hay|falta|cobran)|cu[aá]l(?:es)? (?:es|son)|c[oó]mo (?:le hago|se hace|lo pido)"
    r"|por qu[eé])\b",
    re.IGNORECASE,
)


# Not knowing said in place of asking: "idk how fast", "not sure when it's due", "no se cuando" (glossed
# "no se when"); not "idk how much, like a couple mop buckets", an unsure answer to how much
_UNSURE_HOW = re.compile(
    r"\b(?:idk|i dunno|dunno|i (?:don'?t|do not) know|not sure|no s[eé]|no sabemos)\s+"
    r"(?:how (?:fast|soon|long|often)|when|where|who|whether|if (?:i|we)|what (?:to do|i|we)|cu[aá]ndo|"
    r"d[oó]nde|a qui[eé]n)\b",
    re.IGNORECASE,
)


def _is_question(text: str) -> bool:
    stripped = text.strip()
    return stripped.endswith("?") or bool(_QUESTION_WORD.match(stripped) or _TAG_QUESTION.search(stripped))


# A statement turned into a question at its end: "... put the water back in the trap to save us $, is that ok"
_TAG_QUESTION = re.compile(
    r"\bis (?:that|this|it)\s+(?:ok|okay|allowed|legal|fine|right|true|legit|a problem)\s*[.!]*$"
    r"|,\s*(?:that|this)\s+(?:ok|okay|allowed|legal|legit)\s*$"
    # "... so we look on schedule, thats not a big deal right", "that's fine, right", "no pasa nada verdad"
    r"|\b(?:that'?s|thats|its|it'?s|is|isn'?t|not|no)\b[^.!?]{0,40}\b(?:right|correct|verdad|cierto)\s*[.!]*$",
    re.IGNORECASE,
)


# A message that ends by asking to cancel ("... the property manager's calling it in right now, so, uh, cancel
# this"): whatever came before it, the request is to stop
_ENDS_CANCELLING = re.compile(
    # a clause of its own, after a stop or a comma ("..., so, uh, cancel this"; never "do we just cancel")
    r"(?:^|[,.;!]\s*|\bmejor\s+|\bbetter\s+)(?:(?:uh|um|ok|okay|please|just|so|mejor|nom[aá]s|ya|entonces|pues)\W+)*"
    r"(?:cancel(?:\s+(?:it|this|that|the\s+(?:whole\s+thing|report|request|application|log|form)))?"
    r"(?:\s+(?:please|for now))?"
    # "cancélala", "cancelelo", "cancelarlo"
    r"|canc[eé]l(?:a|ar|e|en|o)(?:lo|la|los|las)?(?:\s+(?:por\s+(?:favor|ahora|now)|ya|todo))?)"
    r"(?:\W+(?:gracias|thanks|thank you))?\W*$",
    re.IGNORECASE,
)


def route(intent: str, text: str) -> str:
    """The intent to act on: the classifier's, unless the message's meaning says another flow (or none)."""
    if intent != CANCEL_INTENT and _ENDS_CANCELLING.search(text) and not _is_question(text):
        return CANCEL_INTENT
    if intent == "out_of_scope" and _HOW_OFTEN_IT_HAPPENED.search(text):
        return INFORM_INTENT  # "this is like the 3rd time" after a cart tag: a fact about the matter at hand
    if intent == "out_of_scope" and _A_RATE_OR_AMOUNT.search(text) and "?" in text:
        return QUESTION_INTENT  # "y el 1.5% sobre cuanto se saca?" after a late fee: how the rule counts
    if (
        intent == "goodbye"
        and not (_FAREWELL.search(text) or _KIND_WORDS.search(text))
        and (text.rstrip().endswith("?") or _ASKS_WHETHER_IT_IS.match(text))
    ):
        return QUESTION_INTENT  # "es por dia?" after a late fee is no "buen día": no farewell in it, it asks
    if intent in _SMALL_TALK and asks_what_comes_next(text):
        return QUESTION_INTENT  # "what now?" after a report is filed, taken for a goodbye or a thank-you
    if intent in QUESTION_LIKE and _ENDS_WITH_THANKS.search(text) and not asks_a_question(text):
        return "thanks"  # "ok ya le llame al pumper pa la otra semana, gracias": news, thanks, no question
    if intent in (SPILL_INTENT, SORT_INTENT) and asks_what_to_write(text):
        return (
            QUESTION_INTENT  # "q le pongo a la carta del derrame?": what the letter says, no report, no bin
        )
    if (
        intent not in APPLY_INTENTS
        and not (intent == SPILL_INTENT and spill_is_live(text))
        and len(text.split()) >= ASKING_WORDS
        and (asked := _application_named(text))
    ):
        # "Hello, I'm the GM of a new Mediterranean restaurant opening in Victorville in March. I'd like to
        # apply for our FOG permit.", whatever the classifier made of the greeting and the story before it
        return asked
    if intent == SPILL_INTENT:
        return intent if spill_is_live(text) else QUESTION_INTENT
    if intent == PUMPOUT_INTENT and not reports_pumpout(text):
        # "... gray greasy water coming up out of the drain grate ..., and it's spreading toward the street",
        # taken for a pump-out by its grease words: a spill going on is reported, else a question
        return SPILL_INTENT if _live_spill_question(text) else QUESTION_INTENT
    if intent == PUMPOUT_INTENT:
        return intent
    if intent in WAIVER_INTENTS and asks_for_a_waiver_unnamed(text):
        return QUESTION_INTENT  # "then I'd like to apply for the waiver": which one, the conversation says
    if intent in WAIVER_INTENTS and not (
        (_NAMES_A_REQUEST.search(text) or _requests_applying(text)) and asks_to_apply(text)
    ):
        # "the fryer oil, can we pour it in the mop sink? its just a little"; "no room out back for a big one
        # tho" after a grease trap's frequency: a fact that may qualify for a waiver asks for none
        return QUESTION_INTENT
    if intent in WAIVER_INTENTS and (named := waiver_of(text)):
        return named  # "i want to apply for a de minimis waiver", whichever the classifier picked
    if intent in APPLY_INTENTS and asks_to_apply_unnamed(text):
        return QUESTION_INTENT  # "I want to apply for it": which, the conversation says
    if intent in APPLY_INTENTS:
        return intent if asks_to_apply(text) else QUESTION_INTENT
    if intent == STATUS_INTENT and (gives_service_date(text) or not _SERVICE_TOPIC.search(text)):
        return QUESTION_INTENT
    if intent == STATUS_INTENT and _HOW_OFTEN.search(text):
        # "cada cuanto hay q limpiar la trampa? ... nunca me dijeron frecuencia, nose cuando toca": the rule's
        # frequency, not the records on file
        return QUESTION_INTENT
    if (
        intent == STATUS_INTENT
        and len(text.split()) > STATUS_MAX_WORDS
        and not _NAMES_THE_SERVICE.search(text)
    ):
        return QUESTION_INTENT
    if intent == CITY_INTENT and not detect_city(text) and re.search(r"\d", text):
        # "52", "$267", "invoice date oct 1": a fact for the topic, no city; one that asks something is a
        # question (below: "... both our Victorville and Inglewood restaurants, work starts Feb 1, 2027.
        # What's the latest date we can notify each city?")
        intent = INFORM_INTENT
    if intent in SOCIAL_INTENTS and len(text.split()) >= ASKING_WORDS and asks_a_question(text):
        return QUESTION_INTENT  # "so what do we actually have to do day to day" is no goodbye
    if intent in ANSWER_INTENTS and len(text.split()) >= ASKING_WORDS and asks_a_question(text):
        return QUESTION_INTENT  # mid-form "do we have to do anything to prove the unit works?" is answered
    if (
        intent == "deny"
        and len(text.split()) >= QUESTION_WITH_A_NO_WORDS
        and _is_question(text)
        and not _OPENS_WITH_A_NO.match(text)
    ):
        # "un abogado nos dijo q una parte de la ordenanza ... no es valida. entonces ya no aplica nada?": a
        # question with a "no" in it; "no, it stopped but there's still a puddle?" is a no, and an answer
        return QUESTION_INTENT
    if intent in ANSWER_INTENTS and is_hypothetical(text):
        return QUESTION_INTENT  # "and if it was 12 gallons?" asks what then; it changes no answer
    if intent == CITY_INTENT and _is_question(text) and len(text.split()) >= CITY_QUESTION_WORDS:
        return (
            QUESTION_INTENT  # "and if this was my other place in inglewood?" is a question, not "inglewood"
        )
    if intent == SORT_INTENT and _FOG_TOPIC.search(text) and not _CONTAINER_WORDS.search(text):
        return QUESTION_INTENT  # "our cafe has no room for an interceptor, do we have options?"
    if intent == SORT_INTENT and _BIN_RULE.search(text):
        return QUESTION_INTENT  # "is there any way not to have to pay for the brown bin?" asks a rule
    if intent == SORT_INTENT and _TAKE_IT_WHERE.search(text):
        return QUESTION_INTENT  # "y donde los llevo entonces? hay un centro de acopio?": a drop-off, no cart
    if intent == SORT_INTENT and _HANDED_OUT.search(text):
        return QUESTION_INTENT  # "does victorville give out free compost or mulch?" asks no bin
    if intent == SORT_INTENT and _ESTABLISHMENT_FACTS.search(text):
        return QUESTION_INTENT  # "what if we take out a table and go down to 48 seats, no drive thru"
    if intent == SORT_INTENT and is_hypothetical(text) and _AN_AMOUNT_OF_WASTE.search(text):
        return QUESTION_INTENT  # "What if it's 6 gallons instead? We could start composting coffee grounds"
    if intent == SORT_INTENT and (
        _WEEKLY_AMOUNT.search(text) or (_YARDS_SAID.search(text) and _GALLONS_SAID.search(text))
    ):
        # "Food waste is maybe 8 gallons a week, mostly coffee grounds": the topic's fact; asked with it ("do
        # we have to do the organics bin thing? ... maybe 12 gallons of food scraps a week"), a question
        if _is_question(text) and not _WHERE_DOES_IT_GO.search(text):
            return QUESTION_INTENT
        return INFORM_INTENT if not _is_question(text) else intent
    if (
        intent == SORT_INTENT
        and _EDIBLE_SURPLUS.search(text)
        and (_GIVEN_AWAY.search(text) or not (_WHERE_DOES_IT_GO.search(text) or _A_CART_NAMED.search(text)))
    ):
        # "We throw out full trays of banquet food nobody touched. Can we just compost it instead?": food that
        # could be eaten, whose recovery rule answers, not a cart
        return QUESTION_INTENT
    if (
        intent == SORT_INTENT
        and _A_DUTY_S_DEADLINE.search(text)
        and not (_WHERE_DOES_IT_GO.search(text) or _A_CART_NAMED.search(text))
    ):
        # "city of victorville emailed asking how much we take in. do i have to answer?? by when?" with
        # "veggie scraps" named: a duty and its deadline, nothing to sort
        return QUESTION_INTENT
    if intent == SORT_INTENT and _RECORDS_KEPT.search(text) and not _WHERE_DOES_IT_GO.search(text):
        # "we haul our own cardboard and food scraps to the recycling and compost facilities. Do we need to
        # keep any records?": the self-hauler's records, whatever the bins named
        return QUESTION_INTENT
    if intent == SORT_INTENT and _KEPT.search(text) and not _CONTAINER_WORDS.search(text):
        return QUESTION_INTENT  # "y los recibos del plomero los guardo?": records kept, nothing thrown out
    if intent == SORT_INTENT and _A_PERIOD.search(text) and not _CONTAINER_WORDS.search(text):
        return QUESTION_INTENT  # "so if i just keep everything 4 yrs im good for both?": records, no bin
    if intent == SORT_INTENT and says_sending(text) and not _CONTAINER_WORDS.search(text):
        return QUESTION_INTENT  # "y a donde la mando?": a letter or a report sent, nothing thrown out
    if intent == SORT_INTENT and _A_RULE_OF_THE_CARTS.search(text):
        return QUESTION_INTENT  # "a violation notice about our recycling bins, how long do we get to fix it?"
    if intent in QUESTION_LIKE and _HELP_ME_APPLY.search(text) and (asked := _application_named(text)):
        return asked  # "¿me ayudan a llenar la solicitud del permiso?": the application, started
    if intent == "help" and len(text.split()) >= ASKING_WORDS and _is_question(text):
        return QUESTION_INTENT  # "What do I need to send you guys along with this?" asks the rules
    if intent == "help" and _THE_TOPICS_OF_IT.match(text):
        return QUESTION_INTENT  # "y q temas?" after how often staff are trained: the training's topics
    if intent == "help" and not _ASKS_FOR_HELP.search(text):
        # "es el segundo este año" after how much an NOV is: a fact for the topic, no call for the menu; "n if
        # we dont" (and if we don't pay) asks what then
        return QUESTION_INTENT if _is_question(text) or is_hypothetical(text) else INFORM_INTENT
    if intent == HANDOFF_INTENT and _CALL_WHOM.search(text):
        return (
            QUESTION_INTENT  # "wait, who am I supposed to call again right now?" asks whom, not for a person
        )
    if intent == START_OVER_INTENT and not _STARTS_OVER.search(text):
        # "y el tercero?" ("and the third one?") after the first and second NOV fees: no request to start over
        return QUESTION_INTENT if _is_question(text) or len(text.split()) >= ASKING_WORDS else INFORM_INTENT
    if intent in QUESTION_LIKE and _live_spill_question(text):
        # "... gray greasy water coming up out of the drain grate ... and it's spreading toward the street",
        # whether the classifier made it a question or out of scope: a spill going on, reported
        return SPILL_INTENT
    if intent == "out_of_scope" and _A_QUANTITY.search(text) and not _is_question(text):
        return INFORM_INTENT  # "el local mide como 6000 pies" after the edible-food tiers: the topic's fact
    if intent == "out_of_scope" and (
        _IN_THE_FIELD.search(text) or asks_what_comes_next(text) or is_hypothetical(text)
    ):
        # "me llego otro NOV de inglewood, cuanto es?", "what if we add the patio, thatd be like 62 seats",
        # "its been like 4 weeks tho. what now", "what if it just sits there, like into january?": answered
        # on the conversation's topic, or declined
        return QUESTION_INTENT
    if intent in QUESTION_LIKE | ANSWER_INTENTS | {CITY_INTENT} and asks_to_log(text):
        return PUMPOUT_INTENT  # "need to log a pump out for my place in inglewood"
    if intent in QUESTION_LIKE and _REPORTING.search(text) and reports_pumpout(text):
        return PUMPOUT_INTENT  # "pa reportar q ya vinieron a limpiar la trampa de grasa hoy"
    if (
        intent in QUESTION_LIKE | ANSWER_INTENTS
        or (intent == HANDOFF_INTENT and not _WANTS_STAFF.search(text))
    ) and asks_to_cancel(text):
        # "actually nvm cancel that, i gotta find my plumbing permits first"; "... i need to talk to the
        # landlord first" asks for no person at the city
        return CANCEL_INTENT
    if (
        intent == CANCEL_INTENT
        and len(text.split()) >= CANCEL_QUESTION_WORDS
        and _is_question(text)
        and not _STOPPING_WORDS.search(text)
    ):
        # "y si me lo quitan puedo seguir trabajando?", "cuanto me va a salir": a question with no word of
        # stopping in it cancels nothing
        return QUESTION_INTENT
    if intent in QUESTION_LIKE and _PERMIT_FREQUENCY.search(text) and not _is_question(text):
        return INFORM_INTENT  # "nuestro permit dice 90 dias": a fact for the topic's rule, not a question
    if intent in QUESTION_LIKE | {"inform", "affirm", "deny"} and corrects_an_answer(text):
        return CHANGE_INTENT  # "Perdón, me equivoqué: son 58 asientos, no 48"
    # (a city named in it is no answer of a city: "ok I want to apply for the Inglewood one now")
    if intent in QUESTION_LIKE | {CITY_INTENT} and (asked := _application_named(text)):
        return asked  # "va, quiero aplicar pal waiver de minimis": a request the classifier could not place
    if intent in QUESTION_LIKE | {CITY_INTENT} and (
        asks_to_apply_unnamed(text) or asks_for_a_waiver_unnamed(text)
    ):
        return QUESTION_INTENT  # "ok lets do the application then": the one the conversation offered
    if (
        intent == "nlu_fallback"
        and len(text.split()) <= DAY_ALONE_WORDS
        and _A_DAY.search(text)
        and not _is_question(text)
    ):
        return INFORM_INTENT  # "el aviso dice 6 de nov" after how long there is to pay: a fact for it
    if intent == "nlu_fallback" and asks_a_question(text):
        # mid-form, "do we have to do anything to prove the unit works?" is answered; an unsure answer
        # ("maybe like fifty gallons so far?") stays an answer
        return QUESTION_INTENT
    return intent


# A question this long that the classifier took for cancelling, with no word of stopping, is a question
CANCEL_QUESTION_WORDS = 4
# Any word of stopping or dropping what is under way ("can you cancel my request?", "never mind, i dont need
# it anymore?", "me lo borras?", "ya no, olvidalo"), not stopping something else ("would we have to stop
# operating?")
_STOPPING_WORDS = _words(
    r"cancel\w*",
    r"never ?mind",
    r"nvm",
    r"forget (?:it|about it|that)",
    r"delete",
    r"quit",
    r"stop (?:it|this|that|here|now|the (?:application|request|report|log|form))",
    r"(?:can|could) we stop",
    r"don'?t need (?:it|this|that)",
    r"olvid\w*",
    r"borr\w*",
    r"ya no (?:quiero|lo quiero|lo necesito|necesito)",
    r"ya no\W*$",
    r"d[eé]jalo",
    r"dejarlo",
    r"lo podemos dejar",
    r"dejamos",
)
# A short message that says a day and little else ("el aviso dice 6 de nov")
DAY_ALONE_WORDS = 8


# "and what topics?", "y q temas?": a follow-up on the matter at hand, not a question about the assistant
_THE_TOPICS_OF_IT = re.compile(
    r"^\W*(?:and|y)\s+(?:(?:what|which|q|que|qu[eé]|cuales|cu[aá]les)\s+)?(?:topics|temas|info\w*|"
    r"informaci[oó]n)\W*$",
    re.IGNORECASE,
)
# Words that ask for help with the assistant itself ("what can you do", "menu", "ayuda", "como funciona
# esto"): without them, what the classifier took for a call for help is something else
_ASKS_FOR_HELP = _words(
    r"help",
    r"ayud\w*",
    r"what (?:can|do) you",
    r"how does (?:this|it) work",
    r"what kind of questions",
    r"menu",
    r"options?",
    r"opciones",
    r"what is this",
    r"who are you",
    r"info(?:rmation)?",
    r"informaci[oó]n",
    r"topics",
    r"temas",
    r"(?:que|q|qu[eé]|what) (?:puedes|puede|haces|hace|es esto)",  # and as glossed ("what puedes hacer")
    r"(?:como|c[oó]mo|how) funciona",
    r"pa(?:ra)? (?:que|q|what) sirve",
    r"(?:quien|qui[eé]n|who) eres",
    r"what is it for",
    r"what (?:can|could) i ask",
    r"no (?:entiendo|se como)",
    r"i don'?t (?:understand|get it)",
    r"confused",
)


# Words that ask to start over ("start over", "empezar de nuevo", glossed "start de new"): without them, what
# the classifier took for the request is something else
_STARTS_OVER = _words(
    r"start(?:ing)? (?:(?:the|my|our|this|it) (?:\w+ )?)?(?:over|again|from|de nuevo|otra vez|de cero)",
    r"redo",
    r"restart",
    r"begin again",
    r"from the (?:beginning|start|top)",
    r"(?:empez|comenz|inici)\w* (?:de nuevo|otra vez|de cero|desde)",
    r"(?:volver|vamos) a (?:empezar|comenzar)",
    r"reinici\w*",
    r"desde el (?:principio|inicio)",
    r"de (?:nuevo|new)",
    r"otra vez",
    r"reset",
)
# A count or a size said as a fact ("el local mide como 6000 pies", "we have 180 seats")
_A_QUANTITY = _words(
    r"\d[\d,.]*\s*(?:sq\.? ?ft|square (?:feet|foot)|feet|ft|pies(?: cuadrados)?|seats?|asientos|sillas|"
    r"gallons?|galones|gal|yards?|yardas|yds?|rooms?|cuartos|habitaciones|employees|empleados)"
)


# The frequency the user's permit sets, said as a fact: "our permit says 90 days", "nuestro permit dice 90
# dias"
_PERMIT_FREQUENCY = _words(
    r"(?:permit|permiso)\s+(?:says|said|is|has|sets|lists|reads|dice|es|tiene|pone|marca)\s+"
    r"(?:(?:every|cada|que|q|de)\s+){0,2}\d{2,3}\s*(?:days?|d[ií]as)?"
)


# What a document must say ("what do i put in the letter", "what should we write in the report"): the thing
# it is put in is no container.
def asks_what_to_write(text: str) -> bool:
    """Whether a message asks what a letter or notice says ("wut do i put in the letter", "y q tiene q decir
    la carta?", glossed "and what does it have to say the letter"), or where it goes."""
    return bool(
        _ASKS_CONTENTS.search(text) or _ASKS_WHAT_IT_SAYS.search(text) or _ASKS_WHERE_IT_GOES.search(text)
    )


# Where or to whom a letter goes ("a q direccion le mando la carta del derrame?", glossed "what address le
# send the letter", "who do i mail the spill notice to"): a question about the letter, no spill going on
_ASKS_WHERE_IT_GOES = re.compile(
    r"\b(?:what|which|wut)\s+address\b.{0,40}\b(?:send|mail|deliver|submit|letter|notice|carta)\b"
    r"|\b(?:where|who|whom)\b.{0,25}\b(?:send|mail|submit|deliver|drop off)\b.{0,30}"
    r"\b(?:letter|notice|written confirmation|carta)\b",
    re.IGNORECASE,
)


# "what does it have to say", "what should the letter say", "what does the notice need to say"
_ASKS_WHAT_IT_SAYS = re.compile(
    r"\b(?:what|wut|wat)\s+(?:does|do|should|must|has|have)\s+(?:it|the\s+(?:letter|notice|report|note))?\s*"
    r"(?:(?:have|need|got)\s+to\s+)?say\b",
    re.IGNORECASE,
)
_ASKS_CONTENTS = re.compile(
    r"\b(?:what|wut|wat|whats|que)\s+(?:(?:do|should|does|must|have to|has to|needs? to|to)\s+)?"
    r"(?:(?:i|we|it|you|they)\s+)?(?:(?:(?:have|need|got)\s+to|gotta|gonna|should|must)\s+)?"
    r"(?:put|write|say|include|mention|pongo|escribo)"
    r"\s+(?:in|into|on|en|a)\s+(?!(?:(?:the|my|our|a|an|that|this|el|la|mi)\s+)?"
    r"(?:bins?|carts?|cans?|containers?|dumpsters?|botes?|recycl\w*|trash|basura|blue|green|brown|black|gr[ae]y)\b)"
    r"(?:(?:the|my|our|a|an|that|this|el|la|mi)\s+)?\w+",
    re.IGNORECASE,
)
_CORRECTION = _words(
    r"sorry",
    r"oops",
    r"my bad",
    r"i meant",
    r"correction",
    r"perd[oó]n",
    r"me equivoqu[eé]",
    r"quise decir",
    r"disculp[ae]",
)
_NOT_THE_OLD = _words(
    r"not (?:the )?\d+\w*",
    r"no (?:el |los |las )?\d+\w*",
    r"no (?:es|son|fue|fueron|era|eran) (?:como |de |el |los )?\d+\w*",  # "no es 3400, es 3040"
    r"instead of",
    r"en vez de",
)


# "make it 6 gallons", "si, ponle 6 galones", "cámbialo a 22": an answer set to a new value
_SET_TO = _words(
    r"make it \d+",
    r"put (?:it (?:at|as|down as|down for) )?\d+",
    r"change it to \d+",
    r"pon(?:le|lo|la|ga|gale)? \d+",
    r"c[aá]mbi(?:alo|elo|ale|ala|ela) a \d+",
    r"d[eé]j(?:alo|elo|ala|ela) en \d+",
)


def corrects_an_answer(text: str) -> bool:
    """Whether a message corrects an answer by its new value ("sorry it was the 24th not the 25th",
    "perdón, me equivoqué: son 58 asientos, no 48", "si, ponle 6 galones"), not asks something."""
    said = bool(_CORRECTION.search(text) and _NOT_THE_OLD.search(text)) or bool(_SET_TO.search(text))
    return said and not asks_a_question(text)


# Someone at the city asked for ("nvm, let me talk to a real person"), not the user's own landlord or partner
_WANTS_STAFF = _words(
    r"(?:a|an|some|real|live|actual) ?(?:person|human|agent|representative|staff|somebody|someone|one)",
    r"(?:una|alguna) persona",
    r"alguien",
    r"(?:un|alg[uú]n) (?:agente|representante|empleado)",
)
_CANCEL_REQUEST = _words(
    r"(?:please )?cancel (?:that|this|it|my|our|the (?:application|request|report|form|log|waiver|variance))",
    r"never ?mind",
    r"nvm",
    r"forget (?:it|that|about it)",
    r"(?:let'?s )?stop (?:here|this|the (?:application|request|report))",
    r"cancel(?:a|e|ar)? (?:eso|esto|la|el|mi|esta|este|that|this)",  # "cancela eso" (glossed "cancela that")
    r"cancel(?:alo|ala|elo|ela|enlo|enla)",  # "sabes q mejor cancelalo, lo hago despues"
    r"olv[ií]d(?:alo|ese|elo)",
)


# Cancelling said in so many words, which a question beside it does not undo: "... cancel this, i dont need it
# right?" cancels, then asks
_CANCEL_SAID = _words(
    r"(?:please |so |just )?cancel "
    r"(?:that|this|it|my|our|the (?:application|request|report|form|log|waiver|variance))",
    r"cancel(?:a|e|ar)? (?:eso|esto|esta|este|that|this)",
    r"cancel(?:a|e) (?:la|el|mi) "
    r"(?:solicitud|application|reporte|report|registro|log|request|exenci[oó]n|waiver)",
    r"cancel(?:alo|ala|elo|ela|enlo|enla)",
)
# A question about cancelling ("can i cancel it later?", "how do i cancel the request"): no request to cancel
_ABOUT_CANCELLING = re.compile(
    r"\b(?:can|could|should|do|does|how|what if|if|would|puedo|se puede|como)\b[^.?!,;]{0,20}\bcancel", re.I
)


# Cancelling asked of the assistant as people ask a favour: "can you cancel it?", "¿me lo puedes cancelar?";
# not "can you cancel it later?" nor "how can you cancel it"
_PLEASE_CANCEL = re.compile(
    r"(?<!how )(?<!when )\b(?:can|could|would|will) you(?:,? (?:can|could|would|will) you)?,? "
    r"(?:please |just )?cancel (?:it|this|that|the (?:application|request|report|form|log|waiver|variance))\b"
    r"(?! later| after)"
    r"|\b(?:me )?(?:lo |la )?(?:puede|puedes|pueden|podr[ií]a|podr[ií]as) cancelar(?:lo|la)?\b"
    r"(?! despu[eé]s| luego)"
    r"|\bme (?:lo|la) cancelas\b(?! despu[eé]s| luego)"  # "ya no quiero seguir, me lo cancelas?"
    # stopping for now, asked: "Can we stop here for now?", "could we just pause this", "¿lo dejamos aquí?"
    r"|\b(?:can|could) (?:we|i) (?:just )?(?:stop|pause|leave it|quit)"
    r"(?: (?:it|this|the application|the request))?"
    r"(?: (?:here|there|for now|for today|for the moment))+\b"
    r"|\b(?:podemos|puedo) (?:parar|dejarlo|dejarla|pararle) (?:aqu[ií]|ah[ií]|por ahora|por hoy)\b"
    r"|\blo dejamos (?:aqu[ií]|ah[ií]|por ahora)\b",
    re.IGNORECASE,
)


def asks_to_cancel(text: str) -> bool:
    """Whether a message asks to cancel what is under way: "nvm cancel that" or "never mind"; with a question
    beside it, only cancelling said in so many words ("cancel this, i dont need it right?"); never a question
    about cancelling ("can i cancel it later?")."""
    if _PLEASE_CANCEL.search(text):
        return True  # "I don't need to do this no more, can you, can you cancel it?"
    if _ABOUT_CANCELLING.search(text):
        return False
    if _is_question(text):
        return bool(_CANCEL_SAID.search(text))
    return bool(_CANCEL_REQUEST.search(text))


def without_the_cancelling(text: str) -> str:
    """The message without the words that cancel ("wait ... cancel this, i dont need it right?" → "wait ...
    , i dont need it right?"): what it asks besides, if anything."""
    return " ".join(_CANCEL_REQUEST.sub(" ", _CANCEL_SAID.sub(" ", text)).split())


_SPILL_WORDS = _words(
    r"sewage",
    r"sewer",
    r"manhole",
    r"cleanout",
    r"clean out",
    r"grease",
    r"overflow\w*",
    r"spill\w*",
    r"backup",
    r"backed up",
    r"back(?:s|ing)? up",
    r"flood\w*",
    r"leak\w*",
    r"water",
    r"drain",
)


# A grease-program subject, and the words of a question about which container: "which bin does the fryer
# oil go in?" is sorting, "do we need a grease interceptor?" is not.
_FOG_TOPIC = _words(
    r"interceptors?",
    r"(?:grease )?traps?",
    r"permits?",
    r"fog",
    r"variance",
    r"waiver",
    r"manifests?",
    r"pump(?:s|ed|ing|ers?)?",  # not "pumpkins"
    r"(?:box|tank|thing|one) in the ground",  # "that box in the ground the city keeps talking about"
    r"pump-?outs?",
    # a hearing and what one brings to it ("¿Puedo llevar abogado?", glossed "can I llevar lawyer")
    r"lawyers?",
    r"attorneys?",
    r"hearings?",
    r"appeal\w*",
)
# The words of this field: a message that says one is about the ordinances (they answer, or decline and name
# the office), never "I can only help with ..." (read in English: Spanish is glossed first)
_IN_THE_FIELD = _words(
    r"grease",
    r"fog",
    r"(?:cooking |fryer |used )?oil",
    r"interceptors?",
    r"traps?",
    r"sewers?",
    r"drains?",
    r"manholes?",
    r"spill\w*",
    r"overflow\w*",
    r"pump\w*",
    r"permits?",
    r"waivers?",
    r"variances?",
    r"fees?",
    r"fines?",
    r"penalt\w+",
    r"nov",
    r"notice of violation",
    r"citations?",
    r"invoices?",
    r"bills?",
    r"receipts?",
    r"paperwork",
    r"records?",
    r"manifests?",
    r"recibos?",
    r"facturas?",
    r"papeles",
    r"inspect\w*",
    r"organics?",
    r"organic waste",
    r"gallons?",
    r"galones",
    r"(?:cubic )?yards?",
    r"yardas",
    r"compost\w*",
    r"recycl\w*",
    r"food (?:waste|scraps|recovery)",
    r"edible food",
    r"trash",
    r"bins?",
    r"carts?",
    r"containers?",
    r"haulers?",
    r"ordinance",
    r"\d+ (?:seats?|asientos|sillas)",
    r"drive[- ]?thr(?:u|ough)",
    r"(?:mailing )?address(?:es)?",
    r"victorville",
    r"inglewood",
)
# Keeping something, not throwing it out ("do i keep the plumbers receipt", "los recibos los guardo?")
_KEPT = _words(
    r"keep(?:ing)?",
    r"kept",
    r"guard(?:o|a|ar|amos|arlos|arlas)",
    r"hold on to",
    r"file (?:it|them)",
    # a record written down, asked as a duty ("tengo q apuntar algo?", "do we have to write anything down"),
    # not an item's use ("the paper we write down orders on")
    r"(?:tengo|tenemos|hay|tiene|tienen|debo|debemos) (?:que|q) (?:apuntar|anotar)",
    r"(?:have|need|got) to (?:write|log) (?:\w+ )?(?:down)?",
    r"should (?:i|we) (?:write|log)",
)
# Sending something (a letter, a manifest, a form): never how an item is thrown out
_SENT = _words(
    r"send(?:ing)?",
    r"sent",
    r"mail(?:ed|ing)?",
    r"submit\w*",
    r"turn(?:ing)? in",
    r"file",
    r"mand(?:o|a|e|ar|amos|arla|arlo|arlas|arlos)",
    r"envi(?:o|a|e|ar|amos|arla|arlo)",
    r"entreg(?:o|a|ar|amos|arla|arlo)",
)
# A length of time said with a number ("4 yrs", "2 años"): how long something is kept or lasts, not a cart
_A_PERIOD = _words(r"\d+\s*(?:yrs?|years?|months?|mos|days?|weeks?|wks?|a[nñ]os|meses|d[ií]as|semanas)")
# Food that could still be eaten, thrown out in quantity ("full trays of banquet food nobody touched")
_EDIBLE_SURPLUS = _words(
    r"(?:untouched|uneaten|unserved|surplus|edible|unsold) (?:\w+ ){0,2}food",
    r"food (?:\w+ ){0,3}(?:nobody|no one|nadie) (?:touched|ate|eats|toc[oó]|comi[oó])",
    r"(?:full )?trays of (?:\w+ ){0,2}food",
    # (Spanish is read in its gloss: "comida que nadie toco" is "food what nadie toco")
)
# A cart or a choice of carts named ("green bin or brown?", "compost or trash?"): a sorting question
_A_CART_NAMED = _words(
    r"(?:blue|green|brown|black|gr[ae]y|trash|recycl\w*|organics?) (?:bins?|carts?|cans?|containers?)",
    r"(?:bins?|carts?|containers?)\b",
    r"(?:compost|trash|recycling|garbage) or (?:compost|trash|recycling|garbage)",
)
# Food given away instead of thrown out ("can we donate it instead?", "give it to a food bank")
_GIVEN_AWAY = _words(
    r"instead", r"donat\w*", r"give (?:it )?away", r"food banks?", r"en vez", r"don(?:ar|amos)"
)
# A duty's deadline asked ("do i have to answer?? by when?", "¿hasta cuándo tengo para responder?")
_A_DUTY_S_DEADLINE = _words(
    r"by when",
    r"deadline",
    r"due date",
    r"(?:have|need|got) to (?:answer|respond|reply|report)",
    r"hasta cu[aá]ndo",
    r"fecha l[ií]mite",
)
# Records asked of ("keep any records", "the weight tickets, do we keep them?"), in English and Spanish
_RECORD_WORDS = (
    r"(?:records?|receipts?|paperwork|papers?|logs?|weight tickets?|documentation"
    r"|registros?|recibos?|papeles)"
)
_RECORDS_KEPT = _words(
    rf"(?:keep|kept|maintain|hold on to|guard\w*|conserv\w*)\s+(?:\w+\s+){{0,2}}{_RECORD_WORDS}",
    rf"{_RECORD_WORDS}\s+(?:\w+\s+){{0,3}}(?:keep|kept|guard\w*|conserv\w*)",
)
_CONTAINER_WORDS = _words(
    r"bins?", r"carts?", r"containers?", r"dumpsters?", r"recycl\w*", r"compost\w*", r"trash"
)


# Kinds of message a sorting question is sometimes taken for: "ziploc bags, blue bin ok? victorville" (a
# city), "empty la croix cans, recycling right?" (unplaced).
MAY_BE_SORTING = frozenset({CITY_INTENT, "nlu_fallback"})
SHORT_SORTING_QUESTION_WORDS = 8  # "rinsed tin foil recycle? vville": a question only in its words
_SORTING_ASK = _words(
    r"bins?",
    r"carts?",
    r"containers?",
    r"dumpsters?",
    r"recycl\w*",
    r"compost\w*",
    r"trash",
    r"where",
    r"which",
    r"goes?",
    r"toss",
    r"throw",
    r"botes?",
    r"donde",
    r"d[oó]nde",
    r"tir[oa]r?",
)
# What a question about the carts' rules asks, not where an item goes: paying, waivers, what the law requires
# ("is there any way not to have to pay for the brown bin?"); with a need or an amount of service too, a
# question the classifier took for a city or could not place ("we have 4 yards of trash a week, do we need
# the organics bin?").
_CART_RULE_WORDS = (
    r"pay(?:ing)?",
    # "What's the monthly rate for adding a 2-yard brown bin?": what the service costs, no item to sort
    r"rates?",
    r"prices?",
    r"monthly",
    r"fees?",
    r"costs?",
    r"charged?",
    r"waiver",
    r"exempt\w*",
    r"exent\w*",  # "¿Hay manera de que nos exenten?"
    r"exenci[oó]n\w*",
    r"required?",
    r"requirements?",
    # "is there a way for a small business to get out of the organics cart requirement?"
    r"get out of",
    r"opt(?:ing)? out",
    # "we barely make any food waste, can we skip the brown bin?": whether the cart is required
    r"skip(?:ping)?",
    # "casi no sale desperdicio. me pueden quitar lo del bote cafe?": whether the cart is required
    r"(?:me|nos|le|les)? ?(?:pueden|puede|podrian) quitar (?:lo del?|el|la)",
    r"quitarme (?:lo del?|el|la)",
    r"do (?:we|i) (?:really |even |still )?(?:need|have to have|gotta have) "
    r"(?:an? |the |our |my )?(?:\w+ ){0,2}(?:bins?|carts?|containers?|service)",
    # "¿hay alguna forma de que no me obliguen a tener el bote café?" (glossed): whether the cart is required
    r"obligu?\w*",
    r"(?:make|force|forcing|making) (?:me|us) (?:to )?(?:have|get|keep|use)",
    # "y esa plata a donde va, a la ciudad nomas?": where the fees go, not an item
    r"money",
    r"funds?",
    r"law",
    r"rules?",
    r"fined?",
    r"fines",
    r"penalt\w*",
    r"subscri\w*",
    # "do we have to swap it now that green is for yard stuff?": whether the cart must change, not an item
    r"(?:have to|need to|must|gotta|should (?:i|we)) (?:swap|replace|change|exchange|get rid of) "
    r"(?:it|them|(?:the|our|my|that|this) (?:\w+ )?(?:carts?|cans?|bins?|containers?))",
    r"(?:tengo|tenemos|hay) que cambiar (?:lo|la|los|las|el|mi|nuestro) ?(?:bote|contenedor)?",
    # what the law asks of a home or a business, a notice's deadline, what a contract must say: "el dueño
    # dice q tenemos q tener bote cafe", "me toca el bote cafe?", "Notice of Violation ... fecha límite"
    r"(?:have to|need to|must|gotta) have",
    # "do i gotta put a recycle bin and a food scrap bin out front ... for customers?": containers to provide,
    # not an item to sort ("do i put food in bins" puts an item)
    r"(?:have to|need to|must|gotta|got to|supposed to) (?:put|provide|set|place|offer) (?:out )?"
    r"(?:an? |the |some )?(?:\w+ )?(?:bins?|carts?|containers?|cans?)",
    r"(?:tengo|tenemos|hay|tiene|tienen) (?:que|q|what) tener",  # glossed, "que" may read "what"
    r"(?:me|nos|le|les) toca",
    # "tengo q cumplir con algo de lo del reciclado?", "do we have to provide bins everywhere?": a duty asked
    r"compl(?:y|ies|iance)",
    r"cumplir\w*",
    r"(?:have to|need to|must|gotta) (?:install|provide|put out|set out|offer)",
    # a notice left on the cart: "me dejaron una etiqueta en el bote azul q dice contaminacion, me multan?"
    r"(?:left|put|got|dejaron|pusieron) (?:a |an |1 |una |un )?(?:tag|notice|label|sticker|etiqueta|aviso|"
    r"calcoman[ií]a)",
    r"contaminati?on",
    r"contaminaci[oó]n",
    r"multar\w*",
    r"pagar",
    r"cuesta\w*",
    r"costo",
    r"precio",
    r"cuotas?",
    r"cobr\w+",
    r"multas?",
    r"exenci[oó]n",
    r"obligatori\w*",
    r"requisitos?",
    r"ley",
    r"reglas?",
    r"deadline",
    r"fecha l[ií]mite",
    r"plazo",
    r"notice of violation",
    r"aviso de (?:infracci[oó]n|violaci[oó]n)",
    r"contracts?",
    r"contratos?",
    # hauling it yourself, and what to keep when you do: "if i take the cardboard to the recycler myself
    # what do i keep", "nosotros mismos llevamos el carton en la troca": a self-hauler's rule, not a cart
    r"(?:haul|take|bring|drive|carry|drop)\w*\b.{0,60}\b(?:myself|ourselves|in (?:my|our) (?:own )?truck)",
    r"self[- ]?haul\w*",
    # "haul our own yard waste and cardboard to the compost and recycling facilities": the hauler's rules
    r"(?:haul|take|bring|drive|carry|deliver)\w* (?:our|my|their) own\b",
    r"instead of (?:using )?the (?:city'?s? )?(?:hauler|collection|service|trash company)",
    r"records? (?:do|should|must|to) (?:we|i) (?:need to )?keep",
    r"llev\w*\b.{0,60}\b(?:nosotros mismos|yo mismo|(?:la|nuestra|mi) troca)",
    r"(?:nosotros mismos|yo mismo)\b.{0,20}\bllev\w*",
    r"weight tickets?",
    # who must look after the carts: "are we supposed to be checking the bins?", "who inspects the carts"
    r"(?:are|am|is) (?:we|i|they|us|the \w+) (?:the ones? )?supposed to (?:be )?"
    r"(?:check|inspect|monitor|do|tell|provide|have|give|train|teach|pay|make)\w*",
    r"who(?:'s| is| are)? (?:\w+ )?supposed to",
    r"responsib\w+",
    # a cart kept for another use: "our old green can is what we use for regular garbage, came with the house"
    r"(?:use|using|used) (?:[\w']+ ){0,4}?(?:for|as) (?:our |the |my |regular |normal |all )*"
    r"(?:trash|garbage|recycl\w*|basura)",
    r"came with the (?:house|home|place|property|building)",
    r"(?:lo|la) usamos (?:para|como) (?:la )?basura",
    r"(?:check|checking|inspect|inspecting|monitor|monitoring|revisar|revisamos|checar) (?:\w+ ){0,2}"
    r"(?:bins?|carts?|containers?|cans?|botes?|contenedores?)",
)
_BIN_RULE = _words(*_CART_RULE_WORDS)
# Where something goes, asked ("where do i put 20 gallons of cooking oil per week?")
_WHERE_DOES_IT_GO = _words(
    r"where", r"d[oó]nde", r"which (?:bin|cart|container|can)", r"what (?:bin|cart|container)"
)
# A rate or an amount of money said ("the 1.5%", "$267"): what the ordinances' fees and penalties are made of
_A_RATE_OR_AMOUNT = re.compile(r"\d+(?:[.,]\d+)?\s*(?:%|percent|por\s*ciento)|\$\s?\d", re.IGNORECASE)
# How often the matter at hand has happened ("this is like the 3rd time", "es la segunda vez que pasa"): a
# fact for the conversation's topic, whatever else the classifier read in it
_HOW_OFTEN_IT_HAPPENED = _words(
    r"(?:this|it|that|ya|esto|es)\b.{0,20}\b(?:2nd|3rd|\d+th|second|third|fourth|fifth|segunda|tercera|cuarta|"
    r"quinta|\d+(?:da|ra|ta)) (?:time|vez)",
    r"(?:happened|pas[oó]|tagged|fined|etiquetaron|multaron) "
    r"(?:twice|three times|\d+ times|dos veces|tres veces)",
)
# An amount of waste a week: a de minimis waiver's fact, whatever items it names
_GALLONS = r"gal(?:lons?)?|galones"
_AN_AMOUNT = rf"\d+(?:\.\d+)? (?:{_GALLONS}|cubic yards?|yards?|yardas?)"
_WEEKLY_AMOUNT = _words(
    _AN_AMOUNT
    # "3 yards a week", "15 gal of food scraps a week", "a 3 yard bin once a week" (what the service is)
    + r"(?: (?:of (?:\w+ ){1,2}|de (?:\w+ ){1,2}|(?:bin|dumpster|container|bote|contenedor) (?:\w+ ){0,3})?"
    r"(?:a|per|each|x|por|a la|cada) (?:week|semana|wk))"
)
_AN_AMOUNT_OF_WASTE = _words(_AN_AMOUNT)
# Both of a de minimis waiver's amounts, however the week is said ("one cubic yard of trash picked up a week,
# and maybe 12 gallons of food scraps and paper towels"): its facts, whatever items they name
_SOME_NUMBER = rf"(?:{NUMBER_PATTERN}|an?|half a|un[oa]?|media)"
# (a bucket's or a dumpster's size is no amount: "can 5 gallon buckets go in our 3 yard dumpster?")
_SIZED = r"(?![\s-]*(?:buckets?|pails?|jugs?|drums?|tubs?|cans?|bottles?|dumpsters?|bins?|cubetas?|botes?))"
_YARDS_SAID = _words(
    _SOME_NUMBER + r"[\s-]+(?:cubic[\s-]+)?(?:yards?|yds?|yardas?)(?:[\s-]+c[uú]bicas?)?" + _SIZED
)
_GALLONS_SAID = _words(_SOME_NUMBER + rf"[\s-]+(?:{_GALLONS})" + _SIZED)
# What the city does about a business's carts, and its clocks ("y cuanto tiempo guardo esos papeles?"): a
# rule, never an item to sort
_A_RULE_OF_THE_CARTS = _words(
    # a business reported to the city, named or not: "I should like to let the city know, but I would rather
    # not give my name"
    r"complain\w*",
    r"complaints?",
    r"anonymous(?:ly)?",
    r"let the city know",
    r"report (?:them|it|him|her|a business|a restaurant|the restaurant|my neighbou?r)",
    r"quejas?",
    r"quejarme",
    r"denunci\w+",
    r"an[oó]nim[oa]",
    r"how long",
    r"cu[aá]nto tiempo",
    r"violations?",
    r"notice of violation",
    r"violation notice",
    r"citations?",
    r"cited",
    r"penalt(?:y|ies)",
    r"deadline",
    r"extension",
    r"more time",
    r"infracci[oó]n",
    r"multas?",
    r"plazo",
    # what the text says or where the money goes: "which section should I show my district manager?",
    # "where does all this money even go, the general fund?"
    r"(?:which|what) (?:section|part of the (?:code|law|ordinance))",
    r"sections?",
    r"ordinance",
    r"(?:general|program) fund",
    r"money (?:even )?(?:go|goes|going|used|spent)",
    # the cart itself, not what goes in it: "our trash can is green, the old one from years ago. is it a yard
    # waste can now??", "mi bote de basura es verde"
    r"(?:my|our|the) (?:old |current |existing )?(?:trash |garbage )?(?:can|cart|bin)s? (?:is|are|was|were) "
    r"(?:\w+ )?(?:green|blue|brown|black|gr[ae]y)",
    r"is (?:it|that|this|mine|ours) (?:a|an|the|now a) (?:\w+ ){0,2}(?:can|cart|bin|container) now",
    # (Spanish, glossed: "mi bote de basura es verde" reads "mi container cart de trash solid waste es green")
    r"(?:mi|nuestro) container cart (?:de trash (?:solid waste )?)?(?:es|era) "
    r"(?:green|blue|brown|black|gr[ae]y)",
)
# Where to take something no cart takes ("where do we drop it off?", "hay un centro de acopio?"): a place, not
# a cart (read in English: Spanish is glossed first, and its own words kept for what the glossary leaves)
_TAKE_IT_WHERE = _words(
    r"where (?:do|can|should|would) (?:i|we|you) (?:take|bring|drop)",
    r"drop[- ]?off",
    r"d[oó]nde (?:los|las|lo|la) (?:llevo|llevamos|dejo|dejamos|tiro)",
    r"centros? de acopio",
    r"collection (?:center|site|event)s?",
)
# Something the city would hand out ("give out free compost", "free mulch for residents"): no item to sort
_HANDED_OUT = _words(
    r"for free",
    r"free (?:compost|mulch|wood chips|bins?|carts?|containers?)",
    r"give(?:s)? (?:out|away)",
    r"giveaways?",
    r"hand(?:s|ing)? out",
)
# A food establishment's own facts (its seats, its drive-thru): what a fee or a permit turns on, never an
# item to sort
_ESTABLISHMENT_FACTS = _words(r"\d+ (?:seats?|asientos|sillas)", r"drive[- ]?thr(?:u|ough)", r"seating")
_RULE_WORDS = _words(
    *_CART_RULE_WORDS,
    r"needs?",
    r"have to",
    r"must",
    r"(?:\d+|cubic|a few|one|two|three|four|five|six|\d+ or \d+) yards?",  # of trash, not the back yard
    r"gallons? (?:a|per|each) week",
    r"service",
)


# Whom to call (for a spill): a question the ordinances answer, not a request to talk to a person.
_CALL_WHOM = _words(
    r"who (?:do|should|can|am|are|would) (?:i|we)(?: supposed to| gonna| going to| need to| have to)? call",
    r"who (?:to|should i|i should) call",
    r"whom? (?:do|should) (?:i|we) (?:call|contact|notify)",
    r"a qui[eé]n (?:le )?(?:llamo|hablo|aviso|tengo que llamar)",
)


# Words a sorting question asks with: where a thing goes, a container, throwing it out
_WHERE_IT_GOES = _words(
    r"where",
    r"which (?:bin|cart|can|container|one)",
    r"bins?",
    r"carts?",
    r"cans?",
    r"containers?",
    r"dumpsters?",
    r"recycl\w*",
    r"compost\w*",
    r"trash",
    r"garbage",
    r"throw\w*",
    r"toss\w*",
    r"dump\w*",
    r"put",
    r"goes?",
    r"d[oó]nde",
    r"botes?",
    r"contenedor(?:es)?",
    r"tir\w+",
    r"basura",
)


def asks_no_place_for_anything(text: str) -> bool:
    """Whether a message asks nothing of where a thing goes ("jan 1 is a holiday tho, do i do it before?"): a
    sorting question it is not, unless it names an item (the caller checks the sorting list)."""
    return not _WHERE_IT_GOES.search(text)


# Seats counted in a what-if ("y si agregamos cuatro mesas de a dos?", glossed "4 mesas de a 2")
_A_COUNT_OF_SEATS = _words(r"\d+ (?:seats?|tables?|chairs?|people|mesas?|sillas?|asientos?|personas?)")


def may_ask_where_it_goes(intent: str, text: str) -> bool:
    """Whether a message the classifier took for a city, could not place, or (short) took for a question
    or a fact may be a sorting question: it asks about a container or where something goes, or names the
    next thing ("and the leftover crusts?"), and names no grease-program subject or rule (the caller checks
    that it names an item on the sorting list)."""
    short = len(text.split()) <= SHORT_SORTING_QUESTION_WORDS
    short_question = intent == QUESTION_INTENT and short
    # "and the leftover crusts?" after a sorting answer: the next item, whatever the classifier said
    next_item = (  # "and the leftover crusts?" is no yes or no either, nor a correction
        intent in MAY_BE_SORTING | {QUESTION_INTENT, INFORM_INTENT, CHANGE_INTENT, "affirm", "deny"}
        and short
        and _NEXT_ITEM.match(text)
        and not (intent == CHANGE_INTENT and _GIVES_A_VALUE.search(text))  # "and the phone is 760 ..."
        # "y si agregamos cuatro mesas de a dos?" (glossed "and if agregamos 4 mesas de a 2") after the
        # yearly fee: a count supposed for the topic, no table to throw out
        and not (is_hypothetical(text) and _A_COUNT_OF_SEATS.search(text))
    )
    # "glass pasta sauce jar rinsed. victorville": the city said with the item asks where it goes
    with_the_city = (
        intent == CITY_INTENT
        and short
        and not _is_question(text)
        and len(without_city_names(text).split()) >= 2
    )
    # "We still have two jack-o-lanterns rotting on the porch from Halloween. Green cart or trash?": a
    # question of any length that asks which cart, or whether something goes in a named one
    which_cart = (
        intent in MAY_BE_SORTING | {QUESTION_INTENT, INFORM_INTENT}
        and _WHICH_CART.search(text) is not None
        and not _ASKS_WHEN.search(text)  # "how often is the blue cart picked up?" asks no cart
        # "a 4 unit building: brown bin like the big apartments?" asks whose rules the building follows
        and not _BUILDING_SIZE.search(text)
        and (intent == QUESTION_INTENT or "?" in text or asks_a_question(text))
    )
    return (
        (intent in MAY_BE_SORTING or short_question or bool(next_item) or which_cart)
        and bool(_SORTING_ASK.search(text) or next_item or with_the_city or which_cart)
        and not _FOG_TOPIC.search(text)
        and not _RULE_WORDS.search(text)
        and not _A_RULE_OF_THE_CARTS.search(text)  # "and how long do i keep those papers?"
        # "... one guy wants to dump it in the storm drain, another says pour it down the mop sink. which one
        # is ok??": what goes down a drain is the grease ordinance's, whatever cart "which one" sounds like
        # ("coffee grounds down the sink or in the green bin?" names a cart: still a sorting question)
        and not (_DOWN_A_DRAIN.search(text) and not re.search(rf"\b{_CART}\b", text, re.IGNORECASE))
    )


_DOWN_A_DRAIN = _words(
    r"(?:pour|pouring|dump|dumping|put|putting|flush|flushing|wash|washing|rinse|rinsing|send|sending|run"
    r"|running)\s+(?:\w+\s+){0,4}?(?:down|in|into)\s+(?:the|a|our|my)\s+(?:\w+\s+)?"
    r"(?:drains?|sinks?|sewer|toilets?|storm drains?|cleanouts?)",
)
_CART = r"(?:bins?|carts?|cans?|containers?|barrels?|dumpsters?|botes?|contenedor(?:es)?)"
_COLOR = r"(?:green|blue|brown|black|gr[ae]y)"
_WHICH_CART = _words(
    rf"{_COLOR} {_CART}",
    rf"(?:recycl\w*|compost|organics?|yard waste|trash|garbage) {_CART}",
    rf"which (?:{_CART}|one|color)",
    # "en q bote van?", glossed "en what container cart van" (not "what can they do")
    r"what (?:color )?(?:bins?|carts?|containers?|dumpsters?|botes?|contenedor(?:es)?)",
    rf"{_CART} or (?:the )?(?:{_COLOR}|trash|garbage|recycl\w*|compost)",
    rf"{_COLOR} or (?:the )?(?:{_COLOR}|trash|garbage|recycl\w*)",
    rf"(?:go|goes|put|throw|toss|belong)s? in(?:to)? (?:the |my |our |a )?"
    rf"(?:{_COLOR}|trash|garbage|recycling)",
    r"what (?:do|should|can) (?:i|we) do with",
)
_BUILDING_SIZE = _words(
    r"\d+[- ]?units?",
    r"(?:du|tri|four|quad|[2-4]-?)plex(?:es)?",
    r"\d+ (?:unidades|depas|departamentos|apartments|apartamentos)",
)
_ASKS_WHEN = _words(
    r"how often", r"when (?:is|are|does|do (?:they|you)|will)", r"what days?", r"pick(?:ed)? ?up", r"schedule"
)


_GIVES_A_VALUE = re.compile(r"\d|\b(?:is|are|was|were|should be|es|son|era|debe ser)\b", re.IGNORECASE)
_NEXT_ITEM = re.compile(
    r"^\s*(?:ok(?:ay)?[,.]?\s+)?(?:and|what about|how about|y|y que tal|que tal|y con|y el|y la|y los|y las)"
    r"\s+(?:the|my|our|el|la|los|las|un|una|unos|unas)?\s*[^\W\d_]",
    re.IGNORECASE,
)


def _live_spill_question(text: str) -> bool:
    """A question that describes a spill happening now ("grease is bubbling out of the cleanout right now,
    who do I call?"): the spill report answers it, whom to call first."""
    text = _A_PLACE_UP_THE_STREET.sub(" ", _literal(text))
    if not _SPILL_EVENT.search(text) or _about_what_the_city_did(text):
        return False
    if _CONTAINERS.search(text) and not _SEWER_WORDS.search(text):
        return False  # "the bins are forever overflowing": carts too small, no spill
    text = _NOW_OF_BEING_TOLD.sub(" ", text)
    return bool(_EXPLICIT_NOW.search(text) or (_NOW.search(text) and not _PAST.search(text)))


# What the city did about a spill: an order, a hearing, a bill ("when do we get a hearing to fight it")
_CITY_ACTION = _words(
    r"(?:emergency|suspension|shut ?off|cease and desist) order",
    r"hearing",
    r"appeal",
    r"fight (?:it|this|that)",
    r"citation",
    r"cited",
    r"notice of violation",
    r"nov",
    r"fined?",
    r"invoice",
    r"bill(?:ed)?",
)
# A spill said to be going on in words that only a caller at the scene uses
_AT_THE_SCENE = _words(
    r"right now",
    r"as we speak",
    r"this (?:second|minute)",
    r"still (?:going|coming|flowing|running|spilling)",
)


def _about_what_the_city_did(text: str) -> bool:
    """Whether a message with a past spill asks about what the city did about it (an emergency order, a
    hearing, a bill), with nothing said to be going on at the scene."""
    return bool(_CITY_ACTION.search(text) and _PAST.search(text) and not _AT_THE_SCENE.search(text))


# Where a place is, not where something flows: "the grocery store down the street", "the truck parked on the
# street" (w54-s046)
_A_PLACE_UP_THE_STREET = re.compile(
    r"\b(?:store|shop|restaurant|place|taquer[ií]a|market|church|school|neighbou?rs?|house|building|bakery"
    r"|pantry|deli|cafe|diner|business|guy|lady|people|folks|truck|car|van)\s+(?:\w+\s+)?"
    r"(?:down|up|on|across|over) the (?:street|road|block)\b|\bparked (?:on|down|in) the\b",
    re.IGNORECASE,
)
_SPILL_EVENT = _words(
    r"sewage",
    r"manhole",
    r"cleanout",
    r"clean out",
    r"overflow\w*",
    r"spill\w*",
    r"backup",
    r"backed up",
    r"back(?:s|ing)? up",
    r"backing up",
    r"(?:in|into|onto|on|down|toward|towards) the (?:street|gutter|sidewalk|parking lot|storm drain|alley)",
    r"all over",
    r"puddle",
    # "there's grease going into the drain right now": grease on its way somewhere, told as it goes
    r"(?:grease|sewage|greasy water|grease water|oil)\s+(?:is\s+|'s\s+)?"
    r"(?:going|running|flowing|pouring|draining)"
    r"\s+(?:in|into|down|to)\s+(?:the|a)\s+(?:drain|storm drain|grate|gutter|sewer)",
)
# Sewage or grease moving where it should not ("it's coming up out of the floor drain"): with a spill word,
# a report; alone in a question ("the dish water is coming out hot") not enough to start one.
_SPILL_FLOW = _words(r"coming (?:up|out)", r"bubbling", r"gushing", r"pouring out")


# "and in inglewood?", "what about victorville", "y en victorville? tengo otro restaurante alla": the topic
# asked again for the city named
_AND_IN_THE_CITY = re.compile(
    # "same in inglewood? we got a 2nd spot there", "igual en victorville?"
    r"^\W*(?:ok(?:ay)?[,.]?\s+)?(?:and|y|what about|how about|y qu[eé] tal|qu[eé] tal"
    r"|(?:(?:is it|its|it'?s|is that)\s+)?(?:the\s+)?same(?:\s+(?:thing|deal|rules?|way))?|(?:y\s+)?igual)\s+"
    r"(?:(?:in|en|for|para|at|con)\s+)?(?:the city of\s+|la ciudad de\s+)?(?:victorville|inglewood)\b"
    # "And for our central kitchen in Victorville?", "y pa mi otro local en inglewood?": the place there,
    # named, and nothing more asked
    r"|^\W*(?:ok(?:ay)?[,.]?\s+)?(?:and|y|what about|how about)\s+(?:for|at|with|para|pa|con|en)\s+"
    r"(?:our|my|the|mi|nuestro|nuestra|el|la)\s+(?:[\w'-]+\s+){1,3}?(?:in|en)\s+"
    r"(?:victorville|inglewood)\W*$"
    # "and the victorville one, what do i pay there": the place there, named by its city
    r"|^\W*(?:ok(?:ay)?[,.]?\s+)?(?:and|y|what about|how about)\s+(?:the|my|our|el|la|mi)\s+"
    r"(?:victorville|inglewood)\s+(?:one|place|store|location|restaurant|spot|shop|uno|una|local|restaurante)\b",
    re.IGNORECASE,
)


# The same question for the other city, asked of a place there: "if this had happened at our other place in
# inglewood would it be any different", "is it the same for our inglewood store?", "my victorville store
# manager says 2"
_IN_THE_OTHER_CITY = re.compile(
    r"\b(?:if (?:this|it|that) (?:had )?(?:happened|were|was|had been)|would (?:it|that|this) be (?:any )?"
    r"(?:different|the same)|is (?:it|that|this) (?:any )?(?:different|the same)"
    r"|(?:same|different) (?:rules?|there)"
    # "... pumped the same day. Same question for that one?", "la misma pregunta para ese"
    r"|same (?:question|thing|deal) (?:for|with|about) (?:that|this|the other|it|them)"
    r"|(?:la )?misma pregunta (?:para|pa|con) (?:ese|esa|el otro|la otra|ella|[eé]l)"
    r"|(?:ser[ií]a|es) (?:igual|diferente|distinto)"
    # "and if we move to their Victorville location?", "y si nos cambiamos al local de victorville?"
    r"|(?:and|y|but|pero)\s+(?:what\s+)?if\s+(?:we|i|they)\s+(?:move|moved|relocate|relocated|open|opened)"
    r"\s+(?:to|in|into|there)"
    r"|y\s+si\s+(?:nos\s+)?(?:cambiamos|mudamos|movemos|abrimos|pasamos)\s+(?:a|al|en|para|pa)"
    # what is said of the place in the other city: "4 yrs?? my victorville store manager says 2"
    r"|(?:store|place|location|restaurant|spot|shop|branch|sucursal|local|tienda|restaurante)\s+(?:\w+\s+)?"
    r"(?:says|said|told (?:me|us)|dice|dijo))\b",
    re.IGNORECASE,
)


# A rule compared with a city's ("and the training thing, same as victorville?", "igual que en inglewood?"):
# the answer is both cities' rules, side by side
_COMPARED_WITH_A_CITY = re.compile(
    r"\b(?:(?:the\s+)?same\s+(?:thing\s+|deal\s+|rules?\s+)?as|just\s+like|like|as\s+in|different\s+(?:from|than)|"
    r"differ\w*\s+from|compared?\s+(?:to|with)|vs\.?|versus|igual\s+que|como|diferente\s+(?:de|a|que)|"
    r"distint[oa]\s+(?:de|a|que))\s+(?:in\s+|en\s+|at\s+)?(?:victorville|inglewood)\b",
    re.IGNORECASE,
)


def says_sending(text: str) -> bool:
    """Whether a message speaks of sending something in (:data:`_SENT`): "do i have to send anything"."""
    return bool(_SENT.search(text))


def compares_with_a_city(text: str) -> bool:
    """Whether a message asks how a rule compares with a city's (:data:`_COMPARED_WITH_A_CITY`)."""
    return bool(_COMPARED_WITH_A_CITY.search(text))


def without_the_comparison(text: str) -> str:
    """The message without the city it compares with ("Does Inglewood require brown bins like Victorville
    does?" → "Does Inglewood require brown bins ?"): a city it still names is the one it asks about."""
    return " ".join(_COMPARED_WITH_A_CITY.sub(" ", text).split())


# "at each store", "for both locations", "en los dos locales": a question asked of every place the user has
_EACH_PLACE = re.compile(
    r"\b(?:at|for|in|of) (?:each|both|all)(?: of)? (?:our |my |the |these |those )?"
    r"(?:stores?|locations?|restaurants?|places?|spots?|sites?|campus(?:es)?|kitchens?|shops?|cafes?)\b"
    r"|\b(?:both|each) (?:stores?|locations?|restaurants?|places?|spots?|sites?|campus(?:es)?|cities)\b"
    r"|\ben (?:los|las) dos(?: (?:locales|restaurantes|tiendas|lugares|sucursales|ciudades))?\b"
    r"|\ben cada (?:local|restaurante|tienda|lugar|sucursal|ciudad)\b|\ben ambos\b"
    # "And staff grease training — how often in each?", "... in both?": the places said before
    r"|\b(?:in|at|for) (?:each|both)\s*(?:one|of them|city)?\s*[?.!]*\s*$|\ben cada (?:una?|uno)\b"
    # the two set against each other: "whats different between the 2", "which one do i keep the paperwork
    # longer for", "cual de los dos es mas seguido"
    r"|\bbetween (?:the )?(?:2|two|both)(?:\s+(?:cities|places|locations|stores|spots|restaurants|sites))?"
    r"\s*[?.!]*\s*$"
    r"|\bentre (?:los|las) dos(?:\s+(?:ciudades|locales|restaurantes|lugares|sucursales))?\s*[?.!]*\s*$"
    r"|\bwhich (?:one|city|place|location)\b(?![^?]*\bor\b).{0,40}"
    r"\b(?:longer|shorter|more|less|stricter|sooner|later|more often)\b|\bcu[aá]l de (?:los|las) dos\b",
    re.IGNORECASE,
)


def asks_of_each_place(text: str) -> bool:
    """Whether a message asks its question of each of the user's places ("how long do I keep these records at
    each store?", "¿y en los dos locales?"), naming no city of its own."""
    return bool(_EACH_PLACE.search(text)) and not detect_city(text)


def asked_of_both_cities(text: str) -> str:
    """A comparing question asked of both cities: "and the training thing, same as victorville?" → "and the
    training thing (Victorville / Inglewood)?"."""
    asked = _COMPARED_WITH_A_CITY.sub(" ", text).strip(" ?,.")
    return f"{' '.join(asked.split())} ({' / '.join(CITY_NAMES.values())})?"


def asks_about_the_other_city(text: str) -> bool:
    """Whether a message asks the topic again for a city it names (:data:`_AND_IN_THE_CITY`,
    :data:`_IN_THE_OTHER_CITY`), or names it in place of the other (:func:`cities.corrects_the_city`)."""
    return bool(
        _AND_IN_THE_CITY.match(text)
        or (_IN_THE_OTHER_CITY.search(text) and detect_city(text))
        or corrects_the_city(text)  # "me equivoque, el restaurante nuevo es en inglewood no en victorville"
    )
