"""Persistence: SQLAlchemy models, the async engine and sessions."""
