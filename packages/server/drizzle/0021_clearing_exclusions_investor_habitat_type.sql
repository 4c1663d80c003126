ALTER TABLE "projects" ADD COLUMN "clearing_exclusion_reason" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "clearing_excluded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD COLUMN "investor_habitat_type" text;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD COLUMN "clearing_exclusion_reason" text;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD COLUMN "clearing_excluded_at" timestamp with time zone;