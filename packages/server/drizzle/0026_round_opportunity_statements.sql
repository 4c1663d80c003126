CREATE TABLE "round_opportunity_statements" (
	"market_round_id" uuid PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "round_opportunity_statements" ADD CONSTRAINT "round_opportunity_statements_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_opportunity_statements" ADD CONSTRAINT "round_opportunity_statements_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;