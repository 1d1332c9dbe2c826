import type { Db } from "../../server/db/client.ts";
import { batches } from "../../server/db/schema/index.ts";
import { uniqueSuffix } from "./unique.ts";

export type Batch = typeof batches.$inferSelect;

/** A production batch with dates, a lab and no certificate unless given. */
export async function createBatch(
  db: Db,
  overrides: Partial<typeof batches.$inferInsert> = {},
): Promise<Batch> {
  const [row] = await db
    .insert(batches)
    .values({
      productName: "Pure Himalayan Shilajit",
      batchNumber: `B-${uniqueSuffix().toUpperCase()}`,
      producedOn: "2026-01-15",
      expiresOn: "2028-01-15",
      labName: "Alpine Analytical Labs",
      testedOn: "2026-01-20",
      ...overrides,
    })
    .returning();
  return row!;
}
