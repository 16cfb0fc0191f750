"""The evaluation grader on made-up replies: no server, no model, milliseconds."""

import json

import pytest

from evaluation.harness import grading, items, metrics
from evaluation.harness.grading import (
    amount_renderings,
    contains,
    date_renderings,
    decline_phrase,
    eligibility_verdict,
    flows_started,
    grade_computed,
    grade_single,
    grade_sorting,
    grade_turn,
    match_check,
    must_not_say_hits,
    normalise,
    office_named,
    references,
)

# --- normalising and matching ------------------------------------------------------------------------------


def test_normalise_unifies_quotes_dashes_spaces_case_and_thousands():
    assert normalise("It Doesn\u2019t  say \u2014 the\n\u201cCity\u201d   pays $1,000") == (
        'it does not say - the "city" pays $1000'
    )
    assert normalise("**ninety** days\u200d") == "ninety days"


def test_the_comma_after_an_opening_yes_is_no_fact_but_every_other_comma_stays():
    assert match_check("Sí, califica: puede solicitar la exención.", [["sí califica"]]).passed
    assert match_check("Yes, you can appeal it.", [["yes you can"]]).passed
    assert normalise("$1,000, then 10:30; due") == "$1000, then 10:30; due"
    # a comma that separates what the check joins never lets a wrong answer pass (review of stop 58, M7)
    for reply, check in [
        ("Keep them 4 years in Inglewood, 2 years in Victorville.", "inglewood 2 years"),
        ("No, tiene que pagarla para la fecha de vencimiento.", "no tiene que"),
        ("No, necesita un permiso de FOG.", "no necesita"),
        ("No, califica como establecimiento grande.", "no califica"),
    ]:
        assert not match_check(reply, [[check]]).passed, reply


def test_a_right_answer_passes_and_a_wrong_one_fails():
    check = [["90 days", "ninety days", "90-day"], ["December 14", "Dec 14", "12/14"]]
    right = "Pump at least every ninety days, so the next one is due by Dec. 14... I mean Dec 14, 2026."
    wrong = "Inglewood requires pumping every six months, so by March 15, 2027."
    assert match_check(right, check).passed
    result = match_check(wrong, check)
    assert not result.passed and result.missing == [0, 1]


def test_every_group_must_match_but_any_alternative_may():
    check = [["interceptor", "grease trap"], ["25%", "25 percent"]]
    assert match_check("Your GREASE TRAP may not pass 25 percent.", check).passed
    assert not match_check("Your grease trap must be pumped.", check).passed
    assert match_check("anything at all", []).passed  # an empty check asks nothing


def test_accents_and_curly_quotes_do_not_matter():
    assert contains("Tiene 90 días para pagar", "90 dias")
    assert contains("Tiene 90 dias para pagar", "90 días")
    assert contains("The ordinance doesn\u2019t say.", "doesn't say")
    assert contains("The ordinance doesn't say.", "doesn\u2019t say")


def test_numbers_are_whole():
    assert not contains("due December 14", "December 1")
    assert not contains("every 190 days", "90 days")
    assert contains("due December 1, 2026", "December 1")
    assert contains("a penalty of $26.70", "26.7")  # trailing zeros of decimals are allowed
    assert not contains("a penalty of $26.75", "26.7")


def test_phone_numbers_match_however_grouped_or_spoken():
    assert contains("Call (310) 412-5333 now.", "412-5333")
    assert contains("Call 3 1 0, 4 1 2, 5 3 3 3 now.", "(310) 412-5333")
    assert not contains("Call (310) 412-5334 now.", "412-5333")


def test_must_not_say_counts_entries_of_both_shapes():
    reply = "Inglewood's schedule is every six months."
    assert must_not_say_hits(reply, [{"why": "Inglewood", "any_of": ["6 months", "six months"]}]) == [
        {"phrase": "six months", "why": "Inglewood"}
    ]
    assert must_not_say_hits(reply, ["412-5333", "six months"]) == [{"phrase": "six months", "why": ""}]
    assert must_not_say_hits("every 90 days", [{"why": "x", "any_of": ["six months"]}]) == []


