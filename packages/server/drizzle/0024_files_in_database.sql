CREATE TABLE "file_chunks" (
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_storage_key_seq_pk" PRIMARY KEY("storage_key","seq")
);
