import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { marketingUnsubscribes } from "../db/schema/index.ts";
import { signLinkToken, UNSUBSCRIBE_LINK_DAYS, verifyLinkToken } from "./links.ts";

const normalize = (email: string) => email.trim().toLowerCase();

/** The unsubscribe URL for one recipient (page and RFC 8058 one-click POST share it). */
export function unsubscribeUrl(publicUrl: string, secret: string, email: string, now = new Date()): string {
  return `${publicUrl}/unsubscribe/${signLinkToken(secret, "unsubscribe", normalize(email), UNSUBSCRIBE_LINK_DAYS, now)}`;
}

/** The headers that let mail clients offer one-click unsubscribe (RFC 2369 and RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Records the unsubscribe a token asks for; returns the address, or null for a forged or expired
 * token. Doing it twice is harmless.
 */
export async function unsubscribeByToken(db: Db, secret: string, token: string): Promise<string | null> {
  const email = verifyLinkToken(secret, "unsubscribe", token);
  if (!email) return null;
  await db.insert(marketingUnsubscribes).values({ email }).onConflictDoNothing();
  return email;
}

/** SQL: whether an address (an SQL expression) has unsubscribed from marketing email. */
export const unsubscribed = (email: unknown) =>
  sql`exists (select 1 from ${marketingUnsubscribes} where ${marketingUnsubscribes.email} = lower(${email}))`;
