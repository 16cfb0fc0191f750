"""Text normalisation shared by the catalog index and the matcher.

Catalog synonyms and user queries go through the same folding (case, accents, punctuation), regular-plural
stripping and stop-word removal, so "Pizza Boxes!" and "pizza box" meet on the key ``"pizza box"``. Queries
additionally lose their question frame ("where does ... go", "can I recycle ...", "which bin for ...") and
trailing container phrases ("... in the blue bin"), which say nothing about the item; in Spanish too ("donde
tiro ...", "en que bote va ...", "se puede tirar ...", "... va en el contenedor cafe", "... en que bote van").
"""

from __future__ import annotations

import re
import unicodedata

STOPWORDS = frozenset(
    {
        "a",
        "an",
        "the",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "some",
        "this",
        "these",
        "that",
        "those",
        "any",
        "of",
        "i",
        "me",
        "we",
        "you",
        "it",
        "its",
        "please",
        "old",
        # whose place it is, never an item: "single family house" is no misspelt "shingles"
        "single",
        "family",
        # "¿hay manera de ...?" ("is there a way"): no misspelt "manguera"
        "manera",
        "used",
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "mi",
        "mis",
        "what",
        "which",
        "where",
        "how",
        "when",
        "why",
        "who",
        "do",
        "does",
        "is",
        "are",
        "should",
        "would",
        "could",
        # Spanish: determiners, pronouns and question words ("unas" is "uñas" once folded, so it stays).
        "unos",
        "este",
        "esta",
        "estos",
        "estas",
        "ese",
        "esa",
        "esos",
        "esas",
        "tu",
        "tus",
        "su",
        "sus",
        "nuestro",
        "nuestra",
        "nuestros",
        "nuestras",
        "yo",
        "lo",
        "le",
        "se",
        "que",
        "cual",
        "cuales",
        "donde",
        "como",
    }
)
"""Words that never distinguish one item from another ("old", "used": an old pan is a pan; question
words left over from a question the frames did not recognise)."""

HEAD_BREAKS = frozenset(
    {"from", "in", "into", "with", "after", "on", "for", "that", "which", "at", "off", "of", "by", "under"}
    | {"without", "like", "full", "made", "when", "because", "but"}
    # a clause that says whose or how ("the leaves the landscaper rakes up", "the box the pizza came in"),
    # after a noun only (:data:`_BEFORE_THE`)
    | {"the"}
    | {"con", "sin", "en", "para", "que", "cuando", "porque", "pero", "por"}
)
"""Words that end the head of a noun phrase: in "oil left in the fryer" the item is in "oil left", in
"caja de pizza con grasa" it is in "caja de pizza", in "the leaves the landscaper rakes up" it is "leaves"."""

# Words "the" follows inside one noun phrase ("all the napkins with ketchup", "half the bones"): no clause
_BEFORE_THE = frozenset(
    {
        "all",
        "half",
        "both",
        "some",
        "most",
        "any",
        "of",
        "about",
        "and",
        "or",
        "what",
        "with",
        "like",
        "just",
        "only",
    }
)

_PLURAL_EXCEPTIONS = {"shoes": "shoe", "toes": "toe", "canoes": "canoe", "hoes": "hoe", "news": "news"}

_VERBS = (
    r"(?:put|throw|toss|dispose|dump|discard|get rid|recycle|compost|place|take|bin|trash|pour|drop off|"
    r"do with|handle)"
)
_PARTICLES = r"(?: (?:away|out|of|off|with))*"

# Spanish, folded (no accents): "donde tiro ...", "en que bote va ...", "se puede tirar ...". Bare verb forms
# that are also nouns or English words ("echo", "deposito", "desecho") only count after "se" or a modal.
_ES_BINS = (
    r"(?:botes?|contenedor(?:es)?|basureros?|carritos?|barril(?:es)?|tambos?|cestos?|recipientes?|bins?|"
    r"carts?|colou?r(?:es)?|lado)"
)
_ES_INFINITIVES = r"(?:tirar|poner|echar|meter|depositar|desechar|reciclar|compostar|dejar|llevar|separar|ir)"
_ES_GOES = (
    r"(?:va|van|iria|irian|se va|se van|tiro|pongo|meto|reciclo|dejo|llevo|separo|"
    r"se (?:tira|pone|echa|mete|deposita|desecha|recicla|composta|deja|lleva|separa)n?|"
    r"(?:debo|debe|deben|deberia|deberian|puedo|puede|pueden|podemos|tengo que|tiene que|tienen que|"
    r"hay que|se debe|se deben|se puede|se pueden) " + _ES_INFINITIVES + r")"
)
_ES_WHICH = r"(?:en|a|para|dentro de) (?:que|cual|cuales)(?: " + _ES_BINS + r")?(?: de (?:basura|color))?"

