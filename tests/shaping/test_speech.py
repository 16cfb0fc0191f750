import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shaping.speech import say_date, say_phone_number, say_reference, to_speech


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        # abbreviations, singular, plural and with the article fixed
        ("The GCD is full.", "The grease control device is full."),
        ("Both GCDs are full.", "Both grease control devices are full."),
        ("Every FSE needs a permit.", "Every food service establishment needs a permit."),
        ("FSEs need permits.", "Food service establishments need permits."),
        ("Report an SSO at once.", "Report a sewer overflow at once."),
        ("SSOs are nuisances.", "Sewer overflows are nuisances."),
        ("The city may issue an NOV.", "The city may issue a notice of violation."),
        ("Two NOVs were issued.", "Two notices of violation were issued."),
        ("Follow the BMPs.", "Follow the best management practices."),
        ("Kitchen BMP(s) apply.", "Kitchen best management practices apply."),
        ("One BMP is enough.", "One best management practice is enough."),
        ("Sign a CSA.", "Sign a compliance schedule agreement."),
        ("FOG clogs sewers.", "Fats, oils and grease clogs sewers."),
        ("Keep FOG out.", "Keep fats, oils and grease out."),
        ("SB 1383 applies.", "Senate Bill 13 83 applies."),
        ("It holds 3 yd³.", "It holds 3 cubic yards."),
        ("A 1 yd³ bin.", "A 1 cubic yard bin."),
        ("A 50 gal drum.", "A 50 gallons drum."),
        ("Use a 5 gal. bucket.", "Use a 5 gallons bucket."),
        ("It holds 1 gal.", "It holds 1 gallon."),
        ("See § 10.03.280.", "See section 10 point 03 point 280."),
        ("Bins, e.g. green ones, are fine.", "Bins, for example, green ones, are fine."),
        ("Pots & pans.", "Pots and pans."),
        ("Up to 25% of the depth.", "Up to 25 percent of the depth."),
        ("Ord. No. 2363 took effect.", "Ordinance number 2363 took effect."),
        (
            "See 14 CCR Section 18982(a)(28).",
            "See title 14 of the California Code of Regulations Section 18982, a, 28.",
        ),
        # lowercase words that only look like acronyms stay
        ("The fog rolled in.", "The fog rolled in."),
        # section numbers
        (
            "Victorville Municipal Code § 10.03.160(f)(2) applies.",
            "Victorville Municipal Code section 10 point 03 point 160, f, 2 applies.",
        ),
        (
            "Victorville Municipal Code § 6.37.050(a)(2)(b) applies.",
            "Victorville Municipal Code section 6 point 37 point 050, a, 2, b applies.",
        ),
        ("Read Subsection 10.03.160(f)(1).", "Read Subsection 10 point 03 point 160, f, 1."),
        (
            "See §§ 10.03.300 to 10.03.390.",
            "See sections 10 point 03 point 300 to 10 point 03 point 390.",
        ),
        # phone numbers
        ("Call (310) 412-5333 now.", "Call 3 1 0, 4 1 2, 5 3 3 3 now."),
        ("Call 310-412-5333.", "Call 3 1 0, 4 1 2, 5 3 3 3."),
        ("Call +1 310 412 5333.", "Call 3 1 0, 4 1 2, 5 3 3 3."),
        ("Call +13104125333.", "Call 3 1 0, 4 1 2, 5 3 3 3."),
        ("In danger, call 911.", "In danger, call 9 1 1."),
        # links and e-mail addresses
        ("Forms are at https://www.cityofvictorville.org/fog.", "Forms are at the city's website."),
        ("See www.cityofinglewood.org/fog for forms.", "See the city's website for forms."),
        ("https://x.gov/forms has the forms.", "The city's website has the forms."),
        ("The rules (https://x.gov/rules) apply.", "The rules apply."),
        ("Details: https://x.gov/rules", "Details."),
        ("Details: https://x.gov/rules. Call us.", "Details. Call us."),
        ("Email fog@cityofinglewood.org with questions.", "Email the city with questions."),
        ("Send it to fog@cityofinglewood.org.", "Send it to the city's e-mail address."),
        # whitespace
        ("Line one.\n\nLine   two.", "Line one. Line two."),
        ("", ""),
    ],
)
def test_to_speech(text, spoken):
    assert to_speech(text) == spoken


