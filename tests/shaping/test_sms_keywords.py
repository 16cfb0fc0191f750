import pytest

from shaping.keywords import (
    KeywordKind,
    KeywordMatch,
    Language,
    classify_keyword,
    keyword_reply,
    more_marker,
    nothing_more_reply,
)
from shaping.sms_text import MORE_MARKER

OPT_OUT, OPT_IN, HELP, MORE = KeywordKind.OPT_OUT, KeywordKind.OPT_IN, KeywordKind.HELP, KeywordKind.MORE
EN, ES = Language.ENGLISH, Language.SPANISH


@pytest.mark.parametrize(
    ("message", "kind", "language", "keyword"),
    [
        ("STOP", OPT_OUT, EN, "stop"),
        ("stop.", OPT_OUT, EN, "stop"),
        (" Stop ", OPT_OUT, EN, "stop"),
        ("Stop!!", OPT_OUT, EN, "stop"),
        ("STOPALL", OPT_OUT, EN, "stopall"),
        ("stop all", OPT_OUT, EN, "stop all"),
        ("Stop  all.", OPT_OUT, EN, "stop all"),
        ("UNSUBSCRIBE", OPT_OUT, EN, "unsubscribe"),
        ("cancel", OPT_OUT, EN, "cancel"),
        ("End", OPT_OUT, EN, "end"),
        ("quit", OPT_OUT, EN, "quit"),
        ("OPTOUT", OPT_OUT, EN, "optout"),
        ("opt-out", OPT_OUT, EN, "opt out"),
        ("revoke", OPT_OUT, EN, "revoke"),
        ("PARAR", OPT_OUT, ES, "parar"),
        ("Alto.", OPT_OUT, ES, "alto"),
        ("detener", OPT_OUT, ES, "detener"),
        ("CANCELAR", OPT_OUT, ES, "cancelar"),
        ("baja", OPT_OUT, ES, "baja"),
        ("Darse de baja", OPT_OUT, ES, "darse de baja"),
        ("START", OPT_IN, EN, "start"),
        ("yes", OPT_IN, EN, "yes"),
        ("Unstop", OPT_IN, EN, "unstop"),
        ("COMENZAR", OPT_IN, ES, "comenzar"),
        ("inicio", OPT_IN, ES, "inicio"),
        ("Sí", OPT_IN, ES, "si"),
        ("¡SÍ!", OPT_IN, ES, "si"),
        ("si", OPT_IN, ES, "si"),
        ("HELP", HELP, EN, "help"),
        ("help?", HELP, EN, "help"),
        ("info", HELP, EN, "info"),
        ("ayuda", HELP, ES, "ayuda"),
        ("¿Ayuda?", HELP, ES, "ayuda"),
        ("MORE", MORE, EN, "more"),
        ("more...", MORE, EN, "more"),
        ("MÁS", MORE, ES, "mas"),
        ("mas", MORE, ES, "mas"),
        ("\tmás\n", MORE, ES, "mas"),
    ],
)
def test_whole_message_keywords(message, kind, language, keyword):
    assert classify_keyword(message) == KeywordMatch(kind=kind, language=language, keyword=keyword)


@pytest.mark.parametrize(
    "message",
    [
        "stop by tomorrow",
        "help me with my trap",
        "Please stop",
        "STOP STOP",
        "yes please",
        "more info",
        "stopp",
        "s top",
        "necesito ayuda",
        "",
        "   ",
        "...",
        None,
    ],
)
def test_other_messages_are_not_keywords(message):
    assert classify_keyword(message) is None


@pytest.mark.parametrize(
    ("message", "expected"), [("YES", True), ("sí", True), ("START", False), ("comenzar", False)]
)
def test_yes_and_si_are_also_ordinary_answers(message, expected):
    assert classify_keyword(message).is_also_an_answer is expected


@pytest.mark.parametrize(
    ("kind", "language", "reply"),
    [
        (
            OPT_OUT,
            EN,
            "Victorville FOG: You are unsubscribed and will get no more messages from this number. "
            "Reply START to resubscribe.",
        ),
        (
            OPT_OUT,
            ES,
            "Victorville FOG: Se canceló su suscripción y no recibirá más mensajes de este número. "
            "Responda COMENZAR para volver a suscribirse.",
        ),
        (
            OPT_IN,
            EN,
            "Victorville FOG: You are subscribed again. Msg frequency varies. Msg&data rates may apply. "
            "Reply HELP for help. Reply STOP to opt out.",
        ),
        (
            OPT_IN,
            ES,
            "Victorville FOG: Su suscripción está activa de nuevo. La frecuencia de mensajes varía. "
            "Pueden aplicarse tarifas de mensajes y datos. "
            "Responda AYUDA para ayuda. Responda PARAR para cancelar.",
        ),
        (
            HELP,
            EN,
            "Victorville FOG: For help, contact www.example.org/fog. Msg&data rates may apply. "
            "Reply STOP to opt out.",
        ),
        (
            HELP,
            ES,
            "Victorville FOG: Para ayuda, comuníquese con www.example.org/fog. "
            "Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para cancelar.",
        ),
    ],
)
def test_carrier_replies(kind, language, reply):
    text = keyword_reply(kind, language, program_name=" Victorville FOG ", help_contact="www.example.org/fog")
    assert text == reply
    assert len(text) <= 320


@pytest.mark.parametrize(
    ("kind", "program_name", "help_contact", "message"),
    [
        (MORE, "P", "C", "MORE has no fixed reply: send the kept-back remainder, or nothing_more_reply()"),
        (HELP, " ", "C", "program_name must name the program, got ' '"),
        (HELP, "P", "", "help_contact must say how to reach a person, got ''"),
    ],
)
def test_replies_refuse_missing_settings(kind, program_name, help_contact, message):
    with pytest.raises(ValueError) as error:
        keyword_reply(kind, EN, program_name=program_name, help_contact=help_contact)
    assert str(error.value) == message


def test_continuation_texts():
    assert nothing_more_reply(EN) == "There is nothing more to send. Ask me another question any time."
    assert nothing_more_reply(ES) == "No hay nada más que enviar. Puede hacer otra pregunta cuando quiera."
    assert more_marker(EN) == MORE_MARKER == " Reply MORE for the rest."
    assert more_marker(ES) == " Responda MAS para el resto."
    assert classify_keyword(more_marker(ES).split()[1]).kind is MORE
