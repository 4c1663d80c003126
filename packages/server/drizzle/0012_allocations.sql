CREATE TABLE "allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"solver_task_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"requirement_credit_id" uuid,
	"year" integer NOT NULL,
	"units" numeric(14, 2) NOT NULL,
	"multiplier" numeric(4, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"party" text NOT NULL,
	"party_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"fees_pence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reserved_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"credit_type" text NOT NULL,
	"year" integer NOT NULL,
	"units" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_solver_task_id_solver_tasks_id_fk" FOREIGN KEY ("solver_task_id") REFERENCES "public"."solver_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserved_credits" ADD CONSTRAINT "reserved_credits_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocations_round_idx" ON "allocations" USING btree ("market_round_id");--> statement-breakpoint
CREATE INDEX "allocations_project_idx" ON "allocations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "allocations_requirement_idx" ON "allocations" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "payments_round_idx" ON "payments" USING btree ("market_round_id");--> statement-breakpoint
CREATE INDEX "payments_party_idx" ON "payments" USING btree ("party","party_id");--> statement-breakpoint
CREATE INDEX "reserved_credits_round_idx" ON "reserved_credits" USING btree ("market_round_id");