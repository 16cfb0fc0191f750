"""A resident's chat in real headless Chromium: the page, the web app under uvicorn, a fake Rasa over HTTP.

Run: ``.venv/app/bin/python -m pytest tests/web -m browser -q`` (needs Debian's /usr/bin/chromium).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from web_chat_test_support import (
    ARTIFACTS,
    BANANA_ANSWER,
    GREEN_CONTAINER,
    GREEN_CONTAINER_SOURCE,
    LINK_ANSWER,
    MARKUP,
    FakeRasa,
    PageProblems,
)

from web.sessions import COOKIE_NAME, rasa_sender

pytestmark = pytest.mark.browser

RECONNECT_WAIT_MS = 10_000
RECOVERY_WAIT_MS = 30_000  # the page retries after 1, 2, 4, 8 s …


def send(page: Page, text: str) -> None:
    page.fill("#message", text)
    page.click("#send")


def bot_texts(page: Page):
    return page.locator("#log .msg.bot .msg-text")


def user_texts(page: Page):
    return page.locator("#log .msg.user .msg-text")


def sender_of(page: Page) -> str:
    """The conversation's Rasa sender, from the HttpOnly cookie the server issued (unreadable by the page)."""
    [token] = [c["value"] for c in page.context.cookies() if c["name"] == COOKIE_NAME]
    assert COOKIE_NAME not in page.evaluate("document.cookie")
    return rasa_sender(token)


def test_a_sorting_question_gets_its_answer_in_the_live_region(page: Page, fake_rasa: FakeRasa):
    log = page.locator("#log")
    expect(log).to_have_attribute("role", "log")
    expect(log).to_have_attribute("aria-live", "polite")

    send(page, "Where do banana peels go?")

    expect(log.locator(".msg.bot .msg-text").last).to_have_text(BANANA_ANSWER)
    expect(log.locator(".msg.user .msg-text")).to_have_text(["Where do banana peels go?"])
    assert fake_rasa.received == [
        {
            "sender": sender_of(page),
            "message": "Where do banana peels go?",
            "metadata": {"channel": "web", "language": "en"},
        }
    ]
    expect(page.locator("#message")).to_have_value("")
    expect(page.locator("#message")).to_be_focused()


def test_markup_in_a_bot_message_is_shown_as_literal_text(page: Page, page_problems: PageProblems):
    send(page, "what about markup?")

    expect(bot_texts(page).last).to_have_text(f"{MARKUP} is what you asked about.")
    page.wait_for_timeout(500)  # time for an injected onerror handler or script to run, if there were one
    assert page.locator("#log img, #log script").count() == 0
    assert page.evaluate("document.images.length") == 0
    assert page.evaluate("Array.from(document.scripts, (s) => s.getAttribute('src'))") == ["/static/chat.js"]
    assert page.evaluate("window.__pwned") is None
    assert page_problems.dialogs == []


def test_only_web_addresses_become_links(page: Page):
    send(page, "send me a link")

    answer = bot_texts(page).last
    expect(answer).to_have_text(LINK_ANSWER)
    links = answer.locator("a")
    expect(links).to_have_count(1)
    expect(links).to_have_attribute("href", "https://example.org/organics?bin=green")
    expect(links).to_have_text("https://example.org/organics?bin=green")
    expect(links).to_have_attribute("rel", "noopener noreferrer")


def test_a_citation_payload_is_shown_as_a_quote_with_its_source(page: Page):
    send(page, "quote the rule")

    citation = page.locator("#log blockquote.citation")
    expect(citation.locator("p")).to_have_text(GREEN_CONTAINER)
    expect(citation.locator("cite")).to_have_text(GREEN_CONTAINER_SOURCE)


def test_quick_replies_send_their_text(page: Page, fake_rasa: FakeRasa):
    page.get_by_role("button", name="Which bin?").click()

    offered = page.locator("#log .msg.bot").get_by_role("button", name="Pizza box")
    expect(offered).to_be_visible()
    offered.click()

    expect(user_texts(page)).to_have_text(["Which bin?", "Pizza box"])
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)
    assert fake_rasa.messages == ["Which bin?", "Pizza box"]
    expect(page.locator("#message")).to_be_focused()


