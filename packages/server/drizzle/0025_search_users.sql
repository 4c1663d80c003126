CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The operator's search of users (as in 0023_search): a weighted full-text document kept out of the Drizzle table.
-- A: the name and the username; B: the e-mail address.
ALTER TABLE "users" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("display_name", '')), 'A') || setweight(to_tsvector('english', coalesce("username", '')), 'A') || setweight(to_tsvector('english', coalesce("email", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_document_idx" ON "users" USING gin ("search_document") WITH (fastupdate=false);
