"""The Discord-facing layer: replies, game context, checks, autocomplete, buttons, pictures, text."""
