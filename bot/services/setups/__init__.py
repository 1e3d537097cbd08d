"""Setups: a community's own versions of a game, saved, versioned and shared (docs/setups.md)."""
