"""One router per area: the chat API, the health check, and the page itself."""
