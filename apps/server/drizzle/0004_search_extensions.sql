-- Trigram search (`q` on lists) and btree columns inside GIN indexes, so a search index can
-- lead with firm_id. Both extensions are "trusted": the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
