CREATE TABLE "nca_neighbours" (
	"nca_id" uuid NOT NULL,
	"neighbour_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nca_neighbours_nca_id_neighbour_id_pk" PRIMARY KEY("nca_id","neighbour_id"),
	CONSTRAINT "nca_neighbours_not_self_check" CHECK ("nca_neighbours"."nca_id" <> "nca_neighbours"."neighbour_id")
);
--> statement-breakpoint
ALTER TABLE "nca_neighbours" ADD CONSTRAINT "nca_neighbours_nca_id_ncas_id_fk" FOREIGN KEY ("nca_id") REFERENCES "public"."ncas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_neighbours" ADD CONSTRAINT "nca_neighbours_neighbour_id_ncas_id_fk" FOREIGN KEY ("neighbour_id") REFERENCES "public"."ncas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nca_neighbours_neighbour_idx" ON "nca_neighbours" USING btree ("neighbour_id");