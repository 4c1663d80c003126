CREATE TABLE "project_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"market_round_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_service_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"units" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"module" text,
	"broad_habitat" text,
	"habitat_type" text,
	"distinctiveness" text,
	"condition" text,
	"strategic_significance" text,
	"difficulty" text,
	"size" numeric,
	"size_unit" text,
	"mitigation_begins" date NOT NULL,
	"creation_date" date,
	"mitigation_duration" text,
	"area" numeric,
	"units" numeric,
	"years" integer,
	"standard_id" uuid,
	"decision" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"supplier_id" uuid NOT NULL,
	"agent_id" uuid,
	"type_id" uuid,
	"market_id" uuid,
	"market_round_id" uuid,
	"group_id" uuid,
	"is_fixed_term" boolean DEFAULT false NOT NULL,
	"mitigation_durations" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"location_credit_types" text[],
	"lpa_id" uuid,
	"nca_id" uuid,
	"subcatchment_id" uuid,
	"near_address" text,
	"grid_reference" text,
	"three_words" text,
	"baseline_units_lost" numeric,
	"years_to_target_condition" integer,
	"gains_per_year" jsonb,
	"maintenance" numeric,
	"market_operator_fee" numeric,
	"compliance_monitoring" numeric,
	"performance_monitoring" numeric,
	"offer" numeric,
	"offered_at" timestamp with time zone,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certification" jsonb,
	"certified_round_id" uuid,
	"changed_since_certified" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_groups" ADD CONSTRAINT "project_groups_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_groups" ADD CONSTRAINT "project_groups_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_groups" ADD CONSTRAINT "project_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_service_units" ADD CONSTRAINT "project_service_units_service_id_project_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."project_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_services" ADD CONSTRAINT "project_services_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_services" ADD CONSTRAINT "project_services_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_agent_id_organisations_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_type_id_project_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_group_id_project_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."project_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_lpa_id_lpas_id_fk" FOREIGN KEY ("lpa_id") REFERENCES "public"."lpas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_nca_id_ncas_id_fk" FOREIGN KEY ("nca_id") REFERENCES "public"."ncas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_subcatchment_id_subcatchments_id_fk" FOREIGN KEY ("subcatchment_id") REFERENCES "public"."subcatchments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_certified_round_id_market_rounds_id_fk" FOREIGN KEY ("certified_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_groups_round_idx" ON "project_groups" USING btree ("market_round_id");--> statement-breakpoint
CREATE INDEX "project_groups_supplier_idx" ON "project_groups" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "project_service_units_service_idx" ON "project_service_units" USING btree ("service_id","start");--> statement-breakpoint
CREATE INDEX "project_services_project_idx" ON "project_services" USING btree ("project_id","type");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "projects_status_name_idx" ON "projects" USING btree ("status","name");--> statement-breakpoint
CREATE INDEX "projects_round_name_idx" ON "projects" USING btree ("market_round_id","name");--> statement-breakpoint
CREATE INDEX "projects_supplier_idx" ON "projects" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "projects_type_idx" ON "projects" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "projects_lpa_idx" ON "projects" USING btree ("lpa_id");--> statement-breakpoint
CREATE INDEX "projects_group_idx" ON "projects" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "projects_service_types_idx" ON "projects" USING gin ("service_types");