"""The chat page in Spanish, in real headless Chromium: the language switch, the browser's language, the
page's words, and a conversation with the fake Rasa (which answers in Spanish when told the page is Spanish).

Each test opens its own browser context, with the browser language it needs and an empty localStorage.
Run: ``.venv/app/bin/python -m pytest tests/web -m browser -q`` (needs Debian's /usr/bin/chromium).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from web_chat_test_support import (
    ARTIFACTS,
    BANANA_ANSWER,
    BANANA_ANSWER_ES,
    CHROMIUM,
    CHROMIUM_ARGS,
    FakeRasa,
    PageProblems,
)

pytestmark = pytest.mark.browser

SPANISH_TITLE = "Chat de ayuda sobre grasa y orgánicos – Victorville e Inglewood"
NAMES = {"English", "Español", "Victorville", "Inglewood"}  # written the same in both languages
RECONNECT_WAIT_MS = 10_000
RECOVERY_WAIT_MS = 30_000

OpenPage = Callable[..., Page]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless; never Playwright's downloaded browsers."""
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: the browser tests need Debian's chromium."
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_page(chromium: Browser, web_url: str, fake_rasa: FakeRasa) -> Iterator[OpenPage]:
    """Opens the chat page in a new context whose browser language is ``locale``; checks for page errors."""
    problems = PageProblems()
    contexts = []

    def open_(locale: str = "en-US") -> Page:
        context = chromium.new_context(locale=locale, viewport={"width": 390, "height": 844})
        contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda error: problems.errors.append(str(error)))
        tab.on("console", lambda message: message.type == "error" and problems.console.append(message.text))
        tab.on("dialog", lambda dialog: (problems.dialogs.append(dialog.message), dialog.dismiss()))
        tab.goto(web_url + "/")
        return tab

    yield open_
    for context in contexts:
        context.close()
    assert problems.errors == [], problems.errors
    assert problems.dialogs == [], problems.dialogs
    assert problems.console_errors(allow_failed_requests=True) == [], problems.console


def send(page: Page, text: str) -> None:
    page.fill("#message", text)
    page.click("#send")


def bot_texts(page: Page):
    return page.locator("#log .msg.bot .msg-text")


def user_texts(page: Page):
    return page.locator("#log .msg.user .msg-text")


def to_spanish(page: Page) -> None:
    page.get_by_label("Language").select_option("es")
    expect(page.locator("html")).to_have_attribute("lang", "es")


