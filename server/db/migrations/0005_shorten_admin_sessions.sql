-- Admin sessions now end after 12 hours without a request and 7 days after sign-in
-- (server/auth/session-lifetime.ts). Sessions opened under the old 30-day rule get the same ends,
-- counted from their last refresh and their start.
UPDATE "session"
SET "expires_at" = LEAST("expires_at", "updated_at" + interval '12 hours', "created_at" + interval '7 days')
WHERE "user_id" IN (SELECT "id" FROM "user" WHERE "role" = 'admin');
