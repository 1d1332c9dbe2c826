CREATE TABLE "attached_order_notices" (
	"user_id" text PRIMARY KEY NOT NULL,
	"order_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attached_order_notices" ADD CONSTRAINT "attached_order_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;