# Every piece of text the page shows or gives to assistive technology: text nodes (title included), and the
# translated attributes. Rasa's answers and what the resident typed are not the page's words.
PAGE_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("noscript, script, style")) continue;
    const text = node.textContent.trim();
    if (text) texts.push(text);
  }
  for (const element of document.querySelectorAll("[aria-label], [placeholder], meta[name=description]")) {
    for (const name of ["aria-label", "placeholder", "content"]) {
      if (element.hasAttribute(name)) texts.push(element.getAttribute(name));
    }
  }
  return texts;
}"""


def test_the_page_switched_to_spanish_has_spanish_words_and_lang_es(open_page: OpenPage):
    page = open_page("en-US")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_label("Language")).to_have_value("en")

    to_spanish(page)

    assert page.title() == SPANISH_TITLE
    expect(page.get_by_role("heading", level=1)).to_have_text("Ayuda con grasa y orgánicos")
    expect(page.get_by_label("Idioma")).to_have_id("language")
    expect(page.get_by_label("Su ciudad")).to_have_id("city")
    expect(page.get_by_label("Su mensaje")).to_have_id("message")
    expect(page.locator("#city option[value='']")).to_have_text("Elija…")
    expect(page.locator("#message")).to_have_attribute("placeholder", "Escriba su pregunta")
    expect(page.locator("#send")).to_have_text("Enviar")
    expect(page.locator("#log")).to_have_attribute("aria-label", "Conversación con el asistente")
    expect(page.locator("#log .intro .visually-hidden")).to_have_text("El asistente dijo:")
    expect(page.locator("#log .intro .msg-text")).to_contain_text(
        "¡Hola! Pregúnteme en qué contenedor va algo"
    )
    expect(page.locator("#typing")).to_contain_text("El asistente está escribiendo…")
    expect(page.locator("#starters button")).to_have_text(
        ["¿En qué contenedor va?", "Reportar un derrame", "Permisos"]
    )
    expect(page.locator("#message-help")).to_have_text("Presione Enter para enviar. Hasta 2,000 caracteres.")
    expect(page.get_by_role("contentinfo")).to_contain_text("Código Municipal de Victorville")
    expect(page.get_by_role("link", name="Ir al cuadro de mensaje")).to_have_attribute("href", "#message")


def test_no_english_is_left_on_the_spanish_page(open_page: OpenPage):
    page = open_page("en-US")
    english = page.evaluate(PAGE_TEXTS)
    to_spanish(page)
    spanish = page.evaluate(PAGE_TEXTS)

    assert len(spanish) == len(english) > 25
    assert {text for text in english if text in spanish} - NAMES == set()

    page.get_by_label("Idioma").select_option("en")  # and back, word for word
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.evaluate(PAGE_TEXTS) == english


def test_a_sorting_question_is_answered_in_spanish_and_every_request_says_es(
    open_page: OpenPage, fake_rasa: FakeRasa
):
    page = open_page("en-US")
    to_spanish(page)

    page.get_by_label("Su ciudad").select_option("victorville")
    expect(page.locator("#log .msg.note")).to_have_text(["Ciudad elegida: Victorville."])
    expect(bot_texts(page).last).to_have_text("Entendido: usaré las reglas de Victorville. ¿Qué más?")
    send(page, "¿Dónde van las cáscaras de plátano?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER_ES)
    expect(page.locator("#log .msg.user .visually-hidden")).to_have_text(["Usted dijo:"])
    expect(page.locator("#log .msg.bot .visually-hidden").last).to_have_text("El asistente dijo:")

    page.get_by_role("button", name="¿En qué contenedor va?").click()
    offered = page.locator("#log .msg.bot").get_by_role("group", name="Respuestas sugeridas")
    expect(offered.get_by_role("button", name="Caja de pizza")).to_be_visible()

    assert fake_rasa.messages == [
        '/inform_city{"city": "victorville"}',
        "¿Dónde van las cáscaras de plátano?",
        "¿En qué contenedor va?",
    ]
    assert [payload["metadata"] for payload in fake_rasa.received] == [
        {"channel": "web", "city": "victorville", "language": "es"}
    ] * 3


def test_the_browser_language_es_mx_opens_the_page_in_spanish(open_page: OpenPage, fake_rasa: FakeRasa):
    page = open_page("es-MX")

    assert page.evaluate("navigator.languages[0]") == "es-MX"
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_label("Idioma")).to_have_value("es")
    assert page.title() == SPANISH_TITLE
    send(page, "¿Dónde van las cáscaras de plátano?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER_ES)
    assert fake_rasa.received[0]["metadata"] == {"channel": "web", "language": "es"}


def test_an_english_browser_opens_the_page_in_english(open_page: OpenPage, fake_rasa: FakeRasa):
    page = open_page("en-GB")

    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_label("Language")).to_have_value("en")
    send(page, "Where do banana peels go?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)
    assert fake_rasa.received[0]["metadata"] == {"channel": "web", "language": "en"}


def test_the_residents_choice_is_remembered_over_the_browser_language(open_page: OpenPage):
    page = open_page("es-MX")
    page.get_by_label("Idioma").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_label("Language")).to_have_value("en")

    later = page.context.new_page()  # another visit in the same browser
    later.goto(page.url)
    expect(later.locator("html")).to_have_attribute("lang", "en")
    later.close()


def test_the_switch_works_from_the_keyboard(open_page: OpenPage):
    page = open_page("en-US")
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Tab")
    expect(page.locator("#language")).to_be_focused()

    page.keyboard.press("ArrowDown")

    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#send")).to_have_text("Enviar")
    expect(page.locator("#language")).to_be_focused()


def test_the_pages_own_messages_are_in_spanish_and_follow_a_switch(open_page: OpenPage, fake_rasa: FakeRasa):
    page = open_page("es-MX")
    page.locator("#message").press("Enter")
    expect(page.locator("#message-error")).to_have_text(
        "Primero escriba una pregunta, por ejemplo: ¿Dónde van las cáscaras de plátano?"
    )
    send(page, "grasa " * 334)  # 2,004 characters, 2,003 after trimming
    expect(page.locator("#message-error")).to_have_text(
        "Su mensaje tiene 2,003 caracteres. Acórtelo a 2,000 caracteres o menos."
    )

    page.get_by_label("Idioma").select_option("en")

    expect(page.locator("#message-error")).to_have_text(
        "Your message is 2,003 characters long. Please shorten it to 2,000 characters or fewer."
    )
    assert fake_rasa.received == []


def test_reconnecting_is_said_in_spanish(open_page: OpenPage, fake_rasa: FakeRasa):
    page = open_page("es-MX")
    fake_rasa.stop()

    send(page, "¿Dónde va una caja de pizza?")

    expect(page.locator("#connection")).to_contain_text("Reconectando…", timeout=RECONNECT_WAIT_MS)
    expect(page.locator("#log .msg.user .delivery")).to_have_text(
        "Todavía no se envió – esperando la reconexión."
    )
    fake_rasa.start()
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER_ES, timeout=RECOVERY_WAIT_MS)
    expect(page.locator("#connection")).to_have_text("Conectado de nuevo.")


def test_switching_rewrites_what_the_page_already_wrote(open_page: OpenPage):
    page = open_page("en-US")
    page.get_by_label("Your city").select_option("inglewood")
    expect(page.locator("#log .msg.note")).to_have_text(["City set to Inglewood."])
    send(page, "Where do banana peels go?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)

    to_spanish(page)

    expect(page.locator("#log .msg.note")).to_have_text(["Ciudad elegida: Inglewood."])
    expect(page.locator("#log .msg.user .visually-hidden")).to_have_text(["Usted dijo:"])
    expect(user_texts(page)).to_have_text(["Where do banana peels go?"])  # what was said stays as said
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)


def test_screenshots_of_a_spanish_conversation_on_a_phone_and_a_desktop(open_page: OpenPage):
    page = open_page("es-MX")
    page.get_by_label("Su ciudad").select_option("victorville")
    expect(bot_texts(page).last).to_have_text("Entendido: usaré las reglas de Victorville. ¿Qué más?")
    send(page, "¿Dónde van las cáscaras de plátano?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER_ES)
    page.get_by_role("button", name="¿En qué contenedor va?").click()
    expect(page.locator("#log .msg.bot").get_by_role("button", name="Caja de pizza")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    phone = ARTIFACTS / "chat-spanish-phone.png"
    page.screenshot(path=str(phone))
    page.set_viewport_size({"width": 1280, "height": 800})
    desktop = ARTIFACTS / "chat-spanish-desktop.png"
    page.screenshot(path=str(desktop))

    for shot in (phone, desktop):
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert shot.stat().st_size > 10_000
