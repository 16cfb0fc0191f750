"""Background work, in its own process (``python -m worker``): pump-out reminder texts.

The supervisor (``ops/stack.py``) starts it beside Rasa, the action server and the web app; nothing it does
runs inside a request.
"""
