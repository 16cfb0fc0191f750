"""Questions the ordinances do not answer, known by their topic, and where to send the person instead.

The index finds the nearest passage for any question, so "what day is green-cart pickup?" would get a passage
about green carts. These topics are not in any of the three texts (collection days, rates, lists of approved
companies, office addresses and hours, hazardous-waste drop-off, grants); a question about one of them is
declined with the right office: the FOG office for grease, the solid waste office for carts and hauling. Where
the ordinance says something related, the decline says that too, with its section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cities import FOG, SOLID_WASTE
from languages import N_


@dataclass(frozen=True)
class Uncovered:
    topic: str
    office: str  # FOG or SOLID_WASTE
    what_it_says: dict[
        str, str
    ]  # city -> a sentence with its citation, where the ordinance says something related


def _topic(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_PICKUP = _topic(
    r"\b(?:pick\s?-?up|collection|collected|picked up|trash day|garbage day)\b.{0,40}"
    r"\b(?:day|days|schedule|time|when|missed|holiday)\b"
    r"|\b(?:what|wut|wat|which)\s+days?\b.{0,60}\b(?:pick|collect|trash|garbage|bin|cart|can)"
    r"|\bmissed\s+(?:my\s+|the\s+)?(?:pick\s?-?up|collection|trash)"
)
_RATES = _topic(
    # a price asked ("how much for an extra bin"), not an extra bin named ("rebuild the enclosure for the
    # extra bin ... can they give us more time"), nor whether the service is a must ("do i still have to
    # pay for the city green bin?" when composting at home: the subscription's rule)
    r"(?<!have to )(?<!need to )(?<!gotta )(?<!have to keep/)(?<!have to keep or )(?<!must )"
    # "can I compost at home instead of paying for the green bin?": whether the service is a must
    r"(?<!instead of )(?<!rather than )(?<!in place of )"
    r"\b(?:how much|cost|price|rate|charge|pay)\b.{0,40}\b(?:a month|per month|monthly|bin|cart|container|"
    r"trash service|pickup|collection)\b(?!.{0,20}\b(?:fine|penalt|nov|violation)\b)"
    # "What's the monthly rate in Victorville for adding a 2-yard brown food-scraps bin?"
    r"|\b(?:monthly|weekly|a month|per month)\s+(?:rates?|prices?|costs?|charges?|bills?)\b"
    r".{0,80}\b(?:bins?|carts?|containers?|service|pickups?|collection)\b"
)
# What a pumping company charges ("how much charge x clean the grease trap"), not the city's fines or fees
_PUMPING_PRICE = _topic(
    r"^(?!.*\b(?:fines?|fined|penalt\w*|violations?|nov|city|fees?|if (?:we|i|they) (?:don'?t|do not|never)"
    r"|cleanup|clean-up)\b).*"
    r"(?:\b(?:how much|cost|price|rates?|charges?)\b.{0,25}\b(?:pump(?:ing)?|clean(?:ing)?|service|empty)"
    r"(?: out)?\W+(?:\w+\W+){0,2}(?:grease )?(?:trap|interceptor)"
    # "how much does a company charge" ("cuanto cobra una compañia por bombear la trampa")
    r"|\b(?:how much|cost|price)\b.{0,15}\b(?:charges?|cobra\w*)\b.{0,30}"
    r"\b(?:compan(?:y|ies)|pumpers?|haulers?)"
    r"|\b(?:how much|cost|price)\b.{0,30}\b(?:compan(?:y|ies)|pumpers?|haulers?)\b.{0,30}"
    r"\b(?:pump\w*|clean\w*)\b)"
)
# Where to buy a grease device or what one costs ("where can i buy a grease trap and how much do they
# usually cost", "how much does an interceptor run"): the ordinances set how it is sized and approved, no
# seller or price
_DEVICE_PURCHASE = _topic(
    # not its pumping ("where do we get our trap pumped": a company's price or list) nor the city's charges
    r"^(?!.*\b(?:pump\w*|clean\w*|servic\w*|empt\w*|fines?|penalt\w*|permits?)\b).*(?:"
    r"\b(?:where|who)\b.{0,25}\b(?:buy|purchase|get|sells?|order)\b.{0,25}"
    r"\b(?:grease )?(?:traps?|interceptors?)"
    r"|\b(?:how much|cost|price)\b.{0,30}\b(?:grease )?(?:traps?|interceptors?)\b.{0,20}"
    r"\b(?:cost|run|go for|usually|typically)\b"
    r"|\b(?:how much|cost|price)\b.{0,25}\b(?:buy|purchase|install|new|an?|1)\b\w*\s+(?:new\s+)?(?:grease )?"
    r"(?:traps?|interceptors?))"
)
# The size a grease device must be for a kitchen ("What size grease interceptor do we need for a 120-seat
# restaurant? How many gallons?"): the ordinances size it by the Plumbing Code, with no gallons or seats of
# their own; not what a pumping removed ("how many gallons did they pump out of the interceptor")
_DEVICE_SIZE = _topic(
    # not the 25% rule's share of a device, nor what a pumping removed
    r"^(?!.*(?:\b(?:pump\w*|remov\w*|hauled|manifest|spill\w*|overflow\w*|dump\w*|percent|hold before|"
    r"por ?ciento)\b|%|\b25\b)).*(?:"
    r"\b(?:how many gallons|what capacity|de cu[aá]ntos galones)\b.{0,60}"
    r"\b(?:traps?|interceptors?|interceptores|trampas?)\b.{0,40}"
    r"\b(?:need|needs|required|should be|must be|have to be|has to be|tiene que ser|necesit\w*)\b"
    r"|\b(?:traps?|interceptors?|interceptores|trampas?)\b.{0,40}"
    r"\b(?:need|needs|required|should be|must be|have to be|has to be|tiene que ser|necesit\w*)\b.{0,40}"
    r"\b(?:how many gallons|what capacity|cu[aá]ntos galones)\b"
    r"|\b(?:what size|how big|how large|(?:que|qu[eé]) tama[nñ]o)\b.{0,40}"
    r"\b(?:traps?|interceptors?|interceptores|trampas?)\b.{0,60}"
    r"\b\d+[- ]?(?:seats?|seater|asientos|sillas|meals|comidas)\b"
    # its size asked in gallons ("¿De qué tamaño, en galones, tiene que ser el interceptor ...?")
    r"|\b(?:what size|how big|how large|(?:que|qu[eé]) tama[nñ]o)\b\W+(?:\w+\W+){0,2}?(?:gallons"
    r"|galones)\b.{0,40}"
    r"\b(?:traps?|interceptors?|interceptores|trampas?)\b)"
)
_HAULER_LIST = _topic(
    # a list asked for, not a permit that does not list something ("our permit doesnt list any pumping
    # schedule"), nor "we good till december"
    r"(?<!keep )(?<!keeping )(?:\b(?:a|the|any|approved|of|una|la|1|your)\s+list\b|"
    r"\blist\s+(?:of|de)\b(?!\s+(?:the\s+)?(?:pumping\s+)?(?:dates|manifests))|\b(?:approved|recommend(?:ed)?|certified)\b|"
    r"\bgood\b(?=\s+(?:\w+\s+){0,2}(?:pump|haul|compan|vendor|contractor)))"
    r".{0,40}\b(?:pump(?:ing|er|ers)?|haul(?:ers?|ing)?|compan(?:y|ies)|vendors?|contractors?)\b"
    r"|\bwho\s+(?:are|r|is)\s+the\s+(?:approved|licensed)\b"
    # "q compañias estan aprobadas pa limpiar trampas" (glossed "what companies estan approved ...")
    r"|\b(?:which|what)\s+(?:compan(?:y|ies)|pumpers?|haulers?|vendors?|contractors?)\b.{0,20}"
    r"\b(?:approved|certified|recommended)\b"
    # "is there a company the city recommends", "hay alguna compañia q recomiende la ciudad" (glossed)
    r"|\b(?:compan(?:y|ies)|pumpers?|haulers?|vendors?|contractors?)\b.{0,25}\b(?:recommends?|approves?)\b"
    # a company asked for by name or number: "can you give me the number of a company that pumps grease
    # traps", "is there a company that buys used fryer oil" ("hay alguna compania q compre el aceite")
    r"|\b(?:number|name|names|contact|numero|nombre)\s+(?:of|for|de)\s+(?:a|an|any|some|alguna|the)?\s*"
    r"(?:compan(?:y|ies)|pumpers?|haulers?|vendors?)\b"
    r"|\b(?:is there|are there|hay)\s+(?:a|an|any|alguna|alguien|some)\s+(?:compan(?:y|ies)|pumpers?|"
    r"haulers?|vendors?|one)\b.{0,25}\b(?:that|what|who|q|que)\s+(?:buys?|picks? up|collects?|pumps?|takes?)"
)
# A spill or its report named with an office's phone or address: the spill line the ordinances give ("cual es
# el telefono pa reportar un derrame?", glossed "what is the phone number to report a spill")
_A_SPILL_REPORTED = re.compile(
    # (and a line that backs up: "the phone number for victorville public works sanitary division ... in case
    # our line backs up again")
    r"\b(?:spills?|overflows?|backups?|back(?:s|ed)? up|sewage|sso|report(?:ing)?|derrames?|desbord\w*|"
    r"reportar)\b",
    re.IGNORECASE,
)
# ... but a letter taken to an office is asked of the office: "whats the address and phone number of the FOG
# office? i want to drop off the spill letter in person" (the ordinances give a spill line, never an office's
# address); the address and phone number to report a spill are the spill line's
# (and so is the address a written follow-up is mailed to: "We need to mail the written spill follow-up to
# Victorville's FOG manager. What's the mailing address?"; a number to report one is still the spill line's)
_AN_OFFICE_VISITED = re.compile(r"\b(?:letter|carta|mailing address)\b", re.IGNORECASE)
# An overflow's cleanup, whose contractors Inglewood's ordinance does name a list for (Discharge Requirements
# (8)): "if I'd rather hire my own cleanup company ..., is there an approved list of contractors?"
_OVERFLOW_CLEANUP = re.compile(
    r"\b(?:clean[- ]?up|overflows?|spills?|sso|backups?|derrames?|desbord\w*)\b", re.IGNORECASE
)
_OFFICE = _topic(
    r"\b(?:address|office hours|open (?:on )?(?:saturdays?|sundays?|weekends?)|phone number"
    r"|what are (?:the|their) hours"
    r"|\b(?:hours|open)\b.{0,30}\boffice|\boffice\b.{0,30}\b(?:hours|open)"
    r"|where (?:is|do i|can i) (?:the )?"
    r"(?:office|drop off (?:the |our |my )?(?:application|paperwork|permit))"
    r"|pay (?:the |my |our )?(?:fee|bill|invoice)? ?(?:online|by card|with a card))\b"
)
# An address or a number given, not asked ("la direccion es 16500 bear valley rd", glossed "the address es
# 16500 ..."; "the phone number del business esta mal es 310 555 0177")
_GIVES_A_CONTACT = _topic(
    r"\b(?:address|phone(?: number)?|number|direcci[oó]n|tel[eé]fono)\b[^?]{0,30}?\b(?:is|es|:)\s*\d{3}"
)
_HAZARDOUS = _topic(
    r"\b(?:paint|motor oil|car batter(?:y|ies)|batter(?:y|ies)|chemicals?|e-?waste|electronics|sharps|"
    r"solvents?|pesticides?|thinner)\b.{0,60}\b(?:drop(?:\s|-)?off|take|bring|dispose|where|hours|open)\b"
    r"|\b(?:drop(?:\s|-)?off|take|where)\b.{0,40}\b(?:paint|motor oil|batter(?:y|ies)|chemicals?|e-?waste)\b"
)
# money given, not a waiver granted ("if they grant it, how long does it stay valid?", "the city grants the
# waiver"): the noun anywhere, never the verb after who grants or before what is granted
_GRANTS = _topic(
    r"\b(?:rebates?|(?<!\bthey )(?<!\bcity )(?<!\bwill )(?<!\bwould )(?<!\bcan )(?<!\bmay )(?<!\bdoes )"
    r"(?<!\bdo )(?<!\bto )(?<!\bif )grants?\b(?!\s+(?:it|them|us|me)\b)"
    # (nor "if Inglewood grants our slice shop a waiver": what is granted a few words on)
    r"(?!(?:\s+[\w']+){0,4}?\s+(?:waiver|variance|extension|exemption|permit|request)s?\b)"
    r"|financial (?:help|assistance)|subsid(?:y|ies)|loans?)\b"
)
# Compost or mulch given to residents ("does victorville give out free compost?"): the chapter only has the
# city buy recovered organic products (§ 6.37.110), no giveaway
_COMPOST_GIVEAWAY = _topic(
    r"\b(?:free|give(?:s)? (?:out|away)|giveaways?|hand(?:s|ing)? out)\b.{0,40}"
    r"\b(?:compost|mulch|wood chips)\b"
    r"|\b(?:compost|mulch|wood chips)\b.{0,30}\b(?:for free|free|giveaways?|pick (?:it|some|them) up)\b"
)
# How long the city takes to decide an application, a permit or a waiver ("how long does it take to get the
# permit approved?", "cuanto se tardan en contestar?" glossed): no text sets it. Hearings' decisions do have
# days (30 calendar days after a revocation hearing), so a hearing or appeal is no such question.
_PROCESSING_TIME = _topic(
    r"^(?!.*\b(?:hearing|appeal|revok\w*|revoca\w*|audiencia|apelaci\w*)\b)"
    # "how long do we have to respond?": the user's own deadline, which a clock may set, not the city's pace
    r"(?!.*\b(?:we|i)\s+(?:have|need|got|must)\s+(?:\w+\s+)?to\s+(?:respond|answer|reply)\b).*(?:"
    r"\b(?:how long|how many days|how soon|how fast|how quick)\b.{0,40}"
    r"\b(?:take|takes|until|till|before|to)\b.{0,30}"
    r"\b(?:approv\w*|process\w*|review\w*|decid\w*|respond|response|answer|hear back|get back|issue\w*)\b"
    r"|\b(?:how long|how much)\b.{0,15}\b(?:take|takes|taking|tardan?)\b.{0,20}"
    r"\b(?:answer|respond|approv\w*|decid\w*|contestar|responder)\b"
    r"|\bwhen (?:will|do|would) (?:we|i) (?:hear back|get (?:an? )?(?:answer|response|decision))\b)"
)
# A pickup of big items ("do they do big item pickup", "will they haul away an old couch"): the chapter only
# says such items go in no cart (excluded waste), not who collects them or when
_BULKY_ITEMS = (
    r"couch|sofa|mattress|fridge|refrigerator|furniture|appliances?|washer|dryer|microwave|tv|television|"
    r"electronics?|e-?waste|tires?|stove|oven|colch[oó]n|sill[oó]n|refri|lavadora|secadora|microondas|"
    r"televisi[oó]n|tele|estufa|llantas?|muebles?"
)
_BULKY_PICKUP = _topic(
    r"\b(?:big|bulky|large|oversized|heavy)\s+(?:items?|trash|junk|stuff)\s+(?:pick\s?-?ups?|collections?|days?)\b"
    r"|\b(?:pick\s?-?ups?|pick (?:it|them) up|haul (?:it |them )?away|collect)\b.{0,30}"
    rf"\b(?:{_BULKY_ITEMS})\b"
    # "my old microwave finally died ... ok so who do i call to come get it"
    rf"|\b(?:{_BULKY_ITEMS})\b.{{0,160}}\b(?:come (?:and )?(?:get|grab|pick up|take|haul) (?:it|them)"
    r"|pick (?:it|them) up|haul (?:it|them) (?:away|off)|take (?:it|them) away"
    r"|vien[ea]n? a (?:recoger|llevar)\w*|vengan? (?:a )?(?:recoger|llevar)\w*|(?:lo|la|los|las) recoj\w+)\b"
)
# Where a place to take things is ("y donde los llevo entonces? hay un centro de acopio?"): the chapter names
# none. Taking one's own waste to such a place is self-hauling, which it does regulate.
_DROP_OFF_SITE = _topic(
    r"\b(?:where|is there|are there|any|nearest|hay|d[oó]nde)\b.{0,40}"
    r"\b(?:drop(?:\s|-)?off|recycling|buy[- ]?back)\s+"
    r"(?:centers?|centres?|sites?|locations?|depots?|yards?)\b"
)
# The application form itself asked for by number, as a download or on a website ("What's the form number for
# the Victorville FOG permit application, and can I download it somewhere?", "can i fill out the permit
# application online?"): each ordinance says only that it is on a form the city prescribes. Not a website said
# to say something ("a website says the fee is $340, is that right?"), nor a rule about online businesses.
_FORM_ONLINE = _topic(
    r"^(?!.*\b(?:says?|said|dice|dijo|apply to|aplica a)\b).*(?:"
    r"\bform (?:number|no\.?|#)|\b(?:where|can|could|how|to)\b.{0,25}\bdownload\w*|\bdownloadable"
    r"|\bprintable\b"
    r"|\b(?:is there|are there|hay)\s+(?:a|an|any|una?|alg[uú]n\w*)\s+(?:website|web ?site|portal|link"
    r"|p[aá]gina)"
    r"|\b(?:apply|file|submit|fill (?:\w+ ){0,3}(?:out|in)|llenar\w*|solicitar\w*|aplicar)\b.{0,40}"
    r"\b(?:online|en l[ií]nea|por internet)\b)"
)
# Other agencies' permits and licences ("do I need a county health permit for my booth"): no text here sets
# them (a FOG permit, grease or a hauler named beside it is asked of the ordinances: "we have a health permit
# already, is a FOG permit extra", "does the grease pumper need a city business license")
_OTHER_PERMITS = _topic(
    r"^(?!.*\b(?:fog|grease|grasa|interceptors?|traps?|trampas?|haulers?|pumpers?|drains?|drenaje|oil|aceite)\b)"
    r".*\b(?:health permits?|food handlers?(?:'s)? (?:cards?|permits?|certificates?)|seller'?s permits?"
    r"|liquor licen[cs]es?|(?:permisos?|licencias?) (?:de salud|sanitari[oa]s?)|permits? (?:de"
    r"|of) (?:health|salud))\b"
)
# A list of food recovery organizations to partner with ("Can you give me a list of food recovery
# organizations in Victorville"): the chapter has generators contract with them and names none
# (a list kept is the generator's record, § 6.37.060(c)(5)(A): "do I have to keep a list of the food recovery
# organizations we donate to?")
_FOOD_RECOVERY_LIST = _topic(
    r"^(?!.*\b(?:keep|kept|records?|have to|must|required|registros?)\b).*(?:"
    r"\b(?:give|send|have|is there|are there|where can (?:i|we) (?:find|get)|can you (?:give|send"
    r"|recommend))\b"
    r".{0,20}\b(?:lists?|directory|names?)\b.{0,30}"
    r"\b(?:food recovery|food banks?|food pantr(?:y|ies)|charit(?:y|ies)|nonprofits?)\b"
    r"|\b(?:which|what)\s+(?:food banks?|food pantr(?:y|ies)|food recovery (?:organizations?|groups?"
    r"|services?))"
    r"\s+(?:can|could|should)\s+(?:we|i)\s+(?:partner|work with|use|donate to|call))"
)
# What used cooking oil fetches or costs to have taken ("does the used fryer oil guy pay me for my oil or do i
# pay him? whats the going rate"): a market's price, not a rule (its rules are the ordinances': "if the hauler
# buys our oil do we still need a manifest?", "do we pay to have it recycled or can we pour it out?")
_OIL_PRICE = _topic(
    r"^(?=.*\b(?:oil|aceite)\b)(?!.*\b(?:fines?|penalt\w*|violations?|nov|manifests?|pour\w*|drains?|permits?"
    r"|every \d+)\b).*"
    r"\b(?:going rate|pay (?:me|us)|what (?:price|rate)s?|how much (?:do|will|does|would"
    r"|can) (?:\w+ ){0,3}pay"
    r"|buys? (?:my|our|the) (?:used |fryer |cooking )?oil|how much me pay|cu[aá]nto (?:me|nos) pagan)\b"
)
_TRASH_COMPANY = _topic(r"\bwho\b.{0,20}\b(?:trash|garbage|waste|recycling)\s+(?:company|hauler|provider)\b")
_VICTORVILLE_FEE_AMOUNT = _topic(
    r"\b(?:how much|cost|price)\b.{0,40}\bpermit\b|\bpermit\b.{0,30}\b(?:fee|cost|how much)\b"
)
# Carts and sorting in Inglewood: its only ordinance here is the FOG one. Grease and cooking oil are FOG's.
_INGLEWOOD_ORGANICS = _topic(
    r"\b(?:brown (?:bins?|carts?)|food scraps?|compost(?:ing)?|organics? (?:bins?|carts?|waste)"
    r"|yard (?:waste|trimmings)|grass clippings|green waste|recycl(?:ing|ables?) (?:bins?|carts?|containers?)"
    r"|(?:which|what|wich) (?:bin|cart|can|container)"
    # (and "tengo q separar la comida en bote cafe?", glossed "separate la food en brown container"; never
    # food solids kept from a sink, which the FOG article asks)
    r"|(?:blue|green|black|gray|grey|brown) (?:bins?|carts?|cans?|containers?)"
    # the rest of Victorville's organics chapter, asked again for Inglewood ("and in inglewood?")
    r"|de minimis|physical space waiver|edible food|food recovery|sb ?1383|tier (?:one|two|1|2) generators?"
    # "Is there an Inglewood rule that says we must donate it (the leftover food)?"
    r"|donat(?:e|ed|ing|ion)s?\b.{0,40}\b(?:food|leftovers?|it|them)|(?:food|leftovers?)\b.{0,40}\bdonat\w+"
    r"|organics? (?:service|program|requirements?|rules?|waiver)"
    # "what do I have to do with the tenants' trash and recycling?" (glossed "trash solid waste and
    # recycling")
    r"|(?:trash|garbage|solid waste)\s+(?:and|&)\s+recycl\w*|recycl\w*\s+(?:and|&)\s+(?:trash|garbage)"
    r"|recycling (?:rules|program|requirements?|service)|tenants'? (?:trash|garbage|recycling)"
    # telling tenants how to sort ("a los inquilinos nuevos cuando les tengo q dar la info?")
    r"|(?:new\s+)?tenants?\b.{0,40}\binfo(?:rmation)?\b|\binform\w*\s+(?:the\s+|our\s+|new\s+)*tenants"
    # the carts asked about again ("and in inglewood for the bins?", "customer bins"), not a trash bin
    r"|^\W*(?:and|y)\b[^.?!]{0,30}\b(?:for|about) the (?:bins|carts|containers)"
    r"|(?:special|separate|labell?ed|colou?red|customer) "
    r"(?:bins?|carts?|containers?))\b"
)
_GREASE = re.compile(
    r"\b(?:grease|oil|fog|fryer|interceptor|trap|grasa|aceite|freidora|trampa)\b", re.I
)  # and the Spanish words, for a question not glossed ("donde tiro el aceite de la freidora?")

_HAULERS_SAY = {
    "victorville": N_(
        "The ordinance requires a contract with a licensed waste hauler "
        "(Victorville Municipal Code § 10.03.160(b))."
    ),
    "inglewood": N_(
        "The ordinance requires grease to be hauled by licensed waste haulers "
        "(Inglewood FOG Ordinance, Discharge Requirements (2)(g))."
    ),
}
_FEES_SAY = {
    "victorville": N_(
        "Victorville's FOG permit fees and user charges are set by resolution of the city council, not "
        "printed in the chapter (Victorville Municipal Code § 10.03.050(a))."
    )
}
_FORM_SAY = {
    "victorville": N_(
        "The FOG permit application is filed with the building official on a form the city prescribes, with "
        "any applicable fees (Victorville Municipal Code § 10.03.060(a))."
    ),
    "inglewood": N_(
        "The FOG wastewater discharge permit application is filed with the Public Works Department on a form "
        "the City prescribes, with the applicable fees (Inglewood FOG Ordinance, Permits (1))."
    ),
}
_FOOD_RECOVERY_SAY = {
    "victorville": N_(
        "Commercial edible food generators must arrange to recover their edible food through a contract or "
        "written agreement with food recovery organizations or services (Victorville Municipal Code "
        "§ 6.37.060(c)(2))."
    )
}
_OIL_SAY = {
    "victorville": N_(
        "Waste cooking oil must go to a licensed waste hauler or an approved recycling facility (Victorville "
        "Municipal Code § 10.03.100(b)(2))."
    ),
    "inglewood": N_(
        "Licensed waste haulers or an approved recycling facility must be used to dispose of FOG, including "
        "waste cooking oil (Inglewood FOG Ordinance, Discharge Requirements (2)(g))."
    ),
}
_PERMIT_NAMED = re.compile(r"\b(?:permits?|permiso)\b", re.IGNORECASE)
_A_WAIVER_NAMED = re.compile(r"\b(?:waivers?|exenci[oó]n|exemption|variance|dispensa)\b", re.IGNORECASE)
_SPILL_LETTER_SAY = {
    "victorville": N_(
        "A spill's written confirmation goes to the FOG manager at the address in your FOG permit "
        "(Victorville Municipal Code § 10.03.280(b))."
    ),
    "inglewood": N_(
        "A spill's written confirmation goes to the Director of Public Works "
        "(Inglewood FOG Ordinance, Monitoring and Notification (3)(a))."
    ),
}
_DEVICE_SAY = {
    "victorville": N_(
        "The chapter says a grease interceptor is sized and installed to the city's Plumbing Code, to a "
        "design the building official approves (Victorville Municipal Code § 10.03.140(b)), and a grease "
        "trap to the Plumbing Code (§ 10.03.150(b))."
    ),
    "inglewood": N_(
        "The ordinance says a grease interceptor is sized and installed to the current California Plumbing "
        "Code, to a design the Director of Building and Safety approves (Inglewood FOG Ordinance, Grease "
        "Interceptors and BMPs (1)(a))."
    ),
}
_HAZARDOUS_SAY = {
    "victorville": N_(
        "Chapter 6.37 keeps hazardous waste out of solid waste, so it goes in no cart "
        '(Victorville Municipal Code § 6.37.020 ("Solid waste")(1)).'
    )
}
_BULKY_SAY = {
    "victorville": N_(
        "Chapter 6.37 counts appliances, scrap metal, electronics, tires and oversized furniture as excluded "
        "waste, which needs separate handling and can't go in the standard carts (Victorville Municipal Code "
        '§ 6.37.020 ("Excluded waste")).'
    )
}
_INGLEWOOD_ORGANICS_SAY = {
    "inglewood": N_(
        "Chapter 6.37's organics and cart rules apply only in Victorville; the Inglewood ordinance only "
        "covers grease."
    )
}
# Which cart in Inglewood (asked as a question, or as a sorting question in Inglewood)
INGLEWOOD_ORGANICS = Uncovered(
    N_("Inglewood's cart and organics rules"), SOLID_WASTE, _INGLEWOOD_ORGANICS_SAY
)


# Carts, bins, trash and organics: the solid waste office's matters, grease aside
_SOLID_WASTE_WORDS = re.compile(
    r"\b(?:bins?|carts?|containers?|dumpsters?|trash|garbage|recycl\w*|organics?|compost\w*"
    r"|food (?:waste|scraps)|yard (?:waste|trimmings)|green waste|hauler|pick ?-?ups?|collection|landfill"
    r"|edible food|food recovery"
    r"|sb ?1383)\b",
    re.I,
)


def office_for(question: str) -> str:
    """The office a question the ordinances do not answer goes to, by what it is about: the solid waste
    office for carts, trash and organics, the FOG office for grease and anything else."""
    if _SOLID_WASTE_WORDS.search(question) and not about_grease(question):
        return SOLID_WASTE
    return FOG


def about_grease(text: str) -> bool:
    """Whether a message is about grease or cooking oil, which both cities' FOG ordinances cover, carts or
    not ("inglewood restaurant. old fryer oil - trash dumpster ok?")."""
    return bool(_GREASE.search(text))


def uncovered_topic(question: str, city: str | None) -> Uncovered | None:
    """The not-covered topic ``question`` asks about, or None when the ordinances may answer it."""
    if _PICKUP.search(question):
        return Uncovered(N_("collection days"), SOLID_WASTE, {})
    if _HAZARDOUS.search(question):
        return Uncovered(N_("hazardous waste drop-off"), SOLID_WASTE, _HAZARDOUS_SAY)
    if _BULKY_PICKUP.search(question):
        return Uncovered(N_("bulky item pickup"), SOLID_WASTE, _BULKY_SAY)
    if _TRASH_COMPANY.search(question):
        return Uncovered(N_("who collects the trash"), SOLID_WASTE, {})
    if _DROP_OFF_SITE.search(question) and not about_grease(question):
        return Uncovered(N_("drop-off sites"), SOLID_WASTE, {})
    if _COMPOST_GIVEAWAY.search(question):
        return Uncovered(N_("compost or mulch giveaways"), SOLID_WASTE, {})
    if _HAULER_LIST.search(question) and not (city == "inglewood" and _OVERFLOW_CLEANUP.search(question)):
        # Inglewood's ordinance points to Los Angeles County's pre-approved list for an overflow's cleanup
        return Uncovered(N_("a list of approved companies"), FOG, _HAULERS_SAY)
    if _DEVICE_SIZE.search(question):
        return Uncovered(N_("a grease device's size in gallons or by seats"), FOG, _DEVICE_SAY)
    if _DEVICE_PURCHASE.search(question):
        return Uncovered(N_("where to buy a grease device and what one costs"), FOG, _DEVICE_SAY)
    if _PUMPING_PRICE.search(question):
        return Uncovered(N_("what pumping companies charge"), FOG, _HAULERS_SAY)
    if _GRANTS.search(question):
        return Uncovered(N_("rebates and grants"), FOG, {})
    if (
        _OFFICE.search(question)
        and not (_GIVES_A_CONTACT.search(question) and "?" not in question)
        and (not _A_SPILL_REPORTED.search(question) or _AN_OFFICE_VISITED.search(question))
    ):
        said = _SPILL_LETTER_SAY if _A_SPILL_REPORTED.search(question) else {}
        return Uncovered(N_("office addresses, hours and payment"), FOG, said)
    if _OTHER_PERMITS.search(question):
        return Uncovered(N_("other agencies' permits and licenses"), office_for(question), {})
    if _FOOD_RECOVERY_LIST.search(question):
        return Uncovered(N_("a list of food recovery organizations"), SOLID_WASTE, _FOOD_RECOVERY_SAY)
    if _OIL_PRICE.search(question):
        return Uncovered(N_("what used cooking oil sells for or costs to haul"), FOG, _OIL_SAY)
    if _FORM_ONLINE.search(question) and not _A_SPILL_REPORTED.search(question):
        said = _FORM_SAY if _PERMIT_NAMED.search(question) and not _A_WAIVER_NAMED.search(question) else {}
        return Uncovered(N_("form numbers, downloads and websites"), office_for(question), said)
    if _PROCESSING_TIME.search(question):
        return Uncovered(N_("how long the city takes to decide an application"), office_for(question), {})
    asks_amount = re.search(
        r"\b(?:cost|price|fees?)\b|\$|\bhow much (?:is|does|do|will|for|charge|they charge)\b", question, re.I
    )
    if city == "victorville" and _VICTORVILLE_FEE_AMOUNT.search(question) and asks_amount:
        return Uncovered(N_("the permit fee amount"), FOG, _FEES_SAY)
    if city == "inglewood" and _INGLEWOOD_ORGANICS.search(question) and not about_grease(question):
        return INGLEWOOD_ORGANICS
    if _RATES.search(question):
        return Uncovered(N_("collection rates"), SOLID_WASTE, {})
    return None
