import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaping.sms_text import MORE_MARKER, SmsSplit, split_sms

# A typical answer (wording follows Victorville Municipal Code § 10.03.160(f)(1) and (f)(2)), with the
# line breaks and double spaces a bot response may carry.
TYPICAL_ANSWER = (
    "In Victorville, a food service establishment must have its grease interceptor maintained "
    "at least once every ninety days, unless the FOG manager or the FOG permit specifies another "
    "frequency (Victorville Municipal Code § 10.03.160(f)(2)).\n\n"
    "It must also be pumped out often enough that FOG and solids never exceed twenty-five percent "
    "of the interceptor's total design hydraulic depth, the 25% Rule "
    "(Victorville Municipal Code § 10.03.160(f)(1)).  "
    "Keep your pumping records for at least two years. "
    "Inglewood's rules are different, so tell me if your restaurant is in Inglewood. "
    "I can also remind you by text before your next pump-out is due, and you can reply STOP at any time."
)


def test_typical_answer_splits_after_whole_sentences():
    assert len(TYPICAL_ANSWER) == 675
    assert split_sms(TYPICAL_ANSWER) == SmsSplit(
        parts=[
            "In Victorville, a food service establishment must have its grease interceptor maintained "
            "at least once every ninety days, unless the FOG manager or the FOG permit specifies another "
            "frequency (Victorville Municipal Code § 10.03.160(f)(2)).",
            "It must also be pumped out often enough that FOG and solids never exceed twenty-five percent "
            "of the interceptor's total design hydraulic depth, the 25% Rule "
            "(Victorville Municipal Code § 10.03.160(f)(1)). "
            "Keep your pumping records for at least two years.",
            "Inglewood's rules are different, so tell me if your restaurant is in Inglewood. "
            "I can also remind you by text before your next pump-out is due, "
            "and you can reply STOP at any time.",
        ],
        remainder="",
    )


def test_single_400_character_sentence_splits_at_its_last_clause_not_mid_phrase():
    sentence = (
        "Please, check "
        + ", ".join(f"the interceptor lid number {i} by the back door" for i in range(1, 9))
        + " by tonight."
    )
    assert len(sentence) == 400
    assert split_sms(sentence) == SmsSplit(
        parts=[
            "Please, check the interceptor lid number 1 by the back door, "
            "the interceptor lid number 2 by the back door, the interceptor lid number 3 by the back door, "
            "the interceptor lid number 4 by the back door, the interceptor lid number 5 by the back door, "
            "the interceptor lid number 6 by the back door,",
            "the interceptor lid number 7 by the back door, the interceptor lid number 8 by the back door by "
            "tonight.",
        ],
        remainder="",
    )


def test_a_sentence_with_no_clause_in_its_second_half_splits_between_words():
    sentence = "Please check " + " ".join(["the", "interceptor", "lid"] * 30) + " tonight, thanks."
    first, second = split_sms(sentence).parts
    assert len(first) <= 320 and not first.endswith(" ")
    assert f"{first} {second}" == sentence


def _filler(numbers: range) -> str:
    return " ".join(
        f"Sentence {i} of this long answer is here only to fill the text message." for i in numbers
    )


def test_at_most_three_parts_then_reply_more_with_the_rest_kept():
    result = split_sms(_filler(range(1, 21)))

    assert result == SmsSplit(
        parts=[
            _filler(range(1, 5)),
            _filler(range(5, 9)),
            _filler(range(9, 13)) + " Reply MORE for the rest.",
        ],
        remainder=_filler(range(13, 21)),
    )
    assert [len(part) for part in result.parts] == [279, 279, 307]


def test_remainder_is_split_again_on_more():
    remainder = split_sms(_filler(range(1, 21))).remainder

    assert split_sms(remainder) == SmsSplit(
        parts=[_filler(range(13, 17)), _filler(range(17, 21))],
        remainder="",
    )