def test_long_sentences_are_split_at_the_comma_nearest_the_middle():
    text = (
        "If your grease interceptor is overflowing, or if you see grease coming out of a manhole near your "
        "restaurant, you must stop discharging right away, call the city, and write down what happened."
    )
    assert len(text.split()) == 33
    assert to_speech(text) == (
        "If your grease interceptor is overflowing, or if you see grease coming out of a manhole near your "
        "restaurant. You must stop discharging right away, call the city, and write down what happened."
    )


def test_a_semicolon_is_preferred_over_commas_and_pieces_are_split_again():
    text = (
        "Close the trap lid; then wipe the counter, scrape every plate into the bin, "
        "rinse the pans with cold water, and write the date in the log before the inspector arrives."
    )
    assert len(text.split()) == 31
    assert to_speech(text) == (
        "Close the trap lid. Then wipe the counter, scrape every plate into the bin, "
        "rinse the pans with cold water. And write the date in the log before the inspector arrives."
    )


def test_commas_added_by_expansions_are_not_split_points():
    text = "FOG " + " ".join(["grease"] * 30) + "."
    assert to_speech(text) == "Fats, oils and grease " + " ".join(["grease"] * 30) + "."


def test_a_long_sentence_without_commas_stays_whole():
    text = "Word " + " ".join(["word"] * 39) + "."
    assert to_speech(text) == text


def test_very_long_sentences_are_split_repeatedly():
    clause = "the crew pumped the interceptor and cleaned the lid"  # 9 words
    text = ", ".join([clause] * 8) + "."
    spoken = to_speech(text)
    assert [len(sentence.split()) for sentence in spoken.split(". ")] == [18, 18, 18, 18]
    assert spoken.startswith("The crew pumped the interceptor and cleaned the lid, the crew")


@pytest.mark.parametrize(
    ("number", "spoken"),
    [
        ("(310) 412-5333", "3 1 0, 4 1 2, 5 3 3 3"),
        ("+13104125333", "3 1 0, 4 1 2, 5 3 3 3"),
        ("1-760-555-0100", "7 6 0, 5 5 5, 0 1 0 0"),
        ("911", "9 1 1"),
        ("412-5333", "4 1 2, 5 3 3 3"),
        ("+44 20 7946 0000", "4 4 2 0 7 9 4 6 0 0 0 0"),
    ],
)
def test_say_phone_number(number, spoken):
    assert say_phone_number(number) == spoken


@pytest.mark.parametrize(
    ("reference", "spoken"),
    [
        ("SP-482137", "S P, 4 8 2 1 3 7"),
        ("sp482137", "S P, 4 8 2 1 3 7"),
        ("PO-2027-0042", "P O, 2 0 2 7, 0 0 4 2"),
        ("7", "7"),
    ],
)
def test_say_reference(reference, spoken):
    assert say_reference(reference) == spoken


@pytest.mark.parametrize(("function", "value"), [(say_reference, "--"), (say_phone_number, "call us")])
def test_nothing_to_read_is_refused_with_the_value(function, value):
    with pytest.raises(ValueError, match=repr(value)):
        function(value)


@pytest.mark.parametrize(
    ("date", "spoken"),
    [
        (dt.date(2027, 3, 1), "Monday, March 1, 2027"),
        (dt.date(2027, 3, 3), "Wednesday, March 3, 2027"),
        (dt.date(2026, 12, 31), "Thursday, December 31, 2026"),
        (dt.datetime(2027, 1, 10, 14, 30), "Sunday, January 10, 2027"),
    ],
)
def test_say_date(date, spoken):
    assert say_date(date) == spoken


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=20),
            st.sampled_from(
                [
                    "https://x.gov/a?b=1.",
                    "(www.city.org/fog)",
                    "fog@city.gov",
                    "§ 10.03.160(f)(2)",
                    "(310) 412-5333",
                    "FOG,",
                    "GCDs;",
                    "e.g.",
                    "&",
                    ":",
                ]
            ),
        ),
        max_size=60,
    ).map(" ".join)
)
def test_any_text_can_be_spoken_without_links_or_signs(text):
    spoken = to_speech(text)
    for leftover in ("://", "www.", "@city", "§", "\ue000"):  # a bare word "http" is not a link
        assert leftover not in spoken


@pytest.mark.parametrize("text", ["://", "see x://y for more", "ftp://files.city"])
def test_what_is_left_of_a_link_is_not_read_out(text):
    """A scheme separator with no web address the link patterns know (found by the property test above):
    nothing to say, so nothing of it is read."""
    assert "://" not in to_speech(text)
