import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { formatSerial, normalizeSerial } from "../../core/catalog/serial-code.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { serialEvents, serials } from "../db/schema/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { recordBatchAction } from "./audit.ts";

/** Who acts (the admin's account id), and on which batch: every change is scoped to the batch. */
export type SerialActor = { batchId: string; actorId: string | null };

export const unflagSchema = z.object({
  id: z.uuid("This serial no longer exists"),
  note: z
    .string()
    .trim()
    .min(1, "Say why the serial is not a copy")
    .max(500, "Keep the note to 500 characters"),
});

export const serialCodeSchema = z.object({
  serial: z
    .string()
    .trim()
    .min(1, "Enter the serial to delete")
    .max(40, "Enter a serial like XXXX-XXXX-XXXX-C")
    .transform(normalizeSerial),
});

const notInBatch = (what: string) =>
  new NotFoundError({ title: "Serial not found", description: `${what} is not a serial of this batch` });

/** Clears a serial's copy flag, with the admin's note in the batch's history. */
export async function unflagSerial(
  db: Db,
  actor: SerialActor,
  serialId: string,
  note: string,
): Promise<string> {
  if (!isUuid(serialId) || !isUuid(actor.batchId)) throw notInBatch("This serial");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(serials)
      .set({ flaggedAt: null })
      .where(and(eq(serials.id, serialId), eq(serials.batchId, actor.batchId), isNotNull(serials.flaggedAt)))
      .returning({ id: serials.id, code: serials.code });
    if (!row)
      throw new ConflictError({
        title: "Not unflagged",
        description: "This serial is not flagged (any more)",
      });
    await tx.insert(serialEvents).values({ ...actor, serialId, code: row.code, action: "unflag", note });
    await recordBatchAction(tx, actor.batchId, "unflag", { serial: formatSerial(row.code), note });
    return formatSerial(row.code);
  });
}

/**
 * Deletes a serial that was never verified (a misprint, a spoiled label). The delete is
 * conditional on first_verified_at still being null, so a lookup that verifies the serial at the
 * same moment wins (its row lock makes the delete re-check and skip); a verified serial is kept as
 * evidence.
 */
export async function deleteUnverifiedSerial(db: Db, actor: SerialActor, code: string): Promise<string> {
  if (!isUuid(actor.batchId)) throw notInBatch(formatSerial(code));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(serials)
      .where(and(eq(serials.code, code), eq(serials.batchId, actor.batchId), isNull(serials.firstVerifiedAt)))
      .returning({ code: serials.code });
    if (!row) throw await whyNotDeleted(tx, actor.batchId, code);
    await tx.insert(serialEvents).values({ ...actor, code, action: "delete" });
    await recordBatchAction(tx, actor.batchId, "delete-serial", { serial: formatSerial(code) });
    return formatSerial(code);
  });
}

async function whyNotDeleted(db: Db, batchId: string, code: string) {
  const [kept] = await db
    .select({ firstVerifiedAt: serials.firstVerifiedAt })
    .from(serials)
    .where(and(eq(serials.code, code), eq(serials.batchId, batchId)));
  if (!kept?.firstVerifiedAt) return notInBatch(formatSerial(code));
  return new ConflictError({
    title: "Serial kept",
    description: `${formatSerial(code)} was verified on ${kept.firstVerifiedAt.toISOString().slice(0, 10)}: verified serials are evidence and cannot be deleted`,
  });
}

/** Deletes every never-verified serial of the batch (one conditional delete); how many went. */
export async function deleteUnverifiedSerials(db: Db, actor: SerialActor): Promise<number> {
  if (!isUuid(actor.batchId)) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(serials)
      .where(and(eq(serials.batchId, actor.batchId), isNull(serials.firstVerifiedAt)))
      .returning({ id: serials.id });
    if (rows.length) {
      await tx
        .insert(serialEvents)
        .values({ ...actor, action: "bulk_delete", note: `${rows.length} serials` });
      await recordBatchAction(tx, actor.batchId, "delete-serial", { unverifiedDeleted: rows.length });
    }
    return rows.length;
  });
}

const HISTORY_SIZE = 20;

/** The batch page's history of unflags and deletes, newest first. */
export function serialHistory(db: Db, batchId: string) {
  return db
    .select({
      id: serialEvents.id,
      code: serialEvents.code,
      action: serialEvents.action,
      note: serialEvents.note,
      createdAt: serialEvents.createdAt,
    })
    .from(serialEvents)
    .where(eq(serialEvents.batchId, batchId))
    .orderBy(desc(serialEvents.createdAt))
    .limit(HISTORY_SIZE);
}

/** The batch's flagged serials (the batches screen lists them across batches). */
export function flaggedSerialsOfBatch(db: Db, batchId: string) {
  return db
    .select({
      id: serials.id,
      code: serials.code,
      firstVerifiedAt: serials.firstVerifiedAt,
      clientCount: serials.clientCount,
      flaggedAt: serials.flaggedAt,
    })
    .from(serials)
    .where(and(eq(serials.batchId, batchId), isNotNull(serials.flaggedAt)))
    .orderBy(desc(serials.flaggedAt))
    .limit(100);
}
