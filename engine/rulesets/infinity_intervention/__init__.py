"""Infinity: Intervention combat (GM-run, one post at a time, face-offs, Infinity Points and Heat), pure.

Not registered yet: the Discord front and the GM tools come in a later session. Modules: `settings` (the
rulings' house rules), `catalog` (items and roster YAML, the sheet schema), `state`, `orders`, `rolls` (TN,
critical range, saves), `faceoff`, `attack`, `post` (one post's actions), `turns` (post order, turns, the end),
`script` (scripted actors), `heat` (moderator actions), `view`, `texts`, `ruleset` (the contract).
"""
