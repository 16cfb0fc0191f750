"""The residents' web chat: a FastAPI app serving the chat page and relaying it to Rasa's REST channel."""
