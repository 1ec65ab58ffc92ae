CREATE TABLE "quickstarts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"show_popup" boolean DEFAULT true NOT NULL,
	"sections_completed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_feedback" text
);
--> statement-breakpoint
ALTER TABLE "quickstarts" ADD CONSTRAINT "quickstarts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each trial's quick start moves to its own row, as it was.
INSERT INTO "quickstarts" ("product_id", "show_popup", "sections_completed", "customer_feedback")
SELECT "product_id", "show_quickstart_popup", "quickstart_popup_sections_completed", "customer_feedback" FROM "trials";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "show_quickstart_popup";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "quickstart_popup_sections_completed";--> statement-breakpoint
ALTER TABLE "trials" DROP COLUMN "customer_feedback";