import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { isStorableText } from "../db/ids.ts";
import { keyText, nextKey, olderThan, parseTimeKey, type TimeKey } from "../db/keyset.ts";
import { marketingContacts, marketingStatus } from "../db/schema/index.ts";

export const SUBSCRIBERS_PER_PAGE = 50;

/** A page position in the URL: `<created_at as text>~<id>`; anything else starts at the top. */
const cursorSchema = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const key = parseTimeKey(v, "~");
    if (!key) {
      ctx.addIssue({ code: "custom", message: "bad cursor" });
      return z.NEVER;
    }
    return key;
  });

/** The list's query string, forgiving: a bad value falls back to its default. */
export const subscriberQuerySchema = z.object({
  q: z.string().trim().max(254).refine(isStorableText).catch(""),
  status: z.enum(marketingStatus.enumValues).optional().catch(undefined),
  after: cursorSchema.nullable().catch(null).default(null),
});
export type SubscriberQuery = z.infer<typeof subscriberQuerySchema>;

export const cursorParam = (key: TimeKey) => `${key.createdAt}~${key.id}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Filters shared by the screen and the CSV export. */
export function subscriberFilter(query: Pick<SubscriberQuery, "q" | "status">): SQL | undefined {
  return and(
    query.q ? ilike(marketingContacts.email, `%${escapeLike(query.q.toLowerCase())}%`) : undefined,
    query.status ? eq(marketingContacts.status, query.status) : undefined,
  );
}

export const subscriberColumns = {
  id: marketingContacts.id,
  key: keyText(marketingContacts.createdAt),
  email: marketingContacts.email,
  status: marketingContacts.status,
  source: marketingContacts.source,
  consentText: marketingContacts.consentText,
  consentedAt: marketingContacts.consentedAt,
  confirmedAt: marketingContacts.confirmedAt,
  unsubscribedAt: marketingContacts.unsubscribedAt,
  createdAt: marketingContacts.createdAt,
};

/** One batch of contacts, newest first, after a keyset position (stable under inserts). */
export function subscriberBatch(db: Db, filter: SQL | undefined, after: TimeKey | null, size: number) {
  return db
    .select(subscriberColumns)
    .from(marketingContacts)
    .where(and(filter, olderThan(marketingContacts.createdAt, marketingContacts.id, after, "uuid")))
    .orderBy(desc(marketingContacts.createdAt), desc(marketingContacts.id))
    .limit(size);
}

/** The admin list: 50 a page, with the position of the next page (null on the last). */
export async function listSubscribers(db: Db, query: SubscriberQuery) {
  const rows = await subscriberBatch(db, subscriberFilter(query), query.after, SUBSCRIBERS_PER_PAGE);
  const next = nextKey(rows, SUBSCRIBERS_PER_PAGE);
  return { rows, next: next ? cursorParam(next) : null };
}
