"""The words of a given order, shared by the slash commands and the step buttons (`bot.ui.buttons.StepPress`,
whose click gives the order the command named by the button would: the answer is the command's own)."""

from __future__ import annotations

from bot.ui.text import ui


def order_text(given) -> str:
    """A given order in words with its receipt (`commands.Given`), as the slash command and the button say it."""
    if given.reply:
        return ui("order_reply", reply=given.reply, step=given.submitted.step, receipt=given.submitted.receipt)
    return ui(
        "free_removed" if given.removed else "order_saved",
        step=given.submitted.step,
        summary="; ".join(given.summary),
        receipt=given.submitted.receipt,
    )
