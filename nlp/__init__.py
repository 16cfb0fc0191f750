"""The spaCy pipeline Rasa's NLU uses: a tokenizer, a sentencizer and an EntityRuler for city names."""
