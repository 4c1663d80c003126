CREATE TABLE "round_declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"market_round_id" uuid NOT NULL,
	"declaration_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "standard_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "project_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "nca_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "lpa_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "subcatchment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "bidder_type" text DEFAULT 'BuyersAndInvestors' NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "amp_end" date;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "registration_dates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "reserve_percentage" numeric;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "reserve_applies_to" text;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "reserve_agreed_with_emb" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market_rounds" ADD COLUMN "solver_time_limit_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "buyer_share_of_surplus" numeric DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "default_reserve_percentage" numeric;--> statement-breakpoint
ALTER TABLE "round_declarations" ADD CONSTRAINT "round_declarations_market_round_id_market_rounds_id_fk" FOREIGN KEY ("market_round_id") REFERENCES "public"."market_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_declarations" ADD CONSTRAINT "round_declarations_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "round_declarations_round_declaration_idx" ON "round_declarations" USING btree ("market_round_id","declaration_id");