def test_more_marker_counts_toward_the_limit():
    sentences = [f"Sentence {letter} is 28 chars long." for letter in "ABCDEFGH"]
    assert {len(sentence) for sentence in sentences} == {28}
    # Two sentences (57 characters) fit a 60-character part, but not next to the 6-character marker.
    result = split_sms(" ".join(sentences), limit=60, max_parts=3, more_marker=" MORE?")

    assert result == SmsSplit(
        parts=[
            "Sentence A is 28 chars long. Sentence B is 28 chars long.",
            "Sentence C is 28 chars long. Sentence D is 28 chars long.",
            "Sentence E is 28 chars long. MORE?",
        ],
        remainder="Sentence F is 28 chars long. Sentence G is 28 chars long. Sentence H is 28 chars long.",
    )


def test_last_allowed_part_takes_everything_that_fits_without_a_marker():
    text = "a" * 10 + " " + "b" * 10 + ". " + "c" * 29 + "."
    assert split_sms(text, limit=30, max_parts=2) == SmsSplit(
        parts=["a" * 10 + " " + "b" * 10 + ".", "c" * 29 + "."], remainder=""
    )


@pytest.mark.parametrize("text", ["", "   ", "\n\t \u00a0"])
def test_empty_or_blank_text_gives_no_parts(text):
    assert split_sms(text) == SmsSplit(parts=[], remainder="")


def test_short_text_is_one_part_with_whitespace_collapsed():
    assert split_sms("  Your trap\nis due\u00a0 on Monday.  ") == SmsSplit(
        parts=["Your trap is due on Monday."], remainder=""
    )


def test_text_of_exactly_the_limit_is_one_part():
    text = "x" * 319 + "."
    assert split_sms(text) == SmsSplit(parts=[text], remainder="")


def test_accents_and_emoji_count_as_one_character_each():
    text = "¡Hola! Su trampa de grasa está llena 😀. Llame hoy, por favor. Gracias 👍🏽 señora Muñoz."

    assert split_sms(text, limit=40) == SmsSplit(
        parts=[
            "¡Hola! Su trampa de grasa está llena 😀.",
            "Llame hoy, por favor.",
            "Gracias 👍🏽 señora Muñoz.",
        ],
        remainder="",
    )
    assert len("¡Hola! Su trampa de grasa está llena 😀.") == 39


def test_a_url_that_fits_is_never_cut():
    url = "https://www.cityofvictorville.org/fog-program/permits?form=renewal&lang=en"
    result = split_sms(f"The renewal form is online at {url} for every permittee.", limit=80)

    assert result == SmsSplit(  # and no part ends on a word that leads into the next ("at", "for")
        parts=["The renewal form is online", f"at {url}", "for every permittee."], remainder=""
    )


def test_sentence_boundaries_ignore_section_numbers_and_abbreviations():
    text = "See Ord. No. 2363, e.g. § 10.03.160(f)(2) on pumping. Then call us."
    assert split_sms(text, limit=60) == SmsSplit(
        parts=["See Ord. No. 2363, e.g. § 10.03.160(f)(2) on pumping.", "Then call us."], remainder=""
    )


def test_a_word_longer_than_a_part_is_cut_as_a_last_resort():
    url = "https://www.cityofvictorville.org/" + "a" * 80 + "?x=1"

    assert split_sms(f"Form: {url} is online.", limit=60, max_parts=5) == SmsSplit(
        parts=["Form:", url[:60], url[60:], "is online."],
        remainder="",
    )


def test_cut_inside_a_word_keeps_emoji_modifiers_and_accents_with_their_base():
    thumbs = "👍🏽" * 6  # 12 code points: each thumb is followed by its skin-tone modifier
    assert split_sms(thumbs, limit=30, max_parts=3, more_marker=" +") == SmsSplit(
        parts=[thumbs], remainder=""
    )
    assert split_sms(thumbs, limit=5, max_parts=5, more_marker=" +") == SmsSplit(
        parts=["👍🏽👍🏽", "👍🏽👍🏽", "👍🏽👍🏽"], remainder=""
    )
    decomposed = "se\u0301" * 4  # "sé" with a combining acute accent: 3 code points each
    result = split_sms(decomposed, limit=5, max_parts=6, more_marker=" +")
    assert result == SmsSplit(parts=["se\u0301s", "e\u0301se\u0301", "se\u0301"], remainder="")