# Ordered: the first pattern that matches rewrites the text to group 1 (or strips the prefix).
_FRAMES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        rf"^(?:where|how) (?:do|does|should|can|could|would|shall|must) (?:i|we|you|one|people) {_VERBS}\w*"
        rf"{_PARTICLES} (.+)$",
        r"^where (?:do|does|should|can|could|would|must|will) (.+) (?:go|goes|belong|belongs)\b.*$",
        rf"^(?:can|could|may|should|do|shall|must) (?:i|we|you) {_VERBS}\w*{_PARTICLES} (.+)$",
        rf"^(?:is|are) (?:it |they )?(?:ok|okay|alright|fine|safe|allowed) to {_VERBS}\w*{_PARTICLES} (.+)$",
        r"^(?:can|could) (.+?) be (?:recycled|composted|thrown|put|trashed|placed|tossed)\b.*$",
        r"^(?:do|does|can|could|should|would|will|may|must) (.+) (?:go|goes|belong|belongs)\b.*$",
        r"^(?:is|are) (.+?) (?:recyclable|compostable|recycled|composted|trash|garbage|hazardous|"
        r"allowed|accepted)\b.*$",
        r"^(?:which|what) (?:bin|cart|can|container|barrel|color|colour|one)s?(?: (?:bin|cart|container))?"
        r"(?: (?:do|does|should|is|are|for|to))?(?: (?:i|we|you))?(?: (?:put|use|throw))?(?: away)? (.+)$",
        rf"^(?:how (?:to|do i|should i|can i|do you|do we)|best way to|ways to|where to|where can i|"
        rf"where do i|where should i|what do i do with|what to do with) {_VERBS}?\w*{_PARTICLES} ?(.+)$",
        r"^(?:what about|how about|and|also|what do i do with|what to do with) (.+)$",
        r"^(?:disposal of|disposing of|dispose of|recycling|recycle|composting|throw away|throw out|toss|"
        r"get rid of|bin for|donde (?:va|van|pongo|tiro|echo|se tira|se tiran)|"
        r"(?:se puede|puedo) (?:reciclar|tirar|compostar)) (.+)$",
        # Spanish: "en que bote va ...", "donde tiro ...", "que hago con ...", "se puede tirar ...".
        rf"^{_ES_WHICH} {_ES_GOES}(?: (?:yo|uno|nosotros))? (.+)$",
        rf"^(?:donde|adonde|a donde|en donde) {_ES_GOES}(?: (?:yo|uno|nosotros))? (.+)$",
        r"^(?:que|como) (?:hago|hacemos|se hace|puedo hacer|debo hacer|hay que hacer) con (.+)$",
        r"^como (?:me deshago|nos deshacemos|se deshace uno|deshacerme|deshacerse|puedo deshacerme) de (.+)$",
        rf"^como (?:{_ES_GOES}|{_ES_INFINITIVES}) (.+)$",
        rf"^(?:(?:se puede|se pueden|puedo|podemos|debo|debemos|se debe|se deben|tengo que|hay que|"
        rf"es correcto|esta bien) )?{_ES_INFINITIVES} (.+)$",
        r"^(?:tiro|pongo|meto|reciclo|va|van|se tira|se tiran|se recicla|se reciclan) (.+)$",
        r"^(?:es|son) (?:reciclables?|compostables?|basura|peligros[oa]s?|organic[oa]s?) (.+)$",
        r"^(?:que tal|que pasa con|y con|y que hay de|que hay de) (.+)$",
    )
)

# The same questions after some context ("en la taqueria en que bote van las sobras ...", "at our office which
# bin do ... go in"): tried anywhere in the text when no frame starts it.
_MID_FRAMES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        rf"\b{_ES_WHICH} {_ES_GOES}(?: (?:yo|uno|nosotros))? (.+)$",
        rf"\b(?:donde|adonde|a donde|en donde) {_ES_GOES}(?: (?:yo|uno|nosotros))? (.+)$",
        r"\b(?:which|what) (?:bin|cart|container)s? (?:do|does|should|would) (.+)$",
        rf"\bwhere (?:do|does|should|can) (?:i|we|you) {_VERBS}\w*{_PARTICLES} (.+)$",
    )
)

# What follows a question's frame when it is the speaker's setting or city, not the item ("... en q bote van?
# vivo en una casa", "... donde van? en mi casa", "... which bin do they go in? i live in a house", "... en
# cual bote van? en victorville").
_SETTING_AFTER = re.compile(
    r"(?:vivo|vivimos|soy|somos|tengo|tenemos|estoy|estamos|en (?:mi|mis|la|el|nuestr\w*|una?|casa)|"
    r"i live|we live|i am|im|we are|were|at (?:my|our|home|the)|in (?:my|our)|for (?:my|our))\b"
    r"|(?:en |in )?(?:victorville|inglewood)\b\W*$"
)

