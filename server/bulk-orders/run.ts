import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { bulkOrderItems, bulkOrderRequests } from "../db/schema/index.ts";
import { DomainError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { changeOrderStatus } from "../orders/notify.ts";
import type { BulkRequest } from "./requests.ts";

export type BulkRunDeps = {
  db: Db;
  mailer: Pick<Mailer, "send" | "publicUrl" | "linkSecret">;
  log?: Partial<Pick<Logger, "warn" | "error">>;
};

/** Orders claimed per round; a stopped process's claim is free again after the lease. */
const CLAIM_SIZE = 100;
const LEASE_MS = 5 * 60_000;

type Item = typeof bulkOrderItems.$inferSelect;

/**
 * Works a queued bulk request through, each order at most once:
 * 1. claim up to CLAIM_SIZE pending orders (pending → working with a lease; `skip locked`, so a
 *    request worked by the page's process and the background job at once splits its orders);
 * 2. change each order as a person would (changeOrderStatus: the order locked, its stock and
 *    commission rules, its status email keyed `order-status:<order>:<status>`, so a customer is
 *    told of a status once however often it is applied);
 * 3. mark the order done (with its previous status, for undo) or failed (with the reason);
 * 4. when nothing is left, the request is done. A crash leaves `working` orders whose lease runs
 *    out; they are claimed again and step 2 finds them already changed (no second email).
 */
export async function runBulkRequest(
  deps: BulkRunDeps,
  requestId: string,
  now = () => new Date(),
): Promise<void> {
  const [request] = await deps.db
    .update(bulkOrderRequests)
    .set({ state: "running" })
    .where(and(eq(bulkOrderRequests.id, requestId), inArray(bulkOrderRequests.state, ["queued", "running"])))
    .returning();
  if (!request) return;
  for (;;) {
    const claimed = await claimItems(deps.db, request.id, now());
    if (claimed.length === 0) break;
    for (const item of claimed) await applyItem(deps, request, item);
  }
  await finishIfDone(deps.db, request.id, now());
}

/** The background's turn: every request left queued or running (a stopped process, a large selection). */
export async function runOpenBulkRequests(deps: BulkRunDeps, now = () => new Date()): Promise<number> {
  const open = await deps.db
    .select({ id: bulkOrderRequests.id })
    .from(bulkOrderRequests)
    .where(inArray(bulkOrderRequests.state, ["queued", "running"]))
    .orderBy(asc(bulkOrderRequests.createdAt));
  for (const { id } of open) await runBulkRequest(deps, id, now);
  return open.length;
}

async function claimItems(db: Db, requestId: string, now: Date): Promise<Item[]> {
  const free = or(
    eq(bulkOrderItems.state, "pending"),
    and(eq(bulkOrderItems.state, "working"), lt(bulkOrderItems.leaseUntil, now)),
  );
  const next = db
    .select({ orderId: bulkOrderItems.orderId })
    .from(bulkOrderItems)
    .where(and(eq(bulkOrderItems.requestId, requestId), free))
    .orderBy(asc(bulkOrderItems.position))
    .limit(CLAIM_SIZE)
    .for("update", { skipLocked: true });
  return db
    .update(bulkOrderItems)
    .set({ state: "working", leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(bulkOrderItems.requestId, requestId), inArray(bulkOrderItems.orderId, next)))
    .returning();
}

async function applyItem(deps: BulkRunDeps, request: BulkRequest, item: Item): Promise<void> {
  const finish = (state: "done" | "failed", outcome: string, previousStatus?: Item["previousStatus"]) =>
    deps.db
      .update(bulkOrderItems)
      .set({ state, outcome, leaseUntil: null, ...(previousStatus && { previousStatus }) })
      .where(and(eq(bulkOrderItems.requestId, request.id), eq(bulkOrderItems.orderId, item.orderId)));
  const status = request.kind === "ship" ? "shipped" : request.status;
  if (!status) return void (await finish("done", "Selected"));
  try {
    const change = await changeOrderStatus(deps.db, deps.mailer, item.orderId, status, {
      shipment: item.shipment ?? undefined,
      actorId: request.createdBy,
      log: deps.log,
      // The same minute to undo as the dropdown (a cancel is never held; shipping is not held).
      holdForUndo: request.kind === "status",
    });
    if (!change) return void (await finish("failed", "Not a paid order"));
    const outcome = change.previous === change.status ? `Already ${change.status}` : `Now ${change.status}`;
    await finish("done", outcome, change.previous);
  } catch (error) {
    if (!(error instanceof DomainError))
      deps.log?.error?.({ err: error, orderId: item.orderId }, "bulk order change failed");
    const reason = error instanceof DomainError ? error.message : "Could not be changed; try again";
    await finish("failed", reason);
  }
}

async function finishIfDone(db: Db, requestId: string, now: Date): Promise<void> {
  await db
    .update(bulkOrderRequests)
    .set({ state: "done", finishedAt: now })
    .where(
      and(
        eq(bulkOrderRequests.id, requestId),
        eq(bulkOrderRequests.state, "running"),
        sql`not exists (select 1 from ${bulkOrderItems} where ${bulkOrderItems.requestId} = ${requestId} and ${bulkOrderItems.state} in ('pending', 'working'))`,
      ),
    );
}
