"""The foundations every room of bot.services uses: refusals, limits, rights, fair seeds and their checks,
deadlines, which game a command is about, loading a game and its snapshot, the community settings."""
