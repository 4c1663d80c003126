CREATE TABLE "credit_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"buyer_id" uuid NOT NULL,
	"agent_id" uuid,
	"market_id" uuid,
	"market_round_id" uuid,
	"credit_type" text,
	"nutrient_type" text,
	"nutrient_ongoing_units" numeric,
	"nutrient_additional_units" numeric,
	"nutrient_accept_ongoing_only" boolean,
	"bio_broad_habitat" text,
	"bio_habitat_type" text,
	"bio_distinctiveness" text,
	"bio_units" numeric,
	"bio_is_divisible" boolean,
	"development_credit_type" text,
	"planning_ref" text,
	"redemption_date" date,
	"lpa_id" uuid,
	"nca_id" uuid,
	"subcatchment_id" uuid,
	"near_address" text,
	"grid_reference" text,
	"three_words" text,
	"local_only" boolean DEFAULT false NOT NULL,
	"investor_units" numeric,
	"investor_is_divisible" boolean,
	"investor_module" text,
	"investor_distinctiveness" text,
	"investor_broad_habitat" text,
	"credit_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"units" numeric DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_bids" (
	"requirement_id" uuid PRIMARY KEY NOT NULL,
	"bid" numeric NOT NULL,
	"accept_ongoing_only" boolean DEFAULT false NOT NULL,
	"bid_ongoing_only" numeric,
	"set_by" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requirement_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"required_units" numeric NOT NULL,
	"actual_units" numeric,
	"is_permanent" boolean NOT NULL,
	"years" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_group_members" (
	"group_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	CONSTRAINT "requirement_group_members_group_id_requirement_id_pk" PRIMARY KEY("group_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "requirement_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"market_round_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_buyer_id_organisations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_agent_id_organisations_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_lpa_id_lpas_id_fk" FOREIGN KEY ("lpa_id") REFERENCES "public"."lpas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_nca_id_ncas_id_fk" FOREIGN KEY ("nca_id") REFERENCES "public"."ncas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_subcatchment_id_subcatchments_id_fk" FOREIGN KEY ("subcatchment_id") REFERENCES "public"."subcatchments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_requirements" ADD CONSTRAINT "credit_requirements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_bids" ADD CONSTRAINT "requirement_bids_requirement_id_credit_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."credit_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_bids" ADD CONSTRAINT "requirement_bids_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_credits" ADD CONSTRAINT "requirement_credits_requirement_id_credit_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."credit_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_group_members" ADD CONSTRAINT "requirement_group_members_group_id_requirement_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."requirement_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_group_members" ADD CONSTRAINT "requirement_group_members_requirement_id_credit_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."credit_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_groups" ADD CONSTRAINT "requirement_groups_buyer_id_organisations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_groups" ADD CONSTRAINT "requirement_groups_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_groups" ADD CONSTRAINT "requirement_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_requirements_buyer_idx" ON "credit_requirements" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "credit_requirements_round_idx" ON "credit_requirements" USING btree ("market_round_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_requirements_status_idx" ON "credit_requirements" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "credit_requirements_lpa_idx" ON "credit_requirements" USING btree ("lpa_id");--> statement-breakpoint
CREATE INDEX "credit_requirements_created_idx" ON "credit_requirements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_requirements_name_idx" ON "credit_requirements" USING btree ("name");--> statement-breakpoint
CREATE INDEX "credit_requirements_credit_types_idx" ON "credit_requirements" USING gin ("credit_types");--> statement-breakpoint
CREATE INDEX "requirement_credits_requirement_idx" ON "requirement_credits" USING btree ("requirement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_group_members_requirement_idx" ON "requirement_group_members" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "requirement_groups_buyer_idx" ON "requirement_groups" USING btree ("buyer_id");