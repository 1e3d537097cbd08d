"""The rendering layer: one module per thing a person sees, holding its lines, its strings and its buttons, so
changing how it looks is one file. The services hand a screen data (who is in a lobby, how many are ready) and
it says how that reads; the strings stay in the one catalogue (`bot.texts` takes each screen's `TEXTS` into
it), and the buttons are plain specs the Discord layer turns into components (`bot.ui.buttons`).

Screens: `lobby` (a game's sign-up message), `muster` (its announcement, each player's DM with Ready, the
answers and the drops), `orders` (an order's confirmation, however it was given, and /orders with its receipts
and Withdraw), `profile` (/profile and /leaderboard), `step_post` (a step's post in the channel, as Components V2
messages within Discord's limits), `status` (/status: the deadline line and the game's cards) and `refusal` (a
refusal as its reason, the apology for anything unforeseen, the refusals every feature shares). Beside them,
`parts` (a button as a plain spec) and `split` (text cut to Discord's lengths at line breaks, then sentences);
the features' own replies read as their catalogue modules say (docs/bot.md, "One home per screen").
"""
