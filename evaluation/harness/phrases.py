"""Every word list the grader uses, in one place, each with the reason it exists.

The writers' own ``check`` groups decide most verdicts (``main_point_check``, ``facts``, turn checks, sorting
checks). The lists below are only for what the items state as a *value* or a *kind* rather than as words:

* a computed ``expected`` value (a date, an amount, eligibility, a tier): rendered in the forms an answer
  may print (``grading.date_renderings`` / ``amount_renderings``) or looked for with the words below;
* an unanswerable question: did the reply decline (``DECLINE``) and name the right office (``OFFICES``)?
* a sorting item: which container a reply names (``CONTAINERS``);
* a guided flow: which Rasa form is which flow (``FORM_TO_FLOW``) and which reference prefix a submitted
  record gets (``REFERENCE_PREFIX``).

All phrases are compared after ``grading.normalise`` (lower case, straight quotes, plain hyphens, single
spaces) and again with accents stripped, so "does not" / "doesn't" / "doesn’t" are one entry each, not three.
Spanish entries serve the Spanish sets (``sets/es``): the brief asks for Spanish answers there, written as
people here write (no accents, Spanglish), and accents are stripped before comparing anyway.

Changing a list changes every number of every run: say so in the report when you do, and decide on dev
replies only (README: the test split is never read while changing anything).
"""

from __future__ import annotations

# --- dates ------------------------------------------------------------------------------------------------
# Month names for rendering an expected date ("December 3", "Dec 3", "Dec. 3", "3 de diciembre").
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
# Extra abbreviations people and code print besides the first three letters ("Sept. 15").
MONTH_EXTRA_ABBREVIATIONS = {9: ("Sept",)}
MESES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)

# --- unanswerable questions: the decline -------------------------------------------------------------------
# A reply "declines" when it says the ordinance does not answer. These are the ways an answer says that.
# Kept to statements about the text or about guessing: "contact the office" alone is NOT a decline (that is
# the office part, graded separately), and neither is "I'm not sure" (a shrug, not a statement of the gap).
# The same list serves every writer (their own decline words count toward "main point right" instead).
DECLINE = (
    # "the ordinance doesn't say / cover / set ..."
    "doesn't say",
    "does not say",
    "don't say",
    "do not say",
    "doesn't cover",
    "does not cover",
    "don't cover",
    "do not cover",
    "not covered",
    "doesn't specify",
    "does not specify",
    "don't specify",
    "do not specify",
    "not specified",
    "doesn't set",
    "does not set",
    "don't set",
    "do not set",
    "doesn't list",
    "does not list",
    "don't list",
    "do not list",
    "not listed",
    "doesn't address",
    "does not address",
    "not addressed",
    "doesn't include",
    "does not include",
    "doesn't give",
    "does not give",
    "don't give",
    "do not give",
    "doesn't state",
    "does not state",
    "not stated",
    "doesn't mention",
    "does not mention",
    "doesn't name",
    "does not name",
    "doesn't provide",
    "does not provide",
    "doesn't answer",
    "does not answer",
    "isn't in the",
    "is not in the",
    "aren't in the",
    "are not in the",
    "not in the ordinance",
    "not in the code",
    "not in the text",
    "silent on",
    "outside the ordinance",
    "outside what the ordinance",
    # "I don't have it / can't answer / won't guess"
    "no information",
    "don't have information",
    "do not have information",
    "don't have that",
    "do not have that",
    "can't answer",
    "cannot answer",
    "can't find",
    "cannot find",
    "couldn't find",
    "could not find",
    "won't guess",
    "will not guess",
    "not able to answer",
    "i don't know",
    # Spanish
    "no cubre",
    "no cubren",
    "no dice",
    "no dicen",
    "no lo dice",
    "no especifica",
    "no menciona",
    "no se menciona",
    "no indica",
    "no establece",
    "no incluye",
    "no aparece",
    "no viene en",
    "no habla de",
    "no esta en la ordenanza",
    "no esta en el codigo",
    "no tengo informacion",
    "no tengo esa informacion",
    "no puedo responder",
    "no voy a adivinar",
    "no puedo adivinar",
)

