CREATE TABLE "voip_user_add_ons" (
	"voip_user_id" integer NOT NULL,
	"add_on_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voip_user_add_ons_voip_user_id_add_on_id_pk" PRIMARY KEY("voip_user_id","add_on_id")
);
--> statement-breakpoint
ALTER TABLE "voip_user_add_ons" ADD CONSTRAINT "voip_user_add_ons_voip_user_id_voip_users_id_fk" FOREIGN KEY ("voip_user_id") REFERENCES "public"."voip_users"("id") ON DELETE cascade ON UPDATE no action;