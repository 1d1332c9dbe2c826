CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email_key" text NOT NULL,
	"name" text,
	"phone" text,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"subscriber" boolean DEFAULT false NOT NULL,
	"accepts_marketing" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key_idx" ON "customers" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "customers_newest_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_last_order_idx" ON "customers" USING btree (coalesce("last_order_at", '-infinity'::timestamptz) desc,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_spent_idx" ON "customers" USING btree ("total_spent_cents" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_orders_idx" ON "customers" USING btree ("order_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));--> statement-breakpoint
-- Keeps the customers table (server/db/schema/customers.ts, decision 054) exact: every change to a
-- paid order, a customer account, a subscription or a marketing consent recomputes the one
-- customer it concerns, in the same transaction. A customer is a customer account (role
-- 'customer') with its orders and the paid guest orders placed with its address, or — when no
-- account has the address — the address of paid guest orders alone.

CREATE FUNCTION customers_refresh_email(p_key text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_user text;
  v_count integer;
  v_spent bigint;
  v_last timestamptz;
  v_first timestamptz;
  v_name text;
  v_phone text;
BEGIN
  IF p_key IS NULL OR p_key = '' THEN RETURN; END IF;
  -- Two orders of one customer paid at once: the second waits, then counts the first (its next
  -- statement sees what the first committed), so the figures never miss one.
  PERFORM pg_advisory_xact_lock(hashtext('customers:' || p_key));
  SELECT id INTO v_user FROM "user" WHERE lower(email) = p_key AND role = 'customer' LIMIT 1;
  IF FOUND THEN
    PERFORM customers_refresh_account(v_user);
    RETURN;
  END IF;
  SELECT count(*), coalesce(sum(total_cents - refunded_cents), 0), max(created_at), min(created_at),
         (array_agg(name ORDER BY created_at DESC) FILTER (WHERE name IS NOT NULL))[1],
         (array_agg(phone ORDER BY created_at DESC) FILTER (WHERE phone IS NOT NULL))[1]
    INTO v_count, v_spent, v_last, v_first, v_name, v_phone
    FROM orders WHERE user_id IS NULL AND payment_status = 'paid' AND lower(email) = p_key;
  IF v_count = 0 THEN
    DELETE FROM customers WHERE email_key = p_key AND user_id IS NULL;
    RETURN;
  END IF;
  INSERT INTO customers AS c (email_key, name, phone, order_count, total_spent_cents, last_order_at,
                              subscriber, accepts_marketing, created_at)
  VALUES (p_key, v_name, v_phone, v_count, v_spent, v_last, false,
          EXISTS (SELECT 1 FROM marketing_contacts m WHERE m.email = p_key AND m.status = 'subscribed'),
          v_first)
  ON CONFLICT (email_key) DO UPDATE SET
    name = excluded.name, phone = excluded.phone, order_count = excluded.order_count,
    total_spent_cents = excluded.total_spent_cents, last_order_at = excluded.last_order_at,
    accepts_marketing = excluded.accepts_marketing;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION customers_refresh_account(p_user_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_name text;
  v_email text;
  v_role text;
  v_created timestamptz;
  v_key text;
  v_note text;
  v_tags text[];
BEGIN
  IF p_user_id IS NULL THEN RETURN; END IF;
  SELECT name, email, role, created_at INTO v_name, v_email, v_role, v_created FROM "user" WHERE id = p_user_id;
  IF NOT FOUND OR v_role <> 'customer' THEN
    -- A deleted account, or one that became staff: its guest orders stand alone again.
    DELETE FROM customers WHERE user_id = p_user_id;
    IF FOUND THEN PERFORM customers_refresh_email(lower(v_email)); END IF;
    RETURN;
  END IF;
  v_key := lower(v_email);
  PERFORM pg_advisory_xact_lock(hashtext('customers:' || v_key));
  -- The address's guest row joins the account, with its note and tags.
  DELETE FROM customers WHERE email_key = v_key AND user_id IS NULL RETURNING note, tags INTO v_note, v_tags;
  INSERT INTO customers AS c (user_id, email_key, name, phone, order_count, total_spent_cents,
                              last_order_at, subscriber, accepts_marketing, note, tags, created_at)
  SELECT p_user_id, v_key, v_name, o.phone, o.n, o.spent, o.last,
         EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = p_user_id AND s.status IN ('active', 'past_due')),
         EXISTS (SELECT 1 FROM marketing_contacts m WHERE m.email = v_key AND m.status = 'subscribed'),
         coalesce(v_note, ''), coalesce(v_tags, '{}'), v_created
    FROM (SELECT count(*) AS n, coalesce(sum(total_cents - refunded_cents), 0) AS spent, max(created_at) AS last,
                 (array_agg(phone ORDER BY created_at DESC) FILTER (WHERE phone IS NOT NULL))[1] AS phone
            FROM orders
           WHERE payment_status = 'paid'
             AND (user_id = p_user_id OR (user_id IS NULL AND lower(email) = v_key))) o
  ON CONFLICT (user_id) DO UPDATE SET
    email_key = excluded.email_key, name = excluded.name, phone = excluded.phone,
    order_count = excluded.order_count, total_spent_cents = excluded.total_spent_cents,
    last_order_at = excluded.last_order_at, subscriber = excluded.subscriber,
    accepts_marketing = excluded.accepts_marketing,
    note = CASE WHEN excluded.note = '' THEN c.note
                ELSE concat_ws(E'\n', nullif(c.note, ''), excluded.note) END,
    tags = ARRAY(SELECT DISTINCT unnest(c.tags || excluded.tags));
END;
$$;
--> statement-breakpoint

CREATE FUNCTION customers_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.payment_status = 'paid' THEN
    IF OLD.user_id IS NULL THEN PERFORM customers_refresh_email(lower(OLD.email));
    ELSE PERFORM customers_refresh_account(OLD.user_id); END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.payment_status = 'paid' OR (TG_OP = 'UPDATE' AND OLD.payment_status = 'paid')) THEN
    IF NEW.user_id IS NULL THEN PERFORM customers_refresh_email(lower(NEW.email));
    ELSE PERFORM customers_refresh_account(NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_order_inserted AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION customers_order_changed();
--> statement-breakpoint
CREATE TRIGGER customers_order_updated AFTER UPDATE ON orders FOR EACH ROW
  WHEN (OLD.payment_status IS DISTINCT FROM NEW.payment_status OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
        OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents OR OLD.name IS DISTINCT FROM NEW.name
        OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION customers_order_changed();
--> statement-breakpoint

CREATE FUNCTION customers_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customers_refresh_account(NEW.id);
  IF TG_OP = 'UPDATE' AND lower(OLD.email) <> lower(NEW.email) THEN
    PERFORM customers_refresh_email(lower(OLD.email));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_user_inserted AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION customers_user_changed();
--> statement-breakpoint
CREATE TRIGGER customers_user_updated AFTER UPDATE OF name, email, role ON "user"
  FOR EACH ROW EXECUTE FUNCTION customers_user_changed();
--> statement-breakpoint

CREATE FUNCTION customers_subscription_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM customers_refresh_account(OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM customers_refresh_account(NEW.user_id); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_subscription_changed AFTER INSERT OR DELETE OR UPDATE OF status, user_id ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION customers_subscription_changed();
--> statement-breakpoint

CREATE FUNCTION customers_consent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM customers_refresh_email(lower(OLD.email)); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM customers_refresh_email(lower(NEW.email)); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customers_consent_changed AFTER INSERT OR DELETE OR UPDATE OF status, email ON marketing_contacts
  FOR EACH ROW EXECUTE FUNCTION customers_consent_changed();
--> statement-breakpoint

-- The customers an existing shop already has.
SELECT customers_refresh_account(id) FROM "user" WHERE role = 'customer';
--> statement-breakpoint
SELECT customers_refresh_email(k)
  FROM (SELECT DISTINCT lower(email) AS k FROM orders
         WHERE user_id IS NULL AND payment_status = 'paid' AND email IS NOT NULL) g;
