-- Trigram matching for the lists' contains-search (ILIKE '%q%'): the extension the trigram indexes use.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
