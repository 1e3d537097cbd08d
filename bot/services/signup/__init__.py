"""A game from its creation to its start: sign-ups, the muster and its DM, the lobby, players' sheets and
moderators' data files."""
