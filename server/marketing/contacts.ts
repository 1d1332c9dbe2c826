import { randomBytes } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { type ConfirmRequest, marketingContacts } from "../db/schema/index.ts";
import { emailHash, normalizeEmail } from "./address-hash.ts";

/**
 * The one consent model for marketing email (decision 048). Every marketing sender asks
 * `mayReceiveMarketing`; an unsubscribe from any link stops every kind of marketing at once.
 */
export type ContactSource = ConfirmRequest["source"];

/**
 * Who a marketing email goes to: `customers` are people with an order or cart relationship
 * (CAN-SPAM opt-out: sent unless they unsubscribed); `subscribers` must have confirmed a
 * double opt-in.
 */
export type MarketingAudience = "customers" | "subscribers";

type Contact = typeof marketingContacts.$inferSelect;

const matching = (secret: string, email: string) =>
  or(
    eq(marketingContacts.email, normalizeEmail(email)),
    eq(marketingContacts.emailHash, emailHash(secret, email)),
  );

/** The address's row, found by clear address or (after erasure) by its keyed hash. */
export async function findContact(db: Db, secret: string, email: string): Promise<Contact | null> {
  const [row] = await db.select().from(marketingContacts).where(matching(secret, email)).limit(1);
  return row ?? null;
}

/** Whether a marketing email of this audience may go to the address now. */
export async function mayReceiveMarketing(
  db: Db,
  secret: string,
  email: string,
  audience: MarketingAudience,
): Promise<boolean> {
  const contact = await findContact(db, secret, email);
  if (contact?.status === "unsubscribed") return false;
  return audience === "customers" || contact?.status === "subscribed";
}

/** SQL: the address (an SQL expression) has opted out; a cheap pre-filter for candidate queries. */
export const unsubscribedSql = (email: unknown) =>
  sql`exists (select 1 from ${marketingContacts} where ${marketingContacts.email} = lower(${email}) and ${marketingContacts.status} = 'unsubscribed')`;

/**
 * Records an opt-out for the address (any link, one-click or the page's button): every marketing
 * email stops at once. Any pending confirmation is dropped. Idempotent.
 */
export async function unsubscribeAddress(db: Db, secret: string, email: string, now = new Date()) {
  const values = {
    status: "unsubscribed" as const,
    unsubscribedAt: now,
    confirmRequest: null,
    emailHash: emailHash(secret, email),
  };
  const [updated] = await db
    .update(marketingContacts)
    // The first opt-out's time stays: unsubscribing again changes nothing.
    .set({
      ...values,
      unsubscribedAt: sql`coalesce(${marketingContacts.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(matching(secret, email))
    .returning({ id: marketingContacts.id });
  if (updated) return;
  await db
    .insert(marketingContacts)
    .values({ email: normalizeEmail(email), ...values })
    .onConflictDoNothing();
}

/**
 * Starts (or restarts) a double opt-in for the address and returns the nonce its link names,
 * or null when nothing should be sent (already subscribed). The consent itself is recorded only
 * by `confirmOptIn`; an unsubscribed address stays unsubscribed until then.
 */
export async function requestOptIn(
  db: Db,
  secret: string,
  input: { email: string; source: ContactSource; consentText: string; userId?: string | null },
  now = new Date(),
): Promise<{ contactId: string; nonce: string } | null> {
  const request: ConfirmRequest = {
    nonce: randomBytes(16).toString("base64url"),
    source: input.source,
    consentText: input.consentText,
    requestedAt: now.toISOString(),
  };
  const email = normalizeEmail(input.email);
  await db
    .insert(marketingContacts)
    .values({ email, emailHash: emailHash(secret, email), status: "pending", userId: input.userId ?? null })
    .onConflictDoNothing();
  const [row] = await db
    .update(marketingContacts)
    .set({
      confirmRequest: request,
      userId: sql`coalesce(${marketingContacts.userId}, ${input.userId ?? null})`,
    })
    .where(and(matching(secret, email), sql`${marketingContacts.status} <> 'subscribed'`))
    .returning({ id: marketingContacts.id });
  return row ? { contactId: row.id, nonce: request.nonce } : null;
}

/**
 * Confirms the opt-in a link names: the consent (source, text shown, times) is recorded now.
 * Single use: the nonce is cleared in the same statement, so a second click or a concurrent one
 * finds nothing. Returns false for an unknown, used or superseded link.
 */
export async function confirmOptIn(db: Db, contactId: string, nonce: string, now = new Date()) {
  const [row] = await db
    .update(marketingContacts)
    .set({
      status: "subscribed",
      source: sql`(${marketingContacts.confirmRequest}->>'source')::marketing_source`,
      consentText: sql`${marketingContacts.confirmRequest}->>'consentText'`,
      consentedAt: sql`(${marketingContacts.confirmRequest}->>'requestedAt')::timestamptz`,
      confirmedAt: now,
      unsubscribedAt: null,
      confirmRequest: null,
    })
    .where(
      and(
        eq(marketingContacts.id, contactId),
        sql`${marketingContacts.confirmRequest}->>'nonce' = ${nonce}`,
        sql`${marketingContacts.email} is not null`,
      ),
    )
    .returning({ email: marketingContacts.email });
  return row?.email ?? null;
}

/**
 * For the privacy eraser: forgets the address. An opt-out stays as its keyed hash only (so the
 * address is never mailed again, even if it reappears); any other row is deleted.
 */
export async function forgetMarketingAddress(db: Db, secret: string, email: string) {
  await db
    .update(marketingContacts)
    .set({
      email: null,
      userId: null,
      consentText: null,
      confirmRequest: null,
      emailHash: emailHash(secret, email),
    })
    .where(and(matching(secret, email), eq(marketingContacts.status, "unsubscribed")));
  await db
    .delete(marketingContacts)
    .where(and(matching(secret, email), sql`${marketingContacts.status} <> 'unsubscribed'`));
}

/**
 * Records consent an import brings from another shop (the customers CSV): only for an address
 * that has no answer here yet, or only a pending opt-in. An address that unsubscribed here (at
 * any time) stays unsubscribed, and a consent confirmed here keeps its own record. The source is
 * "admin" (staff brought it in) and the text says where it came from. Returns whether it was recorded.
 */
export async function recordImportedConsent(
  db: Db | Tx,
  secret: string,
  input: { email: string; consentText: string; userId?: string | null },
  now = new Date(),
): Promise<boolean> {
  const email = normalizeEmail(input.email);
  const consent = {
    status: "subscribed" as const,
    source: "admin" as const,
    consentText: input.consentText,
    consentedAt: now,
    confirmedAt: null,
    unsubscribedAt: null,
    confirmRequest: null,
  };
  const inserted = await db
    .insert(marketingContacts)
    .values({ email, emailHash: emailHash(secret, email), userId: input.userId ?? null, ...consent })
    .onConflictDoNothing()
    .returning({ id: marketingContacts.id });
  if (inserted.length > 0) return true;
  const updated = await db
    .update(marketingContacts)
    .set(consent)
    .where(and(matching(secret, email), eq(marketingContacts.status, "pending")))
    .returning({ id: marketingContacts.id });
  return updated.length > 0;
}
