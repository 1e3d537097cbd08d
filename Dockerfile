FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY engine ./engine
COPY bot ./bot
COPY migrations ./migrations
RUN pip install --no-cache-dir -e .
CMD ["sh", "-c", "brbot migrate && brbot run"]
