"""The action server's executor: every action runs in the conversation's language, and an action that
fails still answers the user (an empty reply on SMS is a user left waiting)."""

from __future__ import annotations

import asyncio

from rasa_sdk import Action

from actions.channel import LanguageExecutor


class _Broken(Action):
    def name(self) -> str:
        return "action_broken_for_test"

    async def run(self, dispatcher, tracker, domain):
        raise ValueError("a bug")


def _call(language: str) -> dict:
    return {
        "next_action": "action_broken_for_test",
        "sender_id": "t",
        "tracker": {"sender_id": "t", "slots": {"language": language}, "latest_message": {}, "events": []},
        "domain": {},
    }


def test_an_action_that_fails_still_answers_in_the_user_s_language(caplog):
    executor = LanguageExecutor()
    executor.register_action(_Broken())
    english = asyncio.run(executor.run(_call("en")))
    spanish = asyncio.run(executor.run(_call("es")))
    assert english.events == [] and english.responses[0]["text"].startswith("Sorry, something went wrong")
    assert spanish.responses[0]["text"].startswith("Perdón, algo falló")
    assert "action_broken_for_test failed" in caplog.text
