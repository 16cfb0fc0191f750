"""Presentation, pure: SMS splitting and segments, speech wording, TwiML, carrier keywords, sentences."""
