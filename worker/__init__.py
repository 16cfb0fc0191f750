"""Background work, in its own process (``python -m worker``): the outbox (notifications to city staff and
reporters), abandoned-report flagging, pump-out reminder texts and data retention.

The supervisor (``ops/stack.py``) starts it beside Rasa, the action server and the web app; nothing it does
runs inside a request.
"""
