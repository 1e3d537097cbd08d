"""Moderators' use cases: setting a game up and looking ahead (game_admin), acting in play (moderation)."""
