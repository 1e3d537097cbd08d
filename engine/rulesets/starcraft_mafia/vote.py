"""The lynch vote (rulings, "The day": `day_vote`; "when on, after step 7 the player with strictly the most
votes, at least 2, dies").

`lynch(state, votes)` runs after step 7's combat on the resolution's copy of the state: it counts the votes of
the voters still alive for targets still alive, posts the tally publicly (voters named, as a mafia moderator
posts a vote count), and kills the player with strictly the most votes when he has at least 2. Decisions
(docs/rules/starcraft-mafia.md): a vote is an extra order, not an action (it costs no fatigue, it survives a
scuffle); a voter or a target killed in step 7 no longer counts; a vote for oneself is refused at submission.
"""

from __future__ import annotations

from engine.events import PUBLIC, Event
from engine.keyed import joined
from engine.rulesets.starcraft_mafia.state import SCMState
from engine.rulesets.starcraft_mafia.texts import listing, say

MIN_VOTES = 2


def count(state: SCMState, votes: dict[str, str]) -> dict[str, list[str]]:
    """Target seat -> the voters' seats, in seat order: only living voters' votes for living targets."""
    tally: dict[str, list[str]] = {}
    for voter in sorted(votes):
        target = votes[voter]
        v, t = state.players.get(voter), state.players.get(target)
        if v is not None and t is not None and v.alive and t.alive:
            tally.setdefault(target, []).append(voter)
    return tally


def chosen(tally: dict[str, list[str]]) -> str | None:
    """The seat with strictly the most votes, if it has at least `MIN_VOTES`; else None."""
    if not tally:
        return None
    most = max(len(v) for v in tally.values())
    top = [t for t, v in tally.items() if len(v) == most]
    return top[0] if len(top) == 1 and most >= MIN_VOTES else None


def lynch(state: SCMState, votes: dict[str, str]) -> tuple[str | None, list[Event]]:
    """The vote's result: (the seat that dies, or None; the public tally). The death itself is posted at step 9
    with the other deaths (cause "the vote"); an infested dies in both forms."""
    if not votes:
        return None, []
    tally = count(state, votes)
    names = state.players
    lines = [
        say("vote_line", name=names[t].name, votes=len(v), voters=listing([names[x].name for x in v]))
        for t, v in sorted(tally.items(), key=lambda tv: (-len(tv[1]), tv[0]))
    ]
    dead = chosen(tally)
    if dead is not None:
        p = state.players[dead]
        p.alive = False
        if p.infested:
            p.zerg_hp = 0
        outcome = say("vote_lynched", name=p.name, votes=len(tally[dead]))
    else:
        outcome = say("vote_nobody", minimum=MIN_VOTES)
    text = say("vote_tally", lines=joined("\n", lines) or say("vote_none_counted"), outcome=outcome)
    data = {"tally": tally, "lynched": dead}
    return dead, [Event(kind="vote", audience=PUBLIC, text=text, data=data, day=state.day, phase="day")]