@pytest.mark.parametrize(
    ("limit", "max_parts", "message"),
    [
        (25, 3, "limit must be longer than the MORE marker (25 characters), got 25"),
        (320, 0, "max_parts must be at least 1, got 0"),
    ],
)
def test_impossible_settings_are_refused(limit, max_parts, message):
    with pytest.raises(ValueError) as error:
        split_sms("text", limit=limit, max_parts=max_parts)
    assert str(error.value) == message


# --- properties ---------------------------------------------------------------------------------------------

_words = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc")), min_size=1, max_size=30
)
_separators = st.sampled_from([" ", "  ", "\n", ". ", "! ", "? ", ", ", " https://x.org/a?b=c ", "\u00a0"])


@st.composite
def _texts(draw):
    words = draw(st.lists(_words, max_size=250))
    return "".join(word + draw(_separators) for word in words)


@settings(max_examples=300, deadline=None)
@given(text=_texts(), limit=st.integers(min_value=56, max_value=400), max_parts=st.integers(1, 4))
def test_parts_fit_and_no_word_is_lost(text, limit, max_parts):
    result = split_sms(text, limit=limit, max_parts=max_parts)

    assert len(result.parts) <= max_parts
    assert all(0 < len(part) <= limit for part in result.parts)
    sent = list(result.parts)
    if result.remainder:
        assert len(sent) == max_parts
        assert sent[-1].endswith(MORE_MARKER)
        sent[-1] = sent[-1].removesuffix(MORE_MARKER)
    # Words are at most 30 characters and even a part with the marker holds 56 - 25 = 31: no word is cut.
    assert " ".join([*sent, result.remainder]).split() == text.split()


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(max_size=1500), limit=st.integers(min_value=26, max_value=120), max_parts=st.integers(1, 5)
)
def test_any_text_fits_and_keeps_every_character(text, limit, max_parts):
    result = split_sms(text, limit=limit, max_parts=max_parts)

    assert len(result.parts) <= max_parts
    assert all(0 < len(part) <= limit for part in result.parts)
    sent = list(result.parts)
    if result.remainder:
        sent[-1] = sent[-1].removesuffix(MORE_MARKER)
    assert "".join([*sent, result.remainder]).replace(" ", "") == "".join(text.split())


def test_a_part_never_ends_on_a_number_whose_unit_is_in_the_next_part():
    text = "Keep the receipts of every pump-out for at least 2 years, and show them on request."
    limit = len("Keep the receipts of every pump-out for at least 2") + len(MORE_MARKER) + 2
    split = split_sms(text, limit=limit, max_parts=1)
    assert split.parts == [f"Keep the receipts of every pump-out for at least{MORE_MARKER}"]
    assert split.remainder.startswith("2 years")


def test_a_clause_split_never_parts_a_date_from_its_year():
    sentence = (
        "Pay the invoice of the city for the cleaning of the sewer line that your grease blocked "
        "last month and the service charge the city adds to its own costs of the work on the line "
        "by December 25, 2026 or the basic penalty of ten percent of the base amount is added on the "
        "next day and then one and a half percent more accrues every month until it is all paid."
    )
    assert sentence.index(", 2026") > 160 and sentence.count(",") == 1
    first = split_sms(sentence, max_parts=1).parts[0]
    assert "December 25, 2026" in first or "December 25" not in first


def test_a_verdict_alone_is_not_a_part_when_the_condition_after_it_is_long():
    condition = (
        "New or substantially changed operating conditions, such as changes in food types or operating "
        "procedures that could increase the grease you generate or discharge enough to create a potential "
        "for sewer overflows, require a new FOG permit."
    )
    result = split_sms(f"It can. {condition}", limit=160, max_parts=1)
    assert result.parts[0].startswith("It can. New or substantially changed operating conditions")
    assert not result.parts[0].removesuffix(MORE_MARKER).endswith((" a", " the", " of", " to", " for"))
