import { and, asc, desc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { SYSTEM_ACTOR } from "../../core/audit-actor.ts";
import type { Db } from "../db/client.ts";
import { isStorableText } from "../db/ids.ts";
import { keyText, nextKey, olderThan, parseTimeKey, type TimeKey } from "../db/keyset.ts";
import { auditEntries } from "../db/schema/index.ts";

export const ENTRIES_PER_PAGE = 50;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
const token = z.string().trim().max(100).refine(isStorableText);

/** A page position in the URL: `<created_at as text>~<id>`; anything else starts at the top. */
const cursor = z
  .string()
  .max(100)
  .transform((v, ctx) => {
    const key = parseTimeKey(v, "~");
    if (key) return key;
    ctx.addIssue({ code: "custom", message: "bad cursor" });
    return z.NEVER;
  });

/**
 * The activity screen's filters from its URL, forgiving: a value that does not parse is dropped
 * (the list shows everything rather than an error for a hand-edited link). Dates are UTC days,
 * both ends included.
 */
export const activityQuerySchema = z.object({
  actor: token.optional().catch(undefined),
  entity: token.optional().catch(undefined),
  entityId: token.optional().catch(undefined),
  action: token.optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  after: cursor.nullable().catch(null).default(null),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
export type ActivityFilters = Omit<ActivityQuery, "after">;

export const cursorParam = (key: TimeKey) => `${key.createdAt}~${key.id}`;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000);

/** The filters as SQL, shared by the screen and the CSV export. */
export function activityFilter(q: ActivityFilters): SQL | undefined {
  const byActor =
    q.actor === SYSTEM_ACTOR
      ? and(eq(auditEntries.actorKind, "system"), isNull(auditEntries.actorId))
      : q.actor
        ? eq(auditEntries.actorId, q.actor)
        : undefined;
  return and(
    byActor,
    q.entity ? eq(auditEntries.entityType, q.entity) : undefined,
    q.entityId ? eq(auditEntries.entityId, q.entityId) : undefined,
    q.action ? eq(auditEntries.action, q.action) : undefined,
    q.from ? gte(auditEntries.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(auditEntries.createdAt, nextDay(q.to)) : undefined,
  );
}

const entryColumns = {
  id: auditEntries.id,
  key: keyText(auditEntries.createdAt),
  createdAt: auditEntries.createdAt,
  actorKind: auditEntries.actorKind,
  actorId: auditEntries.actorId,
  actorName: auditEntries.actorName,
  actorEmail: auditEntries.actorEmail,
  ip: auditEntries.ip,
  entityType: auditEntries.entityType,
  entityId: auditEntries.entityId,
  entityLabel: auditEntries.entityLabel,
  action: auditEntries.action,
  changes: auditEntries.changes,
};
export type AuditEntryRow = Awaited<ReturnType<typeof entryBatch>>[number];

/** One batch of entries, newest first, after a keyset position (stable while entries are added). */
export function entryBatch(db: Db, filter: SQL | undefined, after: TimeKey | null, size: number) {
  return db
    .select(entryColumns)
    .from(auditEntries)
    .where(and(filter, olderThan(auditEntries.createdAt, auditEntries.id, after, "uuid")))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(size);
}

/** The activity screen: 50 entries a page with the position of the next page (null on the last). */
export async function listActivity(db: Db, query: ActivityQuery) {
  const rows = await entryBatch(db, activityFilter(query), query.after, ENTRIES_PER_PAGE);
  const next = nextKey(rows, ENTRIES_PER_PAGE);
  return { rows, next: next ? cursorParam(next) : null };
}

/** One entity's history, newest first (a product's or an order's timeline); the latest 100. */
export function entityTimeline(db: Db, entityType: string, entityId: string, limit = 100) {
  return entryBatch(db, activityFilter({ entity: entityType, entityId }), null, limit);
}

/**
 * What the filters offer: the people who have entries (by id, with the name of their latest
 * entry), and the entity kinds and actions that occur. Small lists: distinct over indexed columns.
 */
export async function activityChoices(db: Db) {
  const people = await db
    .selectDistinctOn([auditEntries.actorId], {
      id: auditEntries.actorId,
      name: auditEntries.actorName,
      email: auditEntries.actorEmail,
    })
    .from(auditEntries)
    .where(sql`${auditEntries.actorId} is not null`)
    .orderBy(auditEntries.actorId, desc(auditEntries.createdAt));
  const entities = await db
    .selectDistinct({ value: auditEntries.entityType })
    .from(auditEntries)
    .orderBy(asc(auditEntries.entityType));
  const actions = await db
    .selectDistinct({ value: auditEntries.action })
    .from(auditEntries)
    .orderBy(asc(auditEntries.action));
  return {
    people: people.map((p) => ({ id: p.id!, name: p.name, email: p.email })),
    entities: entities.map((e) => e.value),
    actions: actions.map((a) => a.value),
  };
}
