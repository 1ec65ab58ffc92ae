CREATE TABLE "getting_started_progress" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"pin_set_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voip_users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "getting_started_progress" ADD CONSTRAINT "getting_started_progress_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;