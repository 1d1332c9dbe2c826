import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  LIST_CODE_CHARACTERS_MESSAGE,
  LIST_CODE_PATTERN,
  normalizeListCode,
} from "../../core/catalog/serial-code.ts";
import { recordChange } from "../audit/record.ts";
import { deleteTracked, recordCreated, type Tracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { batches, serials, validityCodes, validityLookups } from "../db/schema/index.ts";

const CODE_MAX = 100;
/** How many codes one bulk paste may hold, and how many lookups the log shows. */
export const BULK_MAX = 1000;
export const LOOKUP_LOG_SIZE = 50;

/** One code as typed: normalized (core/catalog/serial-code.ts), then only letters and digits are kept. */
export const validityCodeSchema = z
  .string()
  .transform(normalizeListCode)
  .pipe(
    z
      .string()
      .min(1, "Please enter a code")
      .max(CODE_MAX, `A code must be at most ${CODE_MAX} characters`)
      .regex(LIST_CODE_PATTERN, LIST_CODE_CHARACTERS_MESSAGE),
  );

export function listValidityCodes(db: Db) {
  return db
    .select({
      id: validityCodes.id,
      code: validityCodes.code,
      createdAt: validityCodes.createdAt,
    })
    .from(validityCodes)
    .orderBy(desc(validityCodes.createdAt));
}

/** The latest lookups with their batch and serial, and whether that serial is flagged. */
export function listValidityLookups(db: Db) {
  return db
    .select({
      id: validityLookups.id,
      code: validityLookups.code,
      valid: validityLookups.valid,
      outcome: validityLookups.outcome,
      createdAt: validityLookups.createdAt,
      batchId: validityLookups.batchId,
      batchNumber: batches.batchNumber,
      serialId: validityLookups.serialId,
      serialFlaggedAt: serials.flaggedAt,
    })
    .from(validityLookups)
    .leftJoin(batches, eq(batches.id, validityLookups.batchId))
    .leftJoin(serials, eq(serials.id, validityLookups.serialId))
    .orderBy(desc(validityLookups.createdAt))
    .limit(LOOKUP_LOG_SIZE);
}

export type AddCodeResult = { ok: true } | { ok: false; message: string };

/** Adds one code (normalized again: idempotent); the product name is always the default. */
export async function addValidityCode(db: Db, typed: string): Promise<AddCodeResult> {
  const code = normalizeListCode(typed);
  const added = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(validityCodes)
      .values({ code, productName: "Default Product" })
      .onConflictDoNothing({ target: validityCodes.code })
      .returning();
    if (row) await recordCreated(tx, row, trackedCode);
    return Boolean(row);
  });
  return added ? { ok: true } : { ok: false, message: `The code ${code} already exists` };
}

/** List codes in the audit log, by the code itself. */
const trackedCode: Tracked<typeof validityCodes> = { entityType: "validity-code", label: (c) => c.code };

/** Splits a paste on new lines, commas and whitespace; normalized; blanks and repeats are dropped. */
export function parseBulkCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map(normalizeListCode)
        .filter(Boolean),
    ),
  ];
}

export type BulkResult = { added: number; duplicates: string[] } | { error: string };

/** Adds many codes at once; ones that already exist are reported, not added twice. */
export async function addValidityCodes(db: Db, typed: string[]): Promise<BulkResult> {
  const codes = [...new Set(typed.map(normalizeListCode).filter(Boolean))];
  if (codes.length === 0) return { error: "Please enter a code" };
  if (codes.length > BULK_MAX) return { error: `Add at most ${BULK_MAX} codes at once` };
  const tooLong = codes.find((c) => c.length > CODE_MAX);
  if (tooLong) return { error: `A code must be at most ${CODE_MAX} characters` };
  const refused = codes.filter((c) => !LIST_CODE_PATTERN.test(c));
  if (refused.length) return { error: `${LIST_CODE_CHARACTERS_MESSAGE}: ${refused.slice(0, 5).join(", ")}` };
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(validityCodes)
      .values(codes.map((code) => ({ code, productName: "Default Product" })))
      .onConflictDoNothing({ target: validityCodes.code })
      .returning({ code: validityCodes.code });
    // One entry for the paste (up to BULK_MAX codes), with the codes it added.
    if (rows.length > 0)
      await recordChange(tx, {
        entityType: "validity-code",
        entityId: "list",
        entityLabel: "Validity list",
        action: "bulk-create",
        details: { added: rows.length, codes: rows.map((r) => r.code) },
      });
    return rows;
  });
  const added = new Set(inserted.map((r) => r.code));
  return { added: added.size, duplicates: codes.filter((c) => !added.has(c)) };
}

export async function deleteValidityCode(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteTracked(db, validityCodes, id, trackedCode);
}
