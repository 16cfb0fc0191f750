"""Custom actions for the Rasa assistant.

Thin: read slots, call knowledge/ or compliance/, shape the reply for the channel.
"""
