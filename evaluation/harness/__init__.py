"""Play the independently written evaluation sets (evaluation/sets) through the running assistant and
grade the replies: ``python -m evaluation.harness.run`` (``make eval``). See run.py for the command line,
grading.py for the rules and phrases.py for every word list."""
