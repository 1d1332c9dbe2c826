ALTER TABLE "customers" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "imported_address" jsonb;--> statement-breakpoint
-- The customers CSV import (server/customer-import/) keeps guest rows without orders: a row with
-- imported_at stays when its address has no paid guest order (its consent still updates), and the
-- orders' name and phone win only when they have one. Otherwise as in 0049_customers.
CREATE OR REPLACE FUNCTION customers_refresh_email(p_key text) RETURNS void LANGUAGE plpgsql AS $$
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
    DELETE FROM customers WHERE email_key = p_key AND user_id IS NULL AND imported_at IS NULL;
    UPDATE customers SET order_count = 0, total_spent_cents = 0, last_order_at = NULL,
           accepts_marketing = EXISTS (SELECT 1 FROM marketing_contacts m WHERE m.email = p_key AND m.status = 'subscribed')
     WHERE email_key = p_key AND user_id IS NULL;
    RETURN;
  END IF;
  INSERT INTO customers AS c (email_key, name, phone, order_count, total_spent_cents, last_order_at,
                              subscriber, accepts_marketing, created_at)
  VALUES (p_key, v_name, v_phone, v_count, v_spent, v_last, false,
          EXISTS (SELECT 1 FROM marketing_contacts m WHERE m.email = p_key AND m.status = 'subscribed'),
          v_first)
  ON CONFLICT (email_key) DO UPDATE SET
    name = coalesce(excluded.name, c.name), phone = coalesce(excluded.phone, c.phone),
    order_count = excluded.order_count,
    total_spent_cents = excluded.total_spent_cents, last_order_at = excluded.last_order_at,
    accepts_marketing = excluded.accepts_marketing;
END;
$$;
--> statement-breakpoint
-- As in 0049_customers, and the guest row's imported address and import time join the account.
CREATE OR REPLACE FUNCTION customers_refresh_account(p_user_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_name text;
  v_email text;
  v_role text;
  v_created timestamptz;
  v_key text;
  v_note text;
  v_tags text[];
  v_imported_at timestamptz;
  v_imported_address jsonb;
BEGIN
  IF p_user_id IS NULL THEN RETURN; END IF;
  SELECT name, email, role, created_at INTO v_name, v_email, v_role, v_created FROM "user" WHERE id = p_user_id;
  IF NOT FOUND OR v_role <> 'customer' THEN
    DELETE FROM customers WHERE user_id = p_user_id;
    IF FOUND THEN PERFORM customers_refresh_email(lower(v_email)); END IF;
    RETURN;
  END IF;
  v_key := lower(v_email);
  PERFORM pg_advisory_xact_lock(hashtext('customers:' || v_key));
  DELETE FROM customers WHERE email_key = v_key AND user_id IS NULL
    RETURNING note, tags, imported_at, imported_address INTO v_note, v_tags, v_imported_at, v_imported_address;
  INSERT INTO customers AS c (user_id, email_key, name, phone, order_count, total_spent_cents,
                              last_order_at, subscriber, accepts_marketing, note, tags, imported_at,
                              imported_address, created_at)
  SELECT p_user_id, v_key, v_name, o.phone, o.n, o.spent, o.last,
         EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = p_user_id AND s.status IN ('active', 'past_due')),
         EXISTS (SELECT 1 FROM marketing_contacts m WHERE m.email = v_key AND m.status = 'subscribed'),
         coalesce(v_note, ''), coalesce(v_tags, '{}'), v_imported_at, v_imported_address, v_created
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
    tags = ARRAY(SELECT DISTINCT unnest(c.tags || excluded.tags)),
    imported_at = coalesce(c.imported_at, excluded.imported_at),
    imported_address = coalesce(excluded.imported_address, c.imported_address);
END;
$$;
