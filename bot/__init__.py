"""The Discord side of brbot: database, services, delivery, cogs and the `brbot` command line."""
