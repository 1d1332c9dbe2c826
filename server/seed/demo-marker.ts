import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { shopFacts } from "../db/schema/index.ts";

const DEMO_KEY = "demo";

/** Marks the database as filled by the demo seed (in the seed's transaction). */
export async function markDemoDatabase(db: Db, seededAt: Date) {
  await db
    .insert(shopFacts)
    .values({ key: DEMO_KEY, value: { seededAt: seededAt.toISOString() } })
    .onConflictDoNothing();
}

/**
 * Whether this database holds the demo seed. A shop's own database never has the mark: the seed
 * runs only on an empty database, and nothing else writes it.
 */
export async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ key: shopFacts.key }).from(shopFacts).where(eq(shopFacts.key, DEMO_KEY));
  return Boolean(row);
}
