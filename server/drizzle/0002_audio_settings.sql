CREATE TABLE "hold_music_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"custom_audio" boolean DEFAULT false NOT NULL,
	"storage_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_music_settings_custom_has_audio" CHECK (not "hold_music_settings"."custom_audio" or "hold_music_settings"."storage_key" is not null)
);
--> statement-breakpoint
CREATE TABLE "voicemail_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"custom_audio" boolean DEFAULT false NOT NULL,
	"greeting_storage_key" text,
	"greeting_tts_text" text,
	"greeting_tts_voice" text,
	"voicemail_delay" boolean DEFAULT false NOT NULL,
	"voicemail_to_email_enabled" boolean DEFAULT false NOT NULL,
	"voicemail_to_email_address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voicemail_settings_custom_has_audio" CHECK (not "voicemail_settings"."custom_audio" or "voicemail_settings"."greeting_storage_key" is not null),
	CONSTRAINT "voicemail_settings_tts_voice" CHECK ("voicemail_settings"."greeting_tts_voice" is null or "voicemail_settings"."greeting_tts_voice" in ('female', 'male'))
);
--> statement-breakpoint
ALTER TABLE "hold_music_settings" ADD CONSTRAINT "hold_music_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemail_settings" ADD CONSTRAINT "voicemail_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;