_PREFIX = re.compile(
    r"^(?:(?:hi|hello|hey|hola|ok|okay|so|um|uh|please|quick question|question|yo|buenos dias|"
    r"buenas tardes|buenas noches|buenas|oiga|oye|disculpe|perdon|una pregunta|pregunta|por favor|porfa|"
    r"bueno|mire|y|tambien|entonces) )+"
)
# "which bin" said after the items ("coffee grounds & tea bags, which can"): the question, not a can.
WHICH_CART = r"(?:which|what|wich|en (?:que|cual)) (?:bin|cart|can|container|barrel|one|bote|contenedor)s?\b"
_SUFFIXES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        # "where do the pods go", not "we go through a ton of K-cups"
        r"(?<! to) (?:go|goes|belong|belongs)\b(?! (?:through|thru|over|by|with)\b).*$",
        # "... into the brown food waste bin": any number of words naming the bin
        r" (?:in|into|inside|to|for) (?:the |a |my |our |which |what )?"
        r"(?:(?:blue|green|brown|black|gray|grey|recycling|recycle|trash|garbage|compost|organics?|"
        r"yard waste|green waste|food waste|landfill|"
        r"regular|normal|right|correct) ?)*(?:bin|cart|can|container|barrel|dumpster|one|trash|garbage|"
        r"recycling)s?\b.*$",
        rf" {WHICH_CART}.*$",  # "tea bags, which can"
        r" (?:in|at|for|from) victorville\b",
        r" (?:down|in|into|on) (?:the |a |my )?(?:drain|sink|toilet|sewer|garbage disposal|disposal|"
        r"ground)s?\b.*$",
        r" (?:please|thanks|thank you|pls|plz|thx)$",
        # Spanish: "... en que bote van", "... va en el verde", "... en el bote cafe", "... a la basura".
        rf" {_ES_WHICH}\b.*$",
        r" (?:donde|adonde|a donde|en donde) (?:va|van|se tira|se tiran|lo tiro|los tiro|las tiro)\b.*$",
        rf" {_ES_GOES}\b.*$",
        rf" (?:en|a|al|dentro de|para) (?:el |la |los |las |un |una |mi |mis |su |sus )?{_ES_BINS}\b.*$",
        r" (?:en|a|al) (?:el |la |los |las )?(?:verde|azul|cafe|marron|negro|negra|gris|basura|reciclaje|"
        r"composta|compost|organicos?)\b.*$",
        r" (?:por|en|a|al) (?:el |la |los |las |un |una |mi )?(?:drenaje|desague|fregadero|lavabo|inodoro|"
        r"excusado|escusado|coladera|alcantarilla|cuneta|triturador|suelo)s?\b.*$",
        r" (?:en|de|para) victorville\b",
        r" (?:es|son) (?:reciclables?|compostables?|basura|peligros[oa]s?|organic[oa]s?)\b.*$",
        r" (?:por favor|porfa|gracias|muchas gracias)$",
    )
)


def fold(text: str) -> str:
    """Lowercase, strip accents and punctuation, collapse spaces.

    ``"Cáscara de Plátano!"`` → ``"cascara de platano"``.
    """
    decomposed = unicodedata.normalize("NFKD", str(text))
    ascii_text = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    ascii_text = ascii_text.replace("&", " and ").replace("'", "").replace("’", "")
    words = re.sub(r"[^a-z0-9#]+", " ", ascii_text).replace("#", " ").split()
    return " ".join(_TEXTED.get(word, word) for word in words)


# Spanish as it is texted, spelled out so the question's frame is recognised ("en q bote van ...").
_TEXTED = {"q": "que", "xq": "porque", "pq": "porque", "pa": "para"}


def singular(word: str) -> str:
    """Strip a regular English (or Spanish) plural; anything irregular is listed in the catalog instead."""
    if word in _PLURAL_EXCEPTIONS:
        return _PLURAL_EXCEPTIONS[word]
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("s"):
        return word[:-1]
    return word


def strip_frame(folded: str) -> str:
    """Remove the question around the item: ``"where does a banana peel go"`` → ``"a banana peel"``."""
    text = folded
    text = _PREFIX.sub("", text)
    for pattern in _FRAMES:
        match = pattern.match(text)
        if match and match.group(1).strip():
            text = match.group(1).strip()
            break
    else:
        for pattern in _MID_FRAMES:
            match = pattern.search(text)
            if match and match.group(1).strip():
                before = text[: match.start()].strip()
                # "las cajas de carton en q bote van? vivo en una casa": the item before the question, the
                # setting after it
                text = before if before and _SETTING_AFTER.match(match.group(1)) else match.group(1).strip()
                break
    for pattern in _SUFFIXES:
        stripped = pattern.sub("", " " + text).strip()
        if stripped:
            text = stripped
    return text.replace("victorville", "").strip() or folded