# --- computed values ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "printed",
    [
        "December 3, 2026",
        "December 3rd",
        "Dec 3",
        "Dec. 3",
        "12/3/2026",
        "12/03/2026",
        "12/3",
        "2026-12-03",
        "Thursday, December 3, 2026",
        "3 December",
        "3 de diciembre",
    ],
)
def test_an_expected_date_is_found_in_every_usual_form(printed):
    result = grade_computed(f"Send it by {printed}.", {"expected": {"date": "2026-12-03"}})
    assert result.gradable and result.passed


@pytest.mark.parametrize("printed", ["1 de febrero", "1º de febrero", "primero de febrero", "febrero 1"])
def test_spanish_date_forms(printed):
    assert grade_computed(f"Le toca el {printed} de 2027.", {"expected": {"date": "2027-02-01"}}).passed


def test_a_wrong_date_fails():
    for printed in ("December 30", "Dec 13", "12/30", "2026-12-04"):
        assert not grade_computed(f"Send it by {printed}.", {"expected": {"date": "2026-12-03"}}).passed


def test_date_renderings_include_the_requested_forms():
    forms = date_renderings("2026-12-03")
    for expected in (
        "December 3, 2026",
        "Dec 3",
        "Dec. 3",
        "12/3/2026",
        "12/3",
        "2026-12-03",
        "3 de diciembre",
    ):
        assert expected in forms
    assert "Sept 15" in date_renderings("2026-09-15")


@pytest.mark.parametrize(
    ("amount", "printed", "passes"),
    [
        (26.70, "$26.70", True),
        (26.70, "a penalty of 26.70 dollars", True),
        (26.70, "$26.07", False),
        (1000, "$1,000", True),
        (1000, "$1000", True),
        (1000, "1,000.00", True),
        (1000, "1,000 dollars", True),
        (1000, "1000 gallons", False),  # a bare whole number could be any count
        (1000, "$10,000", False),
        (267, "the fee is $267 a year", True),
    ],
)
def test_amounts(amount, printed, passes):
    assert grade_computed(f"It is {printed}.", {"expected": {"amount": amount}}).passed is passes


@pytest.mark.parametrize(
    ("reply", "passes"),
    [
        (
            "A restaurant of 6,000 square feet is a tier two generator, with duties from January 1, 2024.",
            True,
        ),
        ("A restaurant of 6,000 square feet is a tier two generator.", False),  # the start day left out
        ("Duties start January 1, 2024.", False),  # the tier left out
    ],
)
def test_a_tier_with_its_start_date_is_graded_on_both(reply, passes):
    expected = {"expected": {"tier": 2, "date": "2024-01-01"}}
    assert grade_computed(reply, expected).passed is passes


def test_amount_renderings_include_the_requested_forms():
    assert {"$26.70", "26.70"} <= set(amount_renderings(26.7))
    assert {"$1,000", "1,000.00"} <= set(amount_renderings(1000))


def test_eligibility_reads_the_first_verdict():
    assert eligibility_verdict("Yes, you're eligible for the de minimis waiver.") is True
    assert eligibility_verdict("You qualify: 8 gallons is under 10.") is True
    assert eligibility_verdict("You are not eligible; at 6 gallons you would be eligible.") is False
    assert eligibility_verdict("No: 12 gallons does not meet the threshold.") is False
    assert eligibility_verdict("The waiver has two thresholds.") is None
    computed = {"expected": {"eligible": False}}
    assert grade_computed("Sorry, you don't qualify.", computed).passed
    assert not grade_computed("You qualify.", computed).passed


def test_tiers_are_whole_words():
    assert grade_computed("That makes you a Tier Two generator.", {"expected": {"tier": 2}}).passed
    assert grade_computed("tier-2 since 2024", {"expected": {"tier": 2}}).passed
    assert not grade_computed("That is tier one.", {"expected": {"tier": 2}}).passed
    assert not grade_computed("That is tier II.", {"expected": {"tier": 1}}).passed


