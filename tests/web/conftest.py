"""Browser-test fixtures: a fake Rasa over HTTP, the web app under uvicorn, headless Debian Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from web_chat_test_support import CHROMIUM, CHROMIUM_ARGS, REPO, FakeRasa, PageProblems, running_web_app


@pytest.fixture(scope="module")
def fake_rasa_server() -> Iterator[FakeRasa]:
    fake = FakeRasa()
    fake.start()
    yield fake
    fake.stop()


@pytest.fixture
def fake_rasa(fake_rasa_server: FakeRasa) -> FakeRasa:
    """The module's fake Rasa, running and with an empty record, for one test."""
    fake_rasa_server.start()
    fake_rasa_server.received.clear()
    return fake_rasa_server


@pytest.fixture(scope="module")
def web_url(fake_rasa_server: FakeRasa, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web app under uvicorn on a free loopback port, talking to the fake Rasa."""
    log_path = tmp_path_factory.mktemp("web") / "uvicorn.log"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "MODE": "test",
        "RASA_URL": fake_rasa_server.url,
        "RASA_TIMEOUT_SECONDS": "5",
    }
    with running_web_app(env, log_path) as url:
        yield url


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory: pytest.TempPathFactory):
    """Debian's Chromium, headless, with a new empty profile; never Playwright's downloaded browsers."""
    assert CHROMIUM.exists(), (
        f"{CHROMIUM} is missing: the browser tests need Debian's chromium. Install it as root with "
        "'apt-get update && apt-get install -y chromium' (scripts/setup.sh does this when run as root)."
    )
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 390, "height": 844},
        )
        yield context
        context.close()


@pytest.fixture
def page_problems() -> PageProblems:
    return PageProblems()


@pytest.fixture
def page(browser_context, page_problems: PageProblems, web_url: str, fake_rasa: FakeRasa):
    """A fresh tab (so a fresh session id) on the chat page, watched for errors and dialogs."""
    tab = browser_context.new_page()
    tab.on("pageerror", lambda error: page_problems.errors.append(str(error)))
    tab.on("console", lambda message: message.type == "error" and page_problems.console.append(message.text))

    def record_dialog(dialog) -> None:
        page_problems.dialogs.append(dialog.message)
        dialog.dismiss()

    tab.on("dialog", record_dialog)
    tab.set_viewport_size({"width": 390, "height": 844})
    tab.goto(web_url + "/")
    yield tab
    tab.close()
    assert page_problems.errors == [], page_problems.errors
    assert page_problems.dialogs == [], page_problems.dialogs
    assert page_problems.console_errors(allow_failed_requests=True) == [], page_problems.console
