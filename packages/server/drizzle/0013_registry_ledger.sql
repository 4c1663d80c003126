CREATE TABLE "balancing_shortfalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"allocation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"requirement_credit_id" uuid,
	"credit_type" text NOT NULL,
	"year" integer NOT NULL,
	"units" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"credit_type" text NOT NULL,
	"units" numeric(14, 2) NOT NULL,
	"requirement_credit_id" uuid,
	"reserved_credit_id" uuid,
	"project_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "origin" text DEFAULT 'Clearing' NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "reserved_credit_id" uuid;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "replaces_allocation_id" uuid;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balancing_shortfalls" ADD CONSTRAINT "balancing_shortfalls_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balancing_shortfalls" ADD CONSTRAINT "balancing_shortfalls_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_events" ADD CONSTRAINT "credit_events_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balancing_shortfalls_round_idx" ON "balancing_shortfalls" USING btree ("market_round_id");--> statement-breakpoint
CREATE INDEX "credit_events_round_idx" ON "credit_events" USING btree ("market_round_id","at");--> statement-breakpoint
CREATE INDEX "credit_events_requirement_credit_idx" ON "credit_events" USING btree ("requirement_credit_id");--> statement-breakpoint
CREATE INDEX "allocations_reserved_credit_idx" ON "allocations" USING btree ("reserved_credit_id");