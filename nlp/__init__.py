"""The spaCy pipeline Rasa's NLU uses: tokenizer, sentencizer and an EntityRuler for the domain's terms."""