def test_free_text_values_grade_only_their_dates_and_amounts():
    computed = {"expected": {"value": "hearing between 2026-12-05 and 2027-01-04"}}
    assert grade_computed("Between Dec 5 and Jan 4.", computed).passed
    assert not grade_computed("Between Dec 5 and Jan 8.", computed).passed
    free = grade_computed("It counts as remodeling.", {"expected": {"value": "counts as remodeling"}})
    assert not free.gradable and free.passed is None
    assert grade_computed("anything", None) is None


# --- unanswerable: decline and office ----------------------------------------------------------------------


def test_a_decline_naming_the_right_office_passes():
    item = {"answerable": False, "office": "fog", "main_point_check": [["doesn't say"]], "flow": "none"}
    reply = (
        "The ordinance doesn't set approved haulers, so I won't guess. Please contact the FOG program office."
    )
    verdict = grade_single(item, reply, started=[])
    assert verdict["unanswerable"]["passed"]
    assert verdict["unanswerable"]["office"] == "fog"


def test_a_decline_without_the_office_or_an_answer_without_a_decline_fails():
    item = {
        "answerable": False,
        "office": "solid_waste",
        "main_point_check": [["not covered"]],
        "flow": "none",
    }
    no_office = grade_single(item, "That is not covered by the ordinance.", started=[])
    assert no_office["unanswerable"]["declined"] and not no_office["unanswerable"]["passed"]
    guessed = grade_single(item, "Collection is on Tuesdays; call the recycling office.", started=[])
    assert guessed["unanswerable"]["declined"] is None and not guessed["unanswerable"]["passed"]
    right = grade_single(item, "The code doesn't cover pickup days: call the city's solid waste office.", [])
    assert right["unanswerable"]["passed"]


def test_office_words_need_a_referral():
    assert office_named("Grease must not go down the drain.", "fog") is None
    assert office_named("Ask the Public Works department.", "fog") == "public works"
    assert office_named("Contacte a la oficina de reciclaje.", "solid_waste") == "reciclaje"
    assert office_named("anything", None) is None


def test_decline_phrases_english_spanish_and_the_items_own_words():
    assert decline_phrase("The ordinance doesn't say anything about that, so I won't guess.")
    assert decline_phrase("La ordenanza no cubre eso.")
    assert decline_phrase("El código no lo dice; pregunte a la oficina de reciclaje.")
    assert decline_phrase("Here is the rule: pump every 90 days.") is None
    assert decline_phrase("Nothing about that in the text", own_check=[["nothing about that"]])


# --- flows, submissions, sorting ---------------------------------------------------------------------------


def test_references_typed_or_spoken():
    assert references("Reference SP-482137. Also sr 094247.") == ["SP-482137", "SR-094247"]
    assert references("Your reference is S P, 4 8 2 1 3 7.") == ["SP-482137"]
    assert grading.submitted_reference("Saved: PA-123456", "permit_application") == "PA-123456"
    assert grading.submitted_reference("Saved: PA-123456", "waiver_request") is None


def test_flows_started_walks_the_active_loop_events():
    start = [{"event": "user"}, {"event": "active_loop", "name": "spill_form"}]
    assert flows_started(None, start) == ["spill_report"]
    assert flows_started("spill_form", start) == []  # already active: not a new start
    assert flows_started(None, [{"event": "active_loop", "name": "sorting_form"}]) == []  # not a flow
    restarted = [{"event": "active_loop", "name": None}, {"event": "active_loop", "name": "variance_form"}]
    assert flows_started("spill_form", restarted) == ["waiver_request"]


def test_single_flow_verdicts():
    plain = {"answerable": True, "main_point_check": [["x"]], "flow": "none"}
    assert grade_single(plain, "x", started=["spill_report"])["wrong_flow"] is True
    assert grade_single(plain, "x", started=[])["wrong_flow"] is False
    spill = {**plain, "flow": "spill_report"}
    assert grade_single(spill, "x", started=["spill_report"])["flow_right"] is True
    assert grade_single(spill, "x", started=["pumpout_log"])["flow_right"] is False
    unknown = grade_single(spill, "x", started=None)
    assert unknown["flow_right"] is None and unknown["wrong_flow"] is None
    assert grade_single(plain, "  ", started=[])["empty"]


