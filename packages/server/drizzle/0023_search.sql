CREATE INDEX "organisations_name_trgm_idx" ON "organisations" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "project_groups_name_trgm_idx" ON "project_groups" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "requirement_groups_name_trgm_idx" ON "requirement_groups" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The search's weighted full-text documents (English stemming): generated from each record's words, GIN-indexed,
-- and kept out of the Drizzle tables so that no row select carries them. A: names and references; B: owners; C: places.
ALTER TABLE "projects" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("near_address", '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "projects_search_document_idx" ON "projects" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("planning_ref", '')), 'A') || setweight(to_tsvector('english', coalesce("buyer_name", '')), 'B') || setweight(to_tsvector('english', coalesce("near_address", '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "credit_requirements_search_document_idx" ON "credit_requirements" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "project_groups" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "project_groups_search_document_idx" ON "project_groups" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "requirement_groups" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "requirement_groups_search_document_idx" ON "requirement_groups" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("email", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "organisations_search_document_idx" ON "organisations" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("region", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "markets_search_document_idx" ON "markets" USING gin ("search_document") WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "market_rounds_search_document_idx" ON "market_rounds" USING gin ("search_document") WITH (fastupdate=false);
