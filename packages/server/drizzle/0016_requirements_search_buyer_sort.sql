DROP INDEX "credit_requirements_credit_types_idx";--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD COLUMN "buyer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_requirements_buyer_name_idx" ON "credit_requirements" USING btree ("buyer_name","id");--> statement-breakpoint
CREATE INDEX "credit_requirements_name_trgm_idx" ON "credit_requirements" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "credit_requirements_planning_ref_trgm_idx" ON "credit_requirements" USING gin ("planning_ref" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "credit_requirements_credit_types_idx" ON "credit_requirements" USING gin ("credit_types") WITH (fastupdate=false);