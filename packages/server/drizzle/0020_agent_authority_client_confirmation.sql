ALTER TABLE "agent_authorities" ADD COLUMN "client_confirmation" text DEFAULT 'NotAsked' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD COLUMN "client_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD COLUMN "client_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_client_confirmed_by_users_id_fk" FOREIGN KEY ("client_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_authorities" ADD CONSTRAINT "agent_authorities_client_confirmation_check" CHECK ("agent_authorities"."client_confirmation" in ('NotAsked', 'Pending', 'Confirmed', 'Declined'));