"""Buttons' labels shared by several messages (Accept, Decline, Withdraw)."""

TEXTS: dict[str, str] = {
    "button_accept": "Accept",
    "button_decline": "Decline",
}
