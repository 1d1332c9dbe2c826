import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { normalizeListCode } from "../../core/catalog/serial-code.ts";
import type { Db } from "../db/client.ts";
import { validityCodes } from "../db/schema/index.ts";
import { parseBulkCodes } from "./admin-validity.ts";
import { recordBatchAction } from "./audit.ts";

/** How many list codes one attach or detach request may name (one print run's lids). */
export const ATTACH_MAX = 5000;
/** How many codes the batch page lists (unattached to pick from, attached to detach). */
export const CODE_LIST_SIZE = 200;

/**
 * The attach / detach form: codes pasted one per line and / or ticked in a list. Pasted text is
 * split like the validity screen's bulk add; ticked codes come as repeated `code` fields.
 */
export const batchCodesSchema = z
  .object({
    pasted: z.string().max(600_000, "Paste at most 5,000 codes at once").default(""),
    code: z.array(z.string().max(100)).max(ATTACH_MAX).default([]),
  })
  .transform(({ pasted, code }) => [...new Set([...parseBulkCodes(pasted), ...code.map(normalizeListCode)])])
  .pipe(
    z
      .array(z.string().min(1).max(100, "A code must be at most 100 characters"))
      .min(1, "Paste or select at least one code")
      .max(ATTACH_MAX, `Attach at most ${ATTACH_MAX.toLocaleString("en-US")} codes at once`),
  );

export type AttachReport = {
  attached: number;
  /** Already on this batch: nothing to do. */
  alreadyHere: number;
  /** On another batch: left there (detach them there first). */
  inOtherBatch: string[];
  /** Not in the validity list at all. */
  unknown: string[];
};

/**
 * Attaches list codes to a batch. Only codes with no batch move (one conditional update), so a
 * code is never silently taken from another batch; the rest are reported.
 */
export async function attachCodesToBatch(db: Db, batchId: string, typed: string[]): Promise<AttachReport> {
  const codes = typed.map(normalizeListCode);
  const attached = await db.transaction(async (tx) => {
    const rows = await tx
      .update(validityCodes)
      .set({ batchId })
      .where(and(inArray(validityCodes.code, codes), isNull(validityCodes.batchId)))
      .returning({ code: validityCodes.code });
    if (rows.length) await recordBatchAction(tx, batchId, "attach-codes", { codes: rows.map((r) => r.code) });
    return rows;
  });
  const moved = new Set(attached.map((r) => r.code));
  const rest = codes.filter((c) => !moved.has(c));
  const found = rest.length
    ? await db
        .select({ code: validityCodes.code, batchId: validityCodes.batchId })
        .from(validityCodes)
        .where(inArray(validityCodes.code, rest))
    : [];
  const batchOf = new Map(found.map((r) => [r.code, r.batchId]));
  return {
    attached: moved.size,
    alreadyHere: rest.filter((c) => batchOf.get(c) === batchId).length,
    inOtherBatch: rest.filter((c) => batchOf.has(c) && batchOf.get(c) !== batchId),
    unknown: rest.filter((c) => !batchOf.has(c)),
  };
}

/** Detaches codes from this batch only (a code on another batch is left alone); how many. */
export async function detachCodesFromBatch(db: Db, batchId: string, typed: string[]): Promise<number> {
  const codes = typed.map(normalizeListCode);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(validityCodes)
      .set({ batchId: null })
      .where(and(inArray(validityCodes.code, codes), eq(validityCodes.batchId, batchId)))
      .returning({ code: validityCodes.code });
    if (rows.length) await recordBatchAction(tx, batchId, "detach-codes", { codes: rows.map((r) => r.code) });
    return rows.length;
  });
}

/** The toast after an attach: every count that is not zero, in one sentence. */
export function attachSummary(report: AttachReport): string {
  const parts = [`${report.attached} attached`];
  if (report.alreadyHere) parts.push(`${report.alreadyHere} already in this batch`);
  if (report.inOtherBatch.length)
    parts.push(`${report.inOtherBatch.length} already in another batch (left there)`);
  if (report.unknown.length) parts.push(`${report.unknown.length} unknown`);
  return parts.join(", ");
}

const listed = (db: Db) =>
  db.select({ id: validityCodes.id, code: validityCodes.code }).from(validityCodes).$dynamic();

/** The batch page's lists: codes attached to it, and list codes on no batch (the first 200 of each). */
export async function batchCodeLists(db: Db, batchId: string) {
  const [attached, unattached, [total]] = await Promise.all([
    listed(db)
      .where(eq(validityCodes.batchId, batchId))
      .orderBy(asc(validityCodes.code))
      .limit(CODE_LIST_SIZE),
    listed(db).where(isNull(validityCodes.batchId)).orderBy(asc(validityCodes.code)).limit(CODE_LIST_SIZE),
    db.select({ n: count() }).from(validityCodes).where(eq(validityCodes.batchId, batchId)),
  ]);
  return { attached, unattached, attachedCount: total?.n ?? 0 };
}
