import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { validityCodes, validityLookups } from "../db/schema/index.ts";

export type ValidityResult = { code: string; valid: boolean };

/**
 * Checks a batch code from a lid: trimmed, then matched exactly (case included), and recorded
 * (code, time, result) so the owner sees which codes are checked. Null for blank input.
 */
export async function checkValidityCode(db: Db, input: string): Promise<ValidityResult | null> {
  const code = input.trim().slice(0, 100);
  if (!code) return null;
  const [match] = await db
    .select({ id: validityCodes.id })
    .from(validityCodes)
    .where(eq(validityCodes.code, code))
    .limit(1);
  const valid = match !== undefined;
  await db.insert(validityLookups).values({ code, valid });
  return { code, valid };
}
