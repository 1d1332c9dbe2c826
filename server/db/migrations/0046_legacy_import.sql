CREATE TABLE "creator_password_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_password_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "legacy_import_ids" (
	"source" text NOT NULL,
	"old_id" text NOT NULL,
	"new_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_import_ids_source_old_id_pk" PRIMARY KEY("source","old_id")
);
--> statement-breakpoint
ALTER TABLE "creator_password_links" ADD CONSTRAINT "creator_password_links_creator_id_content_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."content_creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_password_links_creator_idx" ON "creator_password_links" USING btree ("creator_id");