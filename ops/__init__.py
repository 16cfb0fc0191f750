"""Running the assistant's processes: start, health-check and stop them together."""
