"""What the front ends show of the card game (`FRONT` in game.py): commands, choices from the player's view,
orders in words, the status card, the picture of the grid and its text fallback, posts, computer players and
the balance studies. No Discord, no database; Pillow is imported only when a picture is drawn."""
