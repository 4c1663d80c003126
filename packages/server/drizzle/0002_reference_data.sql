CREATE TABLE "declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"category" text NOT NULL,
	"is_for_agents" boolean DEFAULT false NOT NULL,
	"is_for_participants" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declarations_audience_check" CHECK ("declarations"."is_for_agents" or "declarations"."is_for_participants")
);
--> statement-breakpoint
CREATE TABLE "habitats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module" text NOT NULL,
	"broad_habitat" text,
	"habitat_type" text NOT NULL,
	"distinctiveness" text NOT NULL,
	"distinctiveness_score" integer NOT NULL,
	"trading_rule" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lpas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"authority_type" text NOT NULL,
	"lad_code" text,
	"current" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"neighbour_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lpas_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ncas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ncas_number_check" CHECK ("ncas"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"incompatible_with_current_service" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_data_seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"row_count" integer NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standard_id" uuid NOT NULL,
	"version" text NOT NULL,
	"effective_date" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcatchments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"nutrient" text NOT NULL,
	"designated_sites" text,
	"lpa_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standard_versions" ADD CONSTRAINT "standard_versions_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declarations_category_idx" ON "declarations" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "habitats_identity_idx" ON "habitats" USING btree ("module",coalesce("broad_habitat", ''),"habitat_type");--> statement-breakpoint
CREATE INDEX "habitats_broad_idx" ON "habitats" USING btree ("module","broad_habitat");--> statement-breakpoint
CREATE INDEX "lpas_name_idx" ON "lpas" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ncas_number_idx" ON "ncas" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "project_types_name_lower_idx" ON "project_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "standard_versions_label_idx" ON "standard_versions" USING btree ("standard_id",lower("version"));--> statement-breakpoint
CREATE UNIQUE INDEX "standards_name_lower_idx" ON "standards" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subcatchments_name_lower_idx" ON "subcatchments" USING btree (lower("name"));