"""Twilio SMS, Twilio voice and web chat channels; pure builders here, Rasa connectors beside them."""
