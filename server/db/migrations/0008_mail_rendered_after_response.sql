ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "props" jsonb;--> statement-breakpoint
CREATE INDEX "mail_outbox_unrendered_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."html" is null;