# --- unanswerable questions: the office --------------------------------------------------------------------
# Which words show the reply sent the user to the right office (item field ``office``). The lists are the
# office's name words, and are deliberately lenient ("grease" names the FOG program in a voice reply, where
# "FOG" is read out as "fats, oils and grease"). To keep them from matching every answer on the subject,
# an office counts as named only if the reply ALSO uses a referral word (``REFERRAL``): contact, call, ...
OFFICES: dict[str, tuple[str, ...]] = {
    "fog": (
        "fog",
        "grease",
        "fats, oils",
        "public works",
        "sanitary",
        "sanitation",
        "pretreatment",
        "environmental compliance",
        "grasa",
        "grasas",
        "obras publicas",
        "programa fog",
        "sanitari",
    ),
    "solid_waste": (
        "solid waste",
        "recycling",
        "organics",
        "environmental",
        "sanitation",
        "waste management",
        "hauler",
        "reciclaje",
        "basura",
        "residuos solidos",
        "desechos solidos",
        "residuos organicos",
        "medio ambiente",
    ),
    # The one "other" item (a vendor asking about purchasing rules) expects the city's purchasing office.
    "other": (
        "purchasing",
        "procurement",
        "city hall",
        "city clerk",
        "finance",
    ),
}
REFERRAL = (
    "contact",
    "call",
    "phone",
    "office",
    "department",
    "division",
    "program",
    "manager",
    "check with",
    "ask ",
    "reach",
    "email",
    "e-mail",
    "website",
    "llam",
    "oficina",
    "departamento",
    "division",
    "programa",
    "comuni",
    "pregunte",
    "consulte",
)

# --- computed values that are not numbers ------------------------------------------------------------------
# Eligibility (``expected.eligible``). Negative phrases are found first and mask the positive word inside them
# ("not eligible" contains "eligible"); the verdict is the polarity of the EARLIEST phrase in the reply, since
# answers lead with the verdict and may go on to the other case ("...; at 6 gallons you would qualify").
ELIGIBLE_NO = (
    "not eligible",
    "ineligible",
    "isn't eligible",
    "aren't eligible",
    "wouldn't be eligible",
    "would not be eligible",
    "not qualify",
    "doesn't qualify",
    "don't qualify",
    "wouldn't qualify",
    "won't qualify",
    "can't qualify",
    "cannot qualify",
    "does not meet",
    "doesn't meet",
    "do not meet",
    "don't meet",
    "not under the",
    "not below the",
    "no califica",
    "no calificas",
    "no es elegible",
    "no son elegibles",
    "no cumple",
    "no cumplen",
)
ELIGIBLE_YES = (
    "eligible",
    "qualif",
    "meets the",
    "meet the",
    "elegible",
    "califica",
    "cumple con",
)
# Tier (``expected.tier``): "tier 2", "tier two", "tier II", "segundo nivel". Matched as whole words.
TIER_WORDS: dict[int, tuple[str, ...]] = {
    1: ("tier 1", "tier one", "tier i", "first tier", "nivel 1", "nivel uno", "primer nivel", "categoria 1"),
    2: (
        "tier 2",
        "tier two",
        "tier ii",
        "second tier",
        "nivel 2",
        "nivel dos",
        "segundo nivel",
        "categoria 2",
    ),
}

