CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_name" text NOT NULL,
	"batch_number" text NOT NULL,
	"produced_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"coa_url" text,
	"lab_name" text DEFAULT '' NOT NULL,
	"tested_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_batch_number_unique" UNIQUE("batch_number")
);
--> statement-breakpoint
CREATE TABLE "serial_clients" (
	"serial_id" uuid NOT NULL,
	"client_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serial_clients_serial_id_client_hash_pk" PRIMARY KEY("serial_id","client_hash")
);
--> statement-breakpoint
CREATE TABLE "serials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code" text NOT NULL,
	"first_verified_at" timestamp with time zone,
	"lookup_count" integer DEFAULT 0 NOT NULL,
	"client_count" integer DEFAULT 0 NOT NULL,
	"flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serials_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "validity_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "validity_lookups" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "validity_lookups" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "validity_lookups" ADD COLUMN "serial_id" uuid;--> statement-breakpoint
ALTER TABLE "serial_clients" ADD CONSTRAINT "serial_clients_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serials_batch_idx" ON "serials" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "serials_flagged_idx" ON "serials" USING btree ("flagged_at");--> statement-breakpoint
ALTER TABLE "validity_codes" ADD CONSTRAINT "validity_codes_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validity_lookups" ADD CONSTRAINT "validity_lookups_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validity_lookups" ADD CONSTRAINT "validity_lookups_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE set null ON UPDATE no action;