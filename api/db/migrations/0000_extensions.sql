-- Trigram indexes back substring search on series.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