# --- sorting -----------------------------------------------------------------------------------------------
# How a reply names each ``expected`` / ``also_acceptable`` value of a sorting item. A colour is named by the
# colour word; "not_in_any_cart", "depends" and "not_covered" are named by the phrases that say so. A sorting
# item passes if its own ``check`` matches or if the reply names one of ``also_acceptable``.
CONTAINERS: dict[str, tuple[str, ...]] = {
    # Spanish "cafe" alone is also coffee ("restos de cafe"): only as the colour of a container.
    "blue": ("blue", "azul"),
    "green": ("green", "verde"),
    "brown": (
        "brown",
        "marron",
        "color cafe",
        "bote cafe",
        "contenedor cafe",
        "carrito cafe",
        "bote de color cafe",
    ),
    "black": (
        "black",
        "gray cart",
        "grey cart",
        "gray container",
        "grey container",
        "trash cart",
        "negro",
        "gris",
    ),
    "not_in_any_cart": (
        "not in any",
        "none of the",
        "no cart",
        "not go in any",
        "doesn't go in any",
        "does not go in any",
        "can't go in",
        "cannot go in",
        "don't put",
        "do not put",
        "keep it out",
        "excluded",
        "drop-off",
        "drop off",
        "separate handling",
        "special handling",
        "household hazardous",
        "en ningun",
        "ningun bote",
        "ningun contenedor",
        "no va en",
        "no los ponga",
        "no lo ponga",
        "no la ponga",
        "peligros",
        "excluid",
    ),
    "depends": (
        "depends",
        "depending on",
        "city's list",
        "designated list",
        "check with",
        "depende",
        "lista de la ciudad",
    ),
    "not_covered": (
        *DECLINE,
        "only applies",
        "only covers",
        "doesn't apply",
        "does not apply",
        "city's list",
        "designated list",
        "solo aplica",
        "solo cubre",
        "no aplica",
    ),
}

# --- guided flows ------------------------------------------------------------------------------------------
# Which Rasa form is which flow of the brief. sorting_form is a form but not a flow: starting it is never a
# "flow start" (nor a wrong one) unless an item says so.
FORM_TO_FLOW = {
    "spill_form": "spill_report",
    "service_form": "pumpout_log",
    "permit_form": "permit_application",
    "deminimis_form": "waiver_request",
    "space_waiver_form": "waiver_request",
    "variance_form": "waiver_request",
}
FLOWS = ("spill_report", "pumpout_log", "permit_application", "waiver_request")
# The reference a submitted record gets (SP-482137; spoken on voice as "S P, 4 8 2 1 3 7").
REFERENCE_PREFIX = {
    "spill_report": "SP",
    "pumpout_log": "SR",
    "permit_application": "PA",
    "waiver_request": "WV",
}

# --- SMS ---------------------------------------------------------------------------------------------------
# A long SMS answer ends with this offer; the harness sends "MORE" to read the rest (graded separately).
SMS_MORE_OFFERS = ("reply more", "responda mas", "responde mas")

# --- item lint ---------------------------------------------------------------------------------------------
# Check alternatives that almost any reply on the subject contains: a group made only of these proves little.
# (Listed as item warnings; grading still uses them as written, per the brief.)
# "fog" is the program's own name, short but not weak: it is not flagged as a short alternative.
SHORT_BUT_SPECIFIC = ("fog",)
GENERIC_ALTERNATIVES = (
    "permit",
    "city",
    "fee",
    "fees",
    "grease",
    "bin",
    "cart",
    "yes",
    "no",
    "pay",
    "the",
    "call",
)

# --- sorting: answering one clarifying question ------------------------------------------------------------
# The product may ask one clarifying question before sorting. When it does (sorting_form still active) and the
# item states its setting, the harness answers it once with these words and grades that answer separately
# ("container named after one clarifying answer"); the main sorting number is always the first reply.
SETTING_ANSWERS = {
    "en": {
        "home": "it's for my house",
        "business": "it's for a business",
        "multifamily": "it's for an apartment building",
    },
    "es": {
        "home": "es para mi casa",
        "business": "es para un negocio",
        "multifamily": "es para un edificio de apartamentos",
    },
}

# --- reply language ----------------------------------------------------------------------------------------
# Function words that tell English from Spanish in a reply of a sentence or more (words both languages use,
# like "no", "a", "me", are left out). The reply's language is the side with more hits, if it has at least
# LANGUAGE_MIN_HITS and twice the other side's; otherwise it is undecided (None, not counted).
LANGUAGE_WORDS = {
    "en": (
        "the", "and", "of", "to", "is", "for", "your", "you", "must", "shall", "be", "with", "or", "an",
        "that", "it", "this", "are", "by", "on", "not", "if", "within", "days", "which", "what", "please",
    ),
    "es": (
        "el", "la", "los", "las", "de", "que", "y", "un", "una", "para", "por", "con", "su", "se", "es",
        "del", "al", "lo", "le", "tiene", "debe", "dias", "cual", "cuando", "donde", "usted", "si",
    ),
}  # fmt: skip
LANGUAGE_MIN_HITS = 3
