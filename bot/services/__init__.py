"""Use cases shared by the Discord cogs, the web site and the `brbot` command line: plain async functions over
the database, in rooms by what they serve. Each room imports only the rooms beneath it (top to bottom):

- `moderators`: setting a game up (`game_admin`) and acting in play (`moderation`);
- `steps`: a step resolved exactly once (`resolution`), a paused game resumed, the deadline loop's pass
  (`scheduler`), a whole game played by computer players (`simulation`);
- `setups`: a community's own versions of a game, saved, shared, their balance predicted and measured (a
  game's data file read as `signup` reads it);
- `signup`: games created and joined (`games`), the muster and its DM, the lobby, sheets and data files;
- `pages`: what the web site may show of a game (`public_pages`) and its words;
- `orders`: a player's orders and actions, their checks and receipts, the forms and step buttons that give
  them, trading, `/roll`, and the pacing that says whose orders a step awaits;
- `people`: players' records and profiles, seats changing hands, absence, private groups and spectators;
- `base`: the foundations every room uses: refusals (`errors`), limits, rights, fair seeds and their checks
  (`fairness`, `replaying`, `verification`), deadlines (`due`), which game a command is about (`lookup`),
  loading a game (`common`), snapshots, and the community settings every game has.
"""