def test_turn_verdicts_and_submission_by_this_turn():
    expect = {"check": [["reference"]], "no_new_flow": True, "submitted": "pumpout_log", "must_not_say": []}
    now = grade_turn(expect, "Logged. Reference SR-123456.", started=[], active_before="service_form")
    assert now["ok"] and now["submitted_on"] == "this turn"
    later = grade_turn(
        expect,
        "Anything else? Your reference is above.",
        started=[],
        active_before=None,
        earlier_replies=["Recorded. Reference SR-654321."],
    )
    assert later["submitted"] == "SR-654321" and later["ok"]
    missing = grade_turn(expect, "What date was it pumped?", started=[], active_before="service_form")
    assert missing["submitted"] is None and not missing["ok"]
    new_flow = grade_turn(
        {"no_new_flow": True, "check": []}, "ok", started=["spill_report"], active_before=None
    )
    assert new_flow["wrong_flow"] and not new_flow["ok"]
    started = grade_turn({"starts_flow": "spill_report", "check": []}, "Where?", ["spill_report"], None)
    assert started["starts_flow_right"] and started["ok"]


def test_spanish_container_names_and_coffee_is_not_brown():
    assert grading.containers_named("Va en el bote azul.") == ["blue"]
    assert grading.containers_named("Los restos de café van en el bote verde.") == ["green"]
    assert "brown" in grading.containers_named("En un negocio van en el contenedor café.")


def test_sorting_by_check_or_also_acceptable():
    item = {"check": [["depends", "city's list"]], "also_acceptable": ["black"], "expected": "depends"}
    assert grade_sorting(item, "It depends on the city's list.")["right"]
    assert grade_sorting(item, "Put it in the black cart.")["right"]
    assert not grade_sorting(item, "Put it in the blue cart.")["right"]
    assert grade_sorting(item, "Put it in the blue cart.")["containers_named"] == ["blue"]


# --- items and metrics -------------------------------------------------------------------------------------


def _single(**changes):
    item = {
        "id": "w1-s001",
        "writer": "w1",
        "persona": "p",
        "channel": "sms",
        "language": "en",
        "city": "victorville",
        "question": "q?",
        "answerable": True,
        "main_point": "m",
        "main_point_check": [["a"]],
        "facts": [],
        "computed": None,
        "must_not_say": [],
        "sections": [],
        "office": None,
        "flow": "none",
        "notes": "",
    }
    item.update(changes)
    return item


def test_validation_names_what_is_wrong():
    assert items.validate("singles", _single()) == []
    assert any("channel" in e for e in items.validate("singles", _single(channel="fax")))
    assert any("main_point_check" in e for e in items.validate("singles", _single(main_point_check=[])))
    assert any("writer" in e for e in items.validate("singles", _single(writer="w9")))
    assert items.validate("singles", _single(computed={"expected": {"date": "2026-02-30"}}))


def test_loading_counts_malformed_lines_and_attaches_splits(tmp_path):
    folder = tmp_path / "en"
    (folder / "w1").mkdir(parents=True)
    (folder / "w5").mkdir()
    good = json.dumps(_single())
    (folder / "w1" / "singles.jsonl").write_text(
        f"{good}\n{{not json\n{json.dumps(_single(id='w1-s002', flow='x'))}\n"
    )
    (folder / "w5" / "singles.jsonl").write_text(json.dumps(_single(id="w5-s001", writer="w5")) + "\n")
    loaded = items.load(tmp_path)
    assert [(i.id, i.split) for i in loaded.items] == [("w1-s001", "dev"), ("w5-s001", "test")]
    assert len(loaded.malformed) == 2


