"""A player's orders and actions: given, checked and stored with their receipts, by command, form or step button;
trading, /roll, and the pacing that says whose orders a step awaits."""
