CREATE TABLE "solver_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"instance" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"result" jsonb,
	"engine_version" text NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"progress" jsonb,
	"reason" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"queued_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "solver_tasks" ADD CONSTRAINT "solver_tasks_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solver_tasks_round_idx" ON "solver_tasks" USING btree ("market_round_id");--> statement-breakpoint
CREATE INDEX "solver_tasks_status_idx" ON "solver_tasks" USING btree ("status","queued_at");