def test_spanish_writers_split_and_rejected_items_are_listed_not_played(tmp_path):
    folder = tmp_path / "es" / "s4"
    folder.mkdir(parents=True)
    spanish = _single(id="s4-s001", writer="s4", language="es")
    rejected = _single(id="s4-s002", writer="s4", language="es", rejected=True, reject_reason="wrong city")
    english_in_es = _single(id="s4-s003", writer="s4", language="en")
    lines = [json.dumps(x) for x in (spanish, rejected, english_in_es)]
    (folder / "singles.jsonl").write_text("\n".join(lines) + "\n")
    loaded = items.load(tmp_path)
    assert [(i.id, i.split, i.language) for i in loaded.items] == [("s4-s001", "test", "es")]
    assert [p.item_id for p in loaded.rejected] == ["s4-s002"]
    assert [p.item_id for p in loaded.malformed] == ["s4-s003"]


def test_the_real_item_files_load_without_malformed_items():
    loaded = items.load()
    assert loaded.items and not loaded.malformed
    assert {item.language for item in loaded.items} == {"en", "es"}


def test_aggregate_keeps_denominators():
    def record(split, channel, main_point):
        verdict = grade_single(_single(), "a" if main_point else "b", started=[])
        return {
            "kind": "singles",
            "split": split,
            "channel": channel,
            "verdict": verdict,
            "turn": {"error": None},
        }

    records = [record("dev", "sms", True), record("dev", "sms", False), record("test", "web", True)]
    spanish = {**record("dev", "sms", False), "language": "es"}
    by_language = metrics.aggregate([*records, spanish])
    table = by_language["en"]
    assert table["singles"]["dev/sms"]["main_point"] == {"value": 50.0, "hits": 1, "n": 2}
    assert table["singles"]["test/all"]["main_point"]["value"] == 100.0
    assert table["singles"]["dev/voice"]["_records"] == 0
    assert by_language["es"]["singles"]["dev/sms"]["main_point"]["value"] == 0.0
    printed = metrics.console_tables(by_language)
    assert "50% (2)" in printed and "singles, en" in printed and "singles, es" in printed


def test_sorting_after_one_clarifying_answer_falls_back_to_the_first_reply():
    item = {"check": [["green"]], "also_acceptable": []}
    asked = grade_sorting(item, "Is this for a home or a business?", asked_back=True)
    answered = {
        "kind": "sorting",
        "split": "dev",
        "channel": "web",
        "turn": {"error": None},
        "verdict": asked,
    }
    answered["verdict_clarified"] = grade_sorting(item, "Chicken bones: the green container.")
    direct = {"kind": "sorting", "split": "dev", "channel": "web", "turn": {"error": None}}
    direct["verdict"] = grade_sorting(item, "The green container.")
    table = metrics.aggregate([answered, direct])["en"]["sorting"]["dev/web"]
    assert table["right"]["value"] == 50.0 and table["right_clarified"]["value"] == 100.0
    assert table["asked_back"]["value"] == 1


def test_reply_language():
    assert (
        grading.reply_language("The interceptor must be pumped within 90 days of the last service.") == "en"
    )
    assert grading.reply_language("La trampa de grasa se debe limpiar cada 90 días, según el código.") == "es"
    assert grading.reply_language("SP-123456") is None
    spanish_item = {**_single(language="es"), "main_point_check": [["90"]]}
    verdict = grade_single(spanish_item, "You must pump it every 90 days, as the code says.", started=[])
    assert verdict["reply_language"] == "en" and verdict["language_ok"] is False
    assert grade_turn({"check": []}, "Debe enviar el aviso por escrito.", [], None, language="es")[
        "language_ok"
    ]


def test_a_negated_do_matches_whatever_its_agreement():
    checks = [["doesn't set", "does not set"]]
    for reply in (
        "The ordinances don't set collection days.",
        "It does not set them.",
        "They do not set it.",
    ):
        assert grading.match_check(grading.Text.of(reply), checks).passed, reply
    assert not grading.match_check(grading.Text.of("The ordinance sets collection days."), checks).passed


def test_the_voice_line_s_spoken_fog_counts_as_fog():
    reply = "Please contact the City of Victorville fats, oils and grease manager."
    assert match_check(reply, [["fog manager"]]).passed
    assert match_check("the FOG manager", [["fats, oils and grease manager"]]).passed
