import type { Db, Tx } from "../db/client.ts";
import { auditEntries, type FieldChange } from "../db/schema/index.ts";
import { currentActor } from "./actor.ts";
import { diffFields, scrub } from "./diff.ts";

export type Change = {
  /** e.g. product, variant, stock, order, refund, coupon, creator, payout, blog-post, setting, staff. */
  entityType: string;
  entityId: string;
  /** What people call it now (a product's name, an order's number), for the log's readers. */
  entityLabel?: string | null;
  /** e.g. create, update, delete, status, ship, refund, erase, import. */
  action: string;
  /** The entity's fields before and after; only those that differ are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Facts of an action that are not field changes (a refund's amount, an import's counts). */
  details?: Record<string, unknown>;
};

/** Actions that are edits of fields: one that changed none is not a change. */
const EDITS = new Set(["update", "bulk-edit"]);

/**
 * Records one change in the audit log, inside the caller's transaction: if the change rolls back,
 * so does its entry. The author is the actor in scope (server/audit/actor.ts); with none (a
 * customer's own request) nothing is recorded. An edit (update, bulk-edit) that changed no field is not recorded.
 */
export async function recordChange(tx: Db | Tx, change: Change): Promise<void> {
  const actor = currentActor();
  if (!actor) return;
  const changes: Record<string, FieldChange> = diffFields(change.before, change.after);
  for (const [key, value] of Object.entries(scrub(change.details ?? {}) as Record<string, unknown>)) {
    changes[key] = { from: null, to: value };
  }
  if (EDITS.has(change.action) && Object.keys(changes).length === 0) return;
  await tx.insert(auditEntries).values({
    actorKind: actor.kind,
    actorId: actor.kind === "staff" ? actor.id : null,
    actorName: actor.name,
    actorEmail: actor.kind === "staff" ? actor.email : null,
    ip: actor.kind === "staff" ? actor.ip : null,
    entityType: change.entityType,
    entityId: change.entityId,
    entityLabel: change.entityLabel ?? null,
    action: change.action,
    changes,
  });
}