@pytest.mark.parametrize("starter", ["Report a spill", "Permits"])
def test_every_starter_button_sends_its_text(page: Page, fake_rasa: FakeRasa, starter: str):
    page.get_by_role("button", name=starter).click()

    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)
    assert fake_rasa.messages == [starter]


def test_the_city_choice_reaches_rasa_once_then_rides_along_as_metadata(page: Page, fake_rasa: FakeRasa):
    page.get_by_label("Your city").select_option("inglewood")

    expect(page.locator("#log .msg.note")).to_have_text(["City set to Inglewood."])
    expect(bot_texts(page).last).to_have_text("Got it: I'll use Inglewood's rules. What next?")
    send(page, "How often must I pump?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)

    sender = sender_of(page)
    assert fake_rasa.received == [
        {
            "sender": sender,
            "message": '/inform_city{"city": "inglewood"}',
            "metadata": {"channel": "web", "city": "inglewood", "language": "en"},
        },
        {
            "sender": sender,
            "message": "How often must I pump?",
            "metadata": {"channel": "web", "city": "inglewood", "language": "en"},
        },
    ]

    page.reload()
    expect(page.locator("#city")).to_have_value("inglewood")
    assert sender_of(page) == sender
    page.wait_for_timeout(500)
    assert len(fake_rasa.received) == 2  # a reload does not tell Rasa the city again


def test_rasa_down_shows_reconnecting_then_delivers_the_kept_message(page: Page, fake_rasa: FakeRasa):
    fake_rasa.stop()

    send(page, "Where does a pizza box go?")

    expect(page.locator("#connection")).to_contain_text("Reconnecting…", timeout=RECONNECT_WAIT_MS)
    expect(page.locator("#log .msg.user .delivery")).to_have_text("Not sent yet – waiting to reconnect.")
    expect(user_texts(page)).to_have_text(["Where does a pizza box go?"])
    assert fake_rasa.received == []

    fake_rasa.start()

    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER, timeout=RECOVERY_WAIT_MS)
    expect(page.locator("#connection")).to_have_text("Connected again.")
    expect(page.locator("#log .delivery")).to_have_count(0)
    expect(user_texts(page)).to_have_text(["Where does a pizza box go?"])
    assert fake_rasa.messages == ["Where does a pizza box go?"]


def test_a_message_waiting_to_be_sent_survives_a_reload(page: Page, fake_rasa: FakeRasa):
    fake_rasa.stop()
    send(page, "Is a greasy pizza box organic waste?")
    expect(page.locator("#connection")).to_contain_text("Reconnecting…", timeout=RECONNECT_WAIT_MS)

    page.reload()

    expect(user_texts(page)).to_have_text(["Is a greasy pizza box organic waste?"])
    expect(page.locator("#connection")).to_contain_text("Reconnecting…", timeout=RECONNECT_WAIT_MS)
    fake_rasa.start()
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER, timeout=RECOVERY_WAIT_MS)
    assert fake_rasa.messages == ["Is a greasy pizza box organic waste?"]


def test_the_typing_indicator_shows_while_the_assistant_answers(page: Page):
    typing = page.locator("#typing")
    expect(typing).to_be_hidden()

    send(page, "a slow question")

    expect(typing).to_be_visible()
    expect(typing).to_contain_text("The assistant is typing…")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)
    expect(typing).to_be_hidden()


def test_empty_and_overlong_messages_are_stopped_in_the_page_without_losing_the_text(
    page: Page, fake_rasa: FakeRasa
):
    page.locator("#message").press("Enter")
    expect(page.locator("#message-error")).to_have_text(
        "Type a question first, for example: Where do banana peels go?"
    )

    too_long = "grease " * 286  # 2,002 characters, 2,001 after trimming
    send(page, too_long)

    expect(page.locator("#message-error")).to_have_text(
        "Your message is 2,001 characters long. Please shorten it to 2,000 characters or fewer."
    )
    expect(page.locator("#message")).to_have_value(too_long)
    expect(page.locator("#message")).to_have_attribute("aria-invalid", "true")
    expect(user_texts(page)).to_have_count(0)
    assert fake_rasa.received == []


