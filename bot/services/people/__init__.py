"""The people of a game: their records and profiles, seats changing hands, absence, private groups and the
spectators' thread."""
