import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { serialClients, serials } from "../db/schema/index.ts";

/**
 * Different clients (hashed addresses) that may look one serial up before it is flagged as a
 * likely copy: the buyer, a second device or a family member is normal, a third is suspicious.
 */
export const FLAG_CLIENT_THRESHOLD = 3;

export type SerialHit =
  | { first: true; serialId: string; batchId: string }
  | { first: false; serialId: string; batchId: string; firstVerifiedAt: Date };

const hitColumns = {
  id: serials.id,
  batchId: serials.batchId,
  firstVerifiedAt: serials.firstVerifiedAt,
};

/**
 * Counts one lookup of a serial. The first verification is a conditional update (only while
 * first_verified_at is null), so of two lookups at once exactly one is told "first".
 */
export async function verifySerial(db: Db, code: string, clientHash: string): Promise<SerialHit | null> {
  const [first] = await db
    .update(serials)
    .set({
      firstVerifiedAt: sql`now()`,
      lookupCount: sql`${serials.lookupCount} + 1`,
    })
    .where(and(eq(serials.code, code), isNull(serials.firstVerifiedAt)))
    .returning(hitColumns);
  const hit = first
    ? { first: true as const, serialId: first.id, batchId: first.batchId }
    : await repeatLookup(db, code);
  if (hit) await countClient(db, hit.serialId, clientHash);
  return hit;
}

async function repeatLookup(db: Db, code: string): Promise<SerialHit | null> {
  const [row] = await db
    .update(serials)
    .set({ lookupCount: sql`${serials.lookupCount} + 1` })
    .where(eq(serials.code, code))
    .returning(hitColumns);
  if (!row) return null;
  return {
    first: false,
    serialId: row.id,
    batchId: row.batchId,
    firstVerifiedAt: row.firstVerifiedAt!,
  };
}

/** A new client bumps client_count; reaching the threshold flags the serial (once). */
async function countClient(db: Db, serialId: string, clientHash: string) {
  const added = await db
    .insert(serialClients)
    .values({ serialId, clientHash })
    .onConflictDoNothing()
    .returning({ serialId: serialClients.serialId });
  if (!added.length) return;
  await db
    .update(serials)
    .set({
      clientCount: sql`${serials.clientCount} + 1`,
      flaggedAt: sql`coalesce(${serials.flaggedAt}, case when ${serials.clientCount} + 1 >= ${FLAG_CLIENT_THRESHOLD} then now() end)`,
    })
    .where(eq(serials.id, serialId));
}
