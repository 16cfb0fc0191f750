"""Answers computed from the user's own numbers, in free conversation (pure).

"Pumped June 2, when's the next one due?", "our $267 invoice from March 3 is unpaid", "4 yards of trash and 12
gallons of food waste a week": when a message holds the parameters of a rule the compliance core computes, the
answer states the result first, then the core's reason and citation. :func:`compute` reads the message with
the ``intake`` parsers, calls ``compliance`` and returns a :class:`Computed`, or None when the message does
not hold what a rule needs (then the question is answered from the ordinance text as usual).
"""

from calculations.compute import (
    Computed,
    about_another_place,
    bare_number_read,
    clock_deadlines,
    compute,
    frequency_noted,
    implied_city,
    missing_value_question,
    permit_frequency,
    says_dollars_in_words,
    what_if_read,
    with_newer_facts,
    with_the_device_of,
    with_unit_asked,
    without_facts_said_again,
    without_permit_terms,
    without_stated_facts,
)

__all__ = [
    "Computed",
    "about_another_place",
    "bare_number_read",
    "clock_deadlines",
    "compute",
    "frequency_noted",
    "implied_city",
    "missing_value_question",
    "permit_frequency",
    "says_dollars_in_words",
    "what_if_read",
    "with_newer_facts",
    "with_the_device_of",
    "with_unit_asked",
    "without_facts_said_again",
    "without_permit_terms",
    "without_stated_facts",
]
