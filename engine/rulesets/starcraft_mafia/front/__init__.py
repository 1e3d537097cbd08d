"""What the front ends show of StarCraft Mafia: commands, choosers, orders in words, cards, posts, the
moderators' actions, computer players and studies (no Discord, no database). `game.FRONT` puts them together."""