def word_tokens(text: str) -> tuple[str, ...]:
    """Folded, singular tokens with stop words kept (used to read answers such as "not greasy")."""
    return tuple(singular(word) for word in fold(text).split())


_ENDS_CONTENT = "|".join(sorted(HEAD_BREAKS | {"and", "or", "to", "can", "is", "are", "go", "goes"}))
_CONTENT_OF = re.compile(
    r"\b(cans?|tins?|buckets?|bottles?|jars?|box(?:es)?|bags?|cartons?|jugs?|tubs?|pails?|containers?) of "
    rf"((?:(?!(?:{_ENDS_CONTENT})\b)[^\W\d_][\w'-]*\s*){{1,3}}?)"  # the content: up to three words
    rf"(?=[,.;:!?)]|\s+(?:{_ENDS_CONTENT})\b|\s*$)",
    re.IGNORECASE,
)


# A bag something is carried out in is not the thing: "a bag of worn-out clothes", "dos bolsas de ropa vieja"
# (a bag of paper or plastic, or a bag of trash, is what it says).
_BAG_OF = re.compile(
    r"\b(?:bags?|bolsas?|sacks?|costales?|buckets?|cubetas?|jugs?|tubs?|tinas?) (?:full )?"
    r"(?:of|de|with|con|llenas? de) "
    r"(?!(?:papel|pl[aá]stico|paper|plastic|tela|cloth|basura|trash|garbage|chips?|papitas)\b)",
    re.IGNORECASE,
)


# The kind of business a message says it is from ("victorville donut shop", "our pizza place", "the taco
# truck"): no item of its own
# (where the phrase ends the message or a clause: "an old truck battery", "my tv stand go" name items)
_A_KIND_OF_PLACE = re.compile(
    r"\b[\w-]+\s+(?:shop|place|stand|truck|joint|parlou?r)s?\b"
    r"(?=\s*(?:$|[.,;:!?)]|\b(?:in|at|here|and|owner|manager|kitchen)\b))",
    re.IGNORECASE,
)


def content_first(text: str) -> str:
    """English "<container> of <content>" said the way the catalog names it: "half empty cans of paint from
    the garage" → "half empty paint cans from the garage", "a jar of pasta sauce" → "a pasta sauce jar"
    (the content: at most three words, up to punctuation or the next preposition); a bag of something is
    the something; the kind of business the message is from names no item ("victorville donut shop")."""
    text = _A_KIND_OF_PLACE.sub(" ", _BAG_OF.sub("", text))
    return _CONTENT_OF.sub(lambda m: f"{m.group(2).strip()} {m.group(1)}", text, count=1)


# "can" before who would do it is the verb, not a can: "and if we lose, can we appeal?"
# ("can my maintenance guy just stuff it in the black bin?": the verb too)
_MODAL_CAN = re.compile(r"\bcan (?=(?:i|we|you|they|he|she|it|u|one|someone|somebody)\b)")
# ... and before whose helper or which thing only where a clause begins ("... by the dumpsters. can my
# maintenance guy ...", never "the can that had the beans" or "the soda can this size"): read before the
# punctuation is folded away
_MODAL_CAN_OPENING = re.compile(
    r"(^|[.?!,;]\s*|\b(?:and|but|or|so)\s+)can\s+(?=(?:my|our|your|his|her|their|the|this|that|these|those)\b)",
    re.IGNORECASE,
)


def key_tokens(text: str, *, query: bool = False) -> tuple[str, ...]:
    """The tokens an item is indexed and looked up by; ``query=True`` also strips the question frame and
    puts a container's content first ("cans of paint" is a "paint can")."""
    folded = fold(content_first(_MODAL_CAN_OPENING.sub(r"\1", text)) if query else text)
    if query:
        folded = _MODAL_CAN.sub("", strip_frame(folded))
    return tuple(token for token in (singular(word) for word in folded.split()) if token not in STOPWORDS)


def head_size(text: str) -> int:
    """How many of ``key_tokens(text, query=True)`` belong to the head of the phrase.

    The head runs up to the first :data:`HEAD_BREAKS` word: "napkin with ketchup on it" → 1 ("napkin").
    """
    words = strip_frame(fold(content_first(text))).split()
    cut = next(
        (
            i
            for i, word in enumerate(words)
            if i > 0 and word in HEAD_BREAKS and not (word == "the" and words[i - 1] in _BEFORE_THE)
        ),
        len(words),
    )
    return len(key_tokens(" ".join(words[:cut])))


def key(text: str, *, query: bool = False) -> str:
    """``key("Pizza Boxes")`` → ``"pizza box"``; ``key("can I recycle pizza boxes?", query=True)`` too."""
    return " ".join(key_tokens(text, query=query))
