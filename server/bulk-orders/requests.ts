import { and, asc, eq, sql } from "drizzle-orm";
import type { ShipmentInput } from "../../core/forms/shipment-form.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { bulkOrderItems, bulkOrderRequests, orders } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import type { OrderStatus } from "../orders/status.ts";

export type BulkKind = (typeof bulkOrderRequests.$inferSelect)["kind"];
export type BulkRequest = typeof bulkOrderRequests.$inferSelect;
export type BulkItemInput = { orderId: string; position: number; shipment?: ShipmentInput | null };

const INSERT_CHUNK = 1000;

export const requestNotFound = () =>
  new NotFoundError({ title: "Bulk action not found", description: "This bulk action does not exist." });

/**
 * Saves a bulk request with its orders, once per idempotency key (the form's): a second submit of
 * the same form returns the first request and adds nothing. One transaction, so a request is
 * never seen half-written.
 */
export async function createBulkRequest(
  db: Db,
  input: {
    key: string;
    kind: BulkKind;
    status?: OrderStatus | null;
    actorId: string | null;
    /** previewed waits for Apply; queued starts at once; done (a print or export selection) has no work. */
    state: "previewed" | "queued" | "done";
    items: BulkItemInput[];
  },
): Promise<{ request: BulkRequest; created: boolean }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(bulkOrderRequests)
      .values({
        idempotencyKey: input.key,
        kind: input.kind,
        status: input.status ?? null,
        state: input.state,
        total: input.items.length,
        createdBy: input.actorId,
        appliedAt: input.state === "queued" ? new Date() : null,
      })
      .onConflictDoNothing({ target: bulkOrderRequests.idempotencyKey })
      .returning();
    if (!created) {
      const [first] = await tx
        .select()
        .from(bulkOrderRequests)
        .where(eq(bulkOrderRequests.idempotencyKey, input.key));
      if (!first || first.kind !== input.kind) throw reusedKey();
      return { request: first, created: false };
    }
    const itemState = input.state === "done" ? ("done" as const) : ("pending" as const);
    for (let i = 0; i < input.items.length; i += INSERT_CHUNK) {
      await tx.insert(bulkOrderItems).values(
        input.items.slice(i, i + INSERT_CHUNK).map((item) => ({
          requestId: created.id,
          orderId: item.orderId,
          position: item.position,
          shipment: item.shipment ?? null,
          state: itemState,
        })),
      );
    }
    return { request: created, created: true };
  });
}

const reusedKey = () =>
  new ConflictError({
    title: "Form already used",
    description: "This form was already sent for another action. Reload the page and try again.",
  });

/** A previewed request goes ahead (Apply); applying it again changes nothing. Null: no such request. */
export async function applyPreviewed(db: Db, requestId: string): Promise<BulkRequest | null> {
  if (!isUuid(requestId)) return null;
  const [applied] = await db
    .update(bulkOrderRequests)
    .set({ state: "queued", appliedAt: new Date() })
    .where(and(eq(bulkOrderRequests.id, requestId), eq(bulkOrderRequests.state, "previewed")))
    .returning();
  if (applied) return applied;
  const [existing] = await db.select().from(bulkOrderRequests).where(eq(bulkOrderRequests.id, requestId));
  return existing ?? null;
}

export async function getBulkRequest(db: Db, requestId: string): Promise<BulkRequest | null> {
  if (!isUuid(requestId)) return null;
  const [row] = await db.select().from(bulkOrderRequests).where(eq(bulkOrderRequests.id, requestId));
  return row ?? null;
}

export type BulkProgress = {
  id: string;
  kind: BulkKind;
  status: OrderStatus | null;
  state: BulkRequest["state"];
  total: number;
  done: number;
  failed: number;
  /** Orders that could not be changed, with the reason (at most `FAILURES_SHOWN`). */
  failures: { number: number | null; orderId: string; reason: string }[];
  finishedAt: string | null;
};

const FAILURES_SHOWN = 50;

/** How far a request got: what the page polls while it runs. */
export async function bulkProgress(db: Db, requestId: string): Promise<BulkProgress | null> {
  const request = await getBulkRequest(db, requestId);
  if (!request) return null;
  const [counts] = await db
    .select({
      done: sql<number>`count(*) filter (where ${bulkOrderItems.state} = 'done')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${bulkOrderItems.state} = 'failed')`.mapWith(Number),
    })
    .from(bulkOrderItems)
    .where(eq(bulkOrderItems.requestId, request.id));
  const failures = await db
    .select({ orderId: bulkOrderItems.orderId, number: orders.number, reason: bulkOrderItems.outcome })
    .from(bulkOrderItems)
    .innerJoin(orders, eq(orders.id, bulkOrderItems.orderId))
    .where(and(eq(bulkOrderItems.requestId, request.id), eq(bulkOrderItems.state, "failed")))
    .orderBy(asc(bulkOrderItems.position))
    .limit(FAILURES_SHOWN);
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    state: request.state,
    total: request.total,
    done: counts?.done ?? 0,
    failed: counts?.failed ?? 0,
    failures: failures.map((f) => ({ ...f, reason: f.reason ?? "Not changed" })),
    finishedAt: request.finishedAt?.toISOString() ?? null,
  };
}

/** The orders of a request in their selection's order (print, export). */
export async function requestOrderIds(db: Db, requestId: string): Promise<string[]> {
  if (!isUuid(requestId)) return [];
  const rows = await db
    .select({ orderId: bulkOrderItems.orderId })
    .from(bulkOrderItems)
    .where(eq(bulkOrderItems.requestId, requestId))
    .orderBy(asc(bulkOrderItems.position));
  return rows.map((r) => r.orderId);
}
