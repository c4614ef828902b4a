-- Global search (portal shell issue) matches parts of names through a trigram index, not a table scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
