"""Naming the city: a bare "I'm in Inglewood" is acknowledged; a question that names the city is answered."""

from action_tracker_support import make_tracker, run

from actions.knowledge import ActionSetCity, asks_more_than_the_city


def city_tracker(text: str):
    return make_tracker(text=text, intent="inform_city", entities=[{"entity": "city", "value": "inglewood"}])


def test_a_bare_city_is_acknowledged(engine):
    _, text = run(ActionSetCity(), city_tracker("im in inglewood"))
    assert text.startswith("Got it: I'll use Inglewood's rules")


def test_a_question_that_names_the_city_is_answered_not_acknowledged(engine):
    _, text = run(
        ActionSetCity(),
        city_tracker("im in inglewood, do i need a separate food scraps bin for my restaurant?"),
    )
    assert "Got it" not in text
    assert "apply only in Victorville" in text and "solid waste" in text


def test_what_counts_as_asking_more():
    assert not asks_more_than_the_city("Victorville")
    assert not asks_more_than_the_city('/inform_city{"city": "inglewood"}')
    assert asks_more_than_the_city("inglewood - whats the fine for a 2nd nov?")


def test_the_city_named_with_the_value_the_topic_needed_is_worked_out_with_it(engine):
    import languages
    from actions.knowledge import TOPIC_SLOT

    tracker = make_tracker(
        text="victorville. la ultima fue el 2 de octubre",
        intent="inform_city",
        entities=[{"entity": "city", "value": "victorville"}],
        slots={TOPIC_SLOT: "cada cuanto hay q bombear el interceptor? nuestro permit dice 60 dias"},
    )
    with languages.using("es"):
        _, text = run(ActionSetCity(), tracker)
    assert "1 de diciembre de 2026" in text  # October 2 + 60 days