def focused_name(page: Page) -> str:
    return page.evaluate(
        "(() => { const e = document.activeElement;"
        " return e.id || e.getAttribute('href') || e.textContent.trim(); })()"
    )


def test_keyboard_only_use_tab_order_focus_ring_and_enter_to_send(page: Page, fake_rasa: FakeRasa):
    order = []
    for _ in range(9):
        page.keyboard.press("Tab")
        order.append(focused_name(page))
    assert order == [
        "#message",
        "language",
        "city",
        "log",
        "Which bin?",
        "Report a spill",
        "Permits",
        "message",
        "send",
    ]

    page.keyboard.press("Shift+Tab")
    assert focused_name(page) == "message"
    ring = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; })()"
    )
    assert ring == ["solid", "3px"]

    page.keyboard.type("where do banana peels go")
    page.keyboard.press("Enter")

    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)
    expect(page.locator("#message")).to_be_focused()
    assert fake_rasa.messages == ["where do banana peels go"]


def test_the_skip_link_moves_focus_to_the_message_box(page: Page):
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the message box")).to_be_focused()

    page.keyboard.press("Enter")

    expect(page.locator("#message")).to_be_focused()


CONTRAST_OF = """(selectors) => {
  const parse = (c) => {
    const p = c.match(/[\\d.]+/g).map(Number);
    return { rgb: p.slice(0, 3), a: p[3] ?? 1 };
  };
  const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.a === 1) return c.rgb;
    }
    return [255, 255, 255];
  };
  return Object.fromEntries(selectors.map((s) => {
    const el = document.querySelector(s);
    const [a, b] = [luminance(parse(getComputedStyle(el).color).rgb), luminance(background(el))];
    return [s, Math.round(((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)) * 10) / 10];
  }));
}"""


def test_landmarks_labels_and_text_contrast(page: Page):
    send(page, "Where do banana peels go?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)

    assert page.title() == "Grease & Organics Help Chat – Victorville and Inglewood"
    assert page.evaluate("document.documentElement.lang") == "en"
    for role in ("banner", "main", "contentinfo"):
        expect(page.get_by_role(role)).to_have_count(1)
    expect(page.get_by_label("Your message")).to_have_id("message")
    expect(page.get_by_label("Your city")).to_have_id("city")

    selectors = [
        ".top h1",
        ".tagline",
        ".city-picker label",
        "#log .msg.bot .msg-text",
        "#log .msg.user .msg-text",
        ".quick-title",
        ".quick-reply",
        ".composer-label",
        ".send",
        ".help",
        ".bottom p",
    ]
    ratios = page.evaluate(CONTRAST_OF, selectors)
    assert {selector: ratio for selector, ratio in ratios.items() if ratio < 4.5} == {}, ratios


def test_screenshots_of_a_conversation_on_a_phone_and_a_desktop(page: Page):
    page.get_by_label("Your city").select_option("victorville")
    expect(bot_texts(page).last).to_have_text("Got it: I'll use Victorville's rules. What next?")
    send(page, "Where do banana peels go?")
    expect(bot_texts(page).last).to_have_text(BANANA_ANSWER)
    send(page, "quote the rule")
    expect(page.locator("#log blockquote.citation cite")).to_have_text(GREEN_CONTAINER_SOURCE)
    page.get_by_role("button", name="Which bin?").click()
    expect(page.locator("#log .msg.bot").get_by_role("button", name="Pizza box")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    phone = ARTIFACTS / "web-chat.png"
    page.screenshot(path=str(phone))
    page.set_viewport_size({"width": 1280, "height": 800})
    desktop = ARTIFACTS / "web-chat-desktop.png"
    page.screenshot(path=str(desktop))

    for shot in (phone, desktop):
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert shot.stat().st_size > 10_000
