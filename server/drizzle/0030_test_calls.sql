CREATE TABLE "test_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"flow_id" integer NOT NULL,
	"flow_version" integer NOT NULL,
	"token_hash" text NOT NULL,
	"flow" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"holidays" jsonb NOT NULL,
	"names" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"moments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ended_at" timestamp with time zone,
	"path" jsonb,
	"outcome" jsonb,
	"end_reason" text,
	"duration_ms" integer,
	"voicemail_key" text,
	CONSTRAINT "test_calls_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "test_calls" ADD CONSTRAINT "test_calls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_calls" ADD CONSTRAINT "test_calls_flow_id_call_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."call_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_calls_product_idx" ON "test_calls" USING btree ("product_id","created_at");