CREATE TYPE "public"."creator_ledger_kind" AS ENUM('accrual', 'clawback', 'payout');--> statement-breakpoint
CREATE TABLE "creator_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"kind" "creator_ledger_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"source_key" text NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"base_cents" integer,
	"basis_points" integer,
	"note" text DEFAULT '' NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_ledger_amount_non_zero" CHECK ("creator_ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "creator_ledger_sign" CHECK (("creator_ledger_entries"."kind" = 'accrual' and "creator_ledger_entries"."amount_cents" > 0) or ("creator_ledger_entries"."kind" <> 'accrual' and "creator_ledger_entries"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "creator_payout_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_payouts_amount_positive" CHECK ("creator_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "creator_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_ledger_entries" ADD CONSTRAINT "creator_ledger_entries_creator_id_content_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."content_creators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_ledger_entries" ADD CONSTRAINT "creator_ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_ledger_entries" ADD CONSTRAINT "creator_ledger_entries_payout_id_creator_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."creator_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payout_entries" ADD CONSTRAINT "creator_payout_entries_entry_id_creator_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."creator_ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payout_entries" ADD CONSTRAINT "creator_payout_entries_payout_id_creator_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."creator_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD CONSTRAINT "creator_payouts_creator_id_content_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."content_creators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD CONSTRAINT "creator_payouts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_sessions" ADD CONSTRAINT "creator_sessions_creator_id_content_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."content_creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_ledger_source_idx" ON "creator_ledger_entries" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "creator_ledger_creator_idx" ON "creator_ledger_entries" USING btree ("creator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "creator_ledger_order_idx" ON "creator_ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "creator_payout_entries_payout_idx" ON "creator_payout_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_payouts_idempotency_key_idx" ON "creator_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "creator_payouts_creator_idx" ON "creator_payouts" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "creator_sessions_token_hash_idx" ON "creator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "creator_sessions_creator_idx" ON "creator_sessions" USING btree ("creator_id");--> statement-breakpoint
-- The ledger and the payout links are append-only (decision 040): a correction is a new entry.
CREATE OR REPLACE FUNCTION creator_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'creator commission records are append-only (% on %)', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER creator_ledger_entries_append_only BEFORE UPDATE OR DELETE ON "creator_ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION creator_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER creator_payout_entries_append_only BEFORE UPDATE OR DELETE ON "creator_payout_entries"
  FOR EACH ROW EXECUTE FUNCTION creator_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER creator_payouts_append_only BEFORE UPDATE OR DELETE ON "creator_payouts"
  FOR EACH ROW EXECUTE FUNCTION creator_ledger_append_only();
