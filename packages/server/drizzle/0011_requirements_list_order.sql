DROP INDEX "credit_requirements_round_idx";--> statement-breakpoint
DROP INDEX "credit_requirements_status_idx";--> statement-breakpoint
DROP INDEX "credit_requirements_created_idx";--> statement-breakpoint
DROP INDEX "credit_requirements_name_idx";--> statement-breakpoint
CREATE INDEX "credit_requirements_round_idx" ON "credit_requirements" USING btree ("market_round_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_requirements_status_idx" ON "credit_requirements" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_requirements_created_idx" ON "credit_requirements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "credit_requirements_name_idx" ON "credit_requirements" USING btree ("name","id");