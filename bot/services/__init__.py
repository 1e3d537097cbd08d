"""Use cases shared by the Discord cogs and the `brbot` command line: plain async functions over the database."""
