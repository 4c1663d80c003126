CREATE TABLE "agent_authorities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"client_organisation_id" uuid NOT NULL,
	"agent_organisation_id" uuid NOT NULL,
	"authority_to_act_file_id" uuid,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"approved" boolean,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_clients" (
	"agent_organisation_id" uuid NOT NULL,
	"client_organisation_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_clients_agent_organisation_id_client_organisation_id_pk" PRIMARY KEY("agent_organisation_id","client_organisation_id")
);
--> statement-breakpoint
CREATE TABLE "market_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"capacity" text NOT NULL,
	"status" text NOT NULL,
	"agent_organisation_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"action" text NOT NULL,
	"title" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"actor_organisation_id" uuid,
	"status_before" text,
	"status_after" text,
	"details" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_client_organisation_id_organisations_id_fk" FOREIGN KEY ("client_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_agent_organisation_id_organisations_id_fk" FOREIGN KEY ("agent_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_authority_to_act_file_id_files_id_fk" FOREIGN KEY ("authority_to_act_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clients" ADD CONSTRAINT "agent_clients_agent_organisation_id_organisations_id_fk" FOREIGN KEY ("agent_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clients" ADD CONSTRAINT "agent_clients_client_organisation_id_organisations_id_fk" FOREIGN KEY ("client_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_clients" ADD CONSTRAINT "agent_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD CONSTRAINT "market_rounds_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_agent_organisation_id_organisations_id_fk" FOREIGN KEY ("agent_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_authorities_round_client_agent_idx" ON "agent_authorities" USING btree ("market_round_id","client_organisation_id","agent_organisation_id");--> statement-breakpoint
CREATE INDEX "agent_authorities_agent_idx" ON "agent_authorities" USING btree ("agent_organisation_id");--> statement-breakpoint
CREATE INDEX "agent_authorities_client_idx" ON "agent_authorities" USING btree ("client_organisation_id");--> statement-breakpoint
CREATE INDEX "agent_clients_client_idx" ON "agent_clients" USING btree ("client_organisation_id");--> statement-breakpoint
CREATE INDEX "market_rounds_market_idx" ON "market_rounds" USING btree ("market_id");--> statement-breakpoint
CREATE UNIQUE INDEX "participations_round_organisation_capacity_idx" ON "participations" USING btree ("market_round_id","organisation_id","capacity");--> statement-breakpoint
CREATE INDEX "participations_organisation_idx" ON "participations" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "activity_subject_idx" ON "activity" USING btree ("subject_type","subject_id","at");