import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  hasValidCheck,
  looksLikeSerial,
  normalizeListCode,
  normalizeSerial,
} from "../../core/catalog/serial-code.ts";
import type { Db } from "../db/client.ts";
import { batches, validityCodes, validityLookups } from "../db/schema/index.ts";
import { verifySerial } from "./serial-lookup.ts";

/** What a valid lookup shows about the batch; coaUrl is the certificate of analysis, if uploaded. */
export type BatchInfo = {
  productName: string;
  batchNumber: string;
  producedOn: string;
  expiresOn: string;
  coaUrl: string | null;
  labName: string;
  testedOn: string | null;
};

/**
 * legacy: a code from the plain list with no batch; batch: a batch's code; first / repeat: a
 * per-unit serial's first or later verification; typo: serial-shaped but the check fails;
 * unknown: not genuine.
 */
export type ValidityOutcome = "legacy" | "batch" | "first" | "repeat" | "typo" | "unknown";

export type ValidityResult = {
  code: string;
  valid: boolean;
  outcome: ValidityOutcome;
  batch: BatchInfo | null;
  /** For a repeat: when the serial was first verified. */
  firstVerifiedAt: Date | null;
};

/**
 * A keyed hash of the client's address: counts distinct clients without storing addresses. Keyed
 * with AUTH_SECRET where set, so the short IPv4 space cannot be hashed back from a database dump.
 */
export function clientHashOf(secret: string | undefined, clientIp: string): string {
  return createHmac("sha256", secret ?? "validity-clients")
    .update(`validity:${clientIp}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * Checks a code from a lid or label and records the lookup. A code from the list is matched in its
 * normalized form (upper case, no spaces or dashes, as stored); otherwise a serial-shaped code is read the
 * Crockford way and checked (docs/validity.md). Null for blank input.
 */
export async function checkValidityCode(
  db: Db,
  input: string,
  clientHash = "unknown",
): Promise<ValidityResult | null> {
  const code = input.trim().slice(0, 100);
  if (!code) return null;
  const found = await findListedCode(db, normalizeListCode(code));
  const result = found ?? (await checkSerial(db, code, clientHash));
  await db.insert(validityLookups).values({
    code,
    valid: result.valid,
    outcome: result.outcome,
    batchId: result.batchId,
    serialId: result.serialId,
  });
  return {
    code,
    valid: result.valid,
    outcome: result.outcome,
    batch: result.batch,
    firstVerifiedAt: result.firstVerifiedAt,
  };
}

type Checked = Omit<ValidityResult, "code"> & {
  batchId: string | null;
  serialId: string | null;
};
const notGenuine = (outcome: "typo" | "unknown"): Checked => ({
  valid: false,
  outcome,
  batch: null,
  firstVerifiedAt: null,
  batchId: null,
  serialId: null,
});

async function findListedCode(db: Db, code: string): Promise<Checked | null> {
  const [match] = await db
    .select({ batchId: validityCodes.batchId })
    .from(validityCodes)
    .where(eq(validityCodes.code, code))
    .limit(1);
  if (!match) return null;
  const batch = match.batchId ? await batchInfo(db, match.batchId) : null;
  return {
    valid: true,
    outcome: batch ? "batch" : "legacy",
    batch,
    firstVerifiedAt: null,
    batchId: match.batchId,
    serialId: null,
  };
}

async function checkSerial(db: Db, code: string, clientHash: string): Promise<Checked> {
  const serial = normalizeSerial(code);
  if (!looksLikeSerial(serial)) return notGenuine("unknown");
  if (!hasValidCheck(serial)) return notGenuine("typo");
  const hit = await verifySerial(db, serial, clientHash);
  if (!hit) return notGenuine("unknown");
  return {
    valid: true,
    outcome: hit.first ? "first" : "repeat",
    batch: await batchInfo(db, hit.batchId),
    firstVerifiedAt: hit.first ? null : hit.firstVerifiedAt,
    batchId: hit.batchId,
    serialId: hit.serialId,
  };
}

async function batchInfo(db: Db, batchId: string): Promise<BatchInfo | null> {
  const [row] = await db
    .select({
      productName: batches.productName,
      batchNumber: batches.batchNumber,
      producedOn: batches.producedOn,
      expiresOn: batches.expiresOn,
      coaUrl: batches.coaUrl,
      labName: batches.labName,
      testedOn: batches.testedOn,
    })
    .from(batches)
    .where(eq(batches.id, batchId));
  return row ?? null;
}
