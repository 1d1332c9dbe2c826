import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull } from "drizzle-orm";
import { z } from "zod";
import {
  formatSerial,
  MAX_SERIALS_PER_REQUEST,
  SERIAL_BODY_LENGTH,
  serialFromRandom,
} from "../../core/catalog/serial-code.ts";
import { csvDate } from "../../core/text/csv.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { batches, serials } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import { type CsvExport, EXPORT_BATCH_SIZE } from "../exports/csv-stream.ts";
import { recordBatchAction } from "./audit.ts";

const INSERT_CHUNK = 1000;

export const serialCountSchema = z.coerce
  .number({ message: "Enter how many serials to generate" })
  .int("Enter a whole number")
  .min(1, "Generate at least 1 serial")
  .max(
    MAX_SERIALS_PER_REQUEST,
    `Generate at most ${MAX_SERIALS_PER_REQUEST.toLocaleString("en-US")} serials at once`,
  );

/** `count` fresh serials from the system's CSPRNG (60 random bits each). */
export function randomSerials(count: number): string[] {
  const bytes = randomBytes(count * SERIAL_BODY_LENGTH);
  return Array.from({ length: count }, (_, i) =>
    serialFromRandom(bytes.subarray(i * SERIAL_BODY_LENGTH, (i + 1) * SERIAL_BODY_LENGTH)),
  );
}

/**
 * Adds `count` new serials to a batch, in chunks. A collision with an existing serial (about one in
 * 10^12 per code) is skipped and drawn again, so exactly `count` are added.
 */
export async function generateSerials(db: Db, batchId: string, count: number): Promise<number> {
  const wanted = serialCountSchema.parse(count);
  if (!isUuid(batchId))
    throw new NotFoundError({
      title: "Error",
      description: "This batch no longer exists",
    });
  const [batch] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId));
  if (!batch)
    throw new NotFoundError({
      title: "Error",
      description: "This batch no longer exists",
    });
  return db.transaction(async (tx) => {
    let added = 0;
    while (added < wanted) {
      const codes = randomSerials(Math.min(INSERT_CHUNK, wanted - added));
      const inserted = await tx
        .insert(serials)
        .values(codes.map((code) => ({ batchId, code })))
        .onConflictDoNothing({ target: serials.code })
        .returning({ id: serials.id });
      added += inserted.length;
    }
    await recordBatchAction(tx, batchId, "serials", { generated: added });
    return added;
  });
}

export const SERIALS_CSV_HEADER = ["Serial", "Batch", "Product", "Created"] as const;

/** A batch's serials in their printed form, streamed in keyset order of the code. */
export function serialsCsvExport(db: Db, batch: { id: string; batchNumber: string; productName: string }) {
  const source: CsvExport<string> = {
    header: SERIALS_CSV_HEADER,
    async readBatch(cursor) {
      const rows = await db
        .select({ code: serials.code, createdAt: serials.createdAt })
        .from(serials)
        .where(and(eq(serials.batchId, batch.id), cursor ? gt(serials.code, cursor) : undefined))
        .orderBy(asc(serials.code))
        .limit(EXPORT_BATCH_SIZE);
      return {
        rows: rows.map((r) => [
          formatSerial(r.code),
          batch.batchNumber,
          batch.productName,
          csvDate(r.createdAt),
        ]),
        next: rows.length === EXPORT_BATCH_SIZE ? rows.at(-1)!.code : null,
      };
    },
  };
  return source;
}

export const FLAGGED_LIST_SIZE = 100;

/** Serials looked up by enough different clients to suspect a copied label, newest flag first. */
export function listFlaggedSerials(db: Db) {
  return db
    .select({
      id: serials.id,
      code: serials.code,
      batchId: serials.batchId,
      batchNumber: batches.batchNumber,
      firstVerifiedAt: serials.firstVerifiedAt,
      lookupCount: serials.lookupCount,
      clientCount: serials.clientCount,
      flaggedAt: serials.flaggedAt,
    })
    .from(serials)
    .innerJoin(batches, eq(batches.id, serials.batchId))
    .where(isNotNull(serials.flaggedAt))
    .orderBy(desc(serials.flaggedAt))
    .limit(FLAGGED_LIST_SIZE);
}
