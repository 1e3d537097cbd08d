"""`brbot setup delete` (docs/setups.md, "On the command line"): the operator takes any setup out of every list,
a private one of someone else's too; its versions stay, with the games played with them; an unknown or already
deleted setup is refused with the reason and a failing exit status."""

from __future__ import annotations

import asyncio

from bot.cli import main
from bot.db.models import SetupVersion
from bot.db.session import Database
from bot.services.setups import setups
from tests.cli.test_setup_import import migrated


def test_the_operator_deletes_a_setup_and_its_versions_stay(tmp_path, capsys):
    url = migrated(tmp_path)

    async def saved() -> tuple[int, int]:
        db = Database(url)
        try:
            info = await setups.save(db, ruleset="starcraft_mafia", name="Small town", settings={"day_vote": True},
                                     author_id=11, visibility="private")  # fmt: skip
            return info.id, info.latest.id
        finally:
            await db.dispose()

    setup_id, version_id = asyncio.run(saved())
    capsys.readouterr()
    assert main(["setup", "delete", str(setup_id), "--database", url]) == 0
    assert f"setup #{setup_id} Small town deleted" in capsys.readouterr().out
    assert main(["setup", "list", "--database", url]) == 0
    assert "Small town" not in capsys.readouterr().out
    assert main(["setup", "delete", str(setup_id), "--database", url]) == 1
    assert f"There is no setup #{setup_id} you can see." in capsys.readouterr().err
    assert main(["setup", "delete", "99", "--database", url]) == 1

    async def version() -> dict | None:
        db = Database(url)
        try:
            async with db.read() as session:
                found = await session.get(SetupVersion, version_id)
                return None if found is None else found.settings
        finally:
            await db.dispose()

    assert asyncio.run(version()) == {"day_vote": True}  # the record stays
