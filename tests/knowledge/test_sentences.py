import pytest

from knowledge.sentences import sentence_spans, split_sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("One. Two! Three? Four… Five", ["One.", "Two!", "Three?", "Four…", "Five"]),
        ('He said "stop." Then left.', ['He said "stop."', "Then left."]),
        ("(See the permit.) Then call.", ["(See the permit.)", "Then call."]),
        ("¿Qué pasa? ¡Llame hoy!", ["¿Qué pasa?", "¡Llame hoy!"]),
        ("Read § 10.03.160(f)(2). It applies.", ["Read § 10.03.160(f)(2).", "It applies."]),
        ("It costs 2.5 dollars. Pay now.", ["It costs 2.5 dollars.", "Pay now."]),
        ("Visit https://x.org/a.b. Then call.", ["Visit https://x.org/a.b.", "Then call."]),
        (
            "Ord. No. 2363 applies, e.g. to bakeries. Next.",
            ["Ord. No. 2363 applies, e.g. to bakeries.", "Next."],
        ),
        ("Open 8 a.m. to 5 p.m. daily. Closed Sunday.", ["Open 8 a.m. to 5 p.m. daily.", "Closed Sunday."]),
        ("Made in the U.S. by hand.", ["Made in the U.S. by hand."]),
        ("Trailing space.   ", ["Trailing space."]),
        ("", []),
        ("   ", []),
    ],
)
def test_split_sentences(text, sentences):
    assert split_sentences(text) == sentences


def test_spans_cover_every_word_in_order():
    text = "  First one.\nSecond  one!  third"
    assert sentence_spans(text) == [(2, 12), (13, 25), (27, 32)]
    assert [text[start:end] for start, end in sentence_spans(text)] == ["First one.", "Second  one!", "third"]
