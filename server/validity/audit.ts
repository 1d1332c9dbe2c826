import { recordChange } from "../audit/record.ts";
import type { Tracked } from "../audit/tracked.ts";
import type { Db, Tx } from "../db/client.ts";
import type { batches } from "../db/schema/index.ts";

/** Authenticity batches in the audit log, by batch number. */
export const trackedBatch: Tracked<typeof batches> = { entityType: "batch", label: (b) => b.batchNumber };

/**
 * A change to a batch's serials or attached list codes, recorded on the batch (serials are many
 * and short-lived: the batch's history is where people look): what was done and its counts.
 */
export const recordBatchAction = (
  tx: Db | Tx,
  batchId: string,
  action: "serials" | "unflag" | "delete-serial" | "attach-codes" | "detach-codes",
  details: Record<string, unknown>,
) => recordChange(tx, { entityType: "batch", entityId: batchId, action, details });
