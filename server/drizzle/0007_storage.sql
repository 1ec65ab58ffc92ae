CREATE TABLE "speech_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"size_bytes" bigint NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_audio" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "speech_cache_last_used_at_idx" ON "speech_cache" USING btree ("last_used_at");