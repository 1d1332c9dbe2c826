import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordCreated, updateTracked } from "../audit/tracked.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { batches, serials } from "../db/schema/index.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { trackedBatch } from "./audit.ts";

const isoDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `Enter the ${label} as a date`);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** The batch form (create and edit); the certificate file is handled by the route. */
export const batchInputSchema = z
  .object({
    productName: z.string().trim().min(1, "Enter the product").max(200, "At most 200 characters"),
    batchNumber: z.string().trim().min(1, "Enter the batch number").max(100, "At most 100 characters"),
    producedOn: isoDate("production date"),
    expiresOn: isoDate("expiry date"),
    labName: z.string().trim().max(200, "At most 200 characters").default(""),
    testedOn: optional(isoDate("test date")),
  })
  .refine((b) => b.expiresOn > b.producedOn, {
    message: "The expiry date must be after the production date",
    path: ["expiresOn"],
  });
export type BatchInput = z.infer<typeof batchInputSchema>;

export type AdminBatch = typeof batches.$inferSelect & {
  serialCount: number;
  flaggedCount: number;
};

/** Every batch, newest first, with how many serials it has and how many are flagged. */
export async function listBatches(db: Db): Promise<AdminBatch[]> {
  const rows = await db
    .select({
      batch: batches,
      serialCount: sql<number>`count(${serials.id})::int`,
      flaggedCount: sql<number>`count(${serials.flaggedAt})::int`,
    })
    .from(batches)
    .leftJoin(serials, eq(serials.batchId, batches.id))
    .groupBy(batches.id)
    .orderBy(desc(batches.createdAt));
  return rows.map((r) => ({
    ...r.batch,
    serialCount: r.serialCount,
    flaggedCount: r.flaggedCount,
  }));
}

export async function getBatch(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(batches).where(eq(batches.id, id));
  if (!row) return null;
  const [serialCount] = await db.select({ n: count() }).from(serials).where(eq(serials.batchId, id));
  return { ...row, serialCount: serialCount?.n ?? 0 };
}

const duplicate = (batchNumber: string) =>
  new ConflictError({
    title: "Error",
    description: `The batch number ${batchNumber} already exists`,
  });

/** Creates a batch; a batch number already in use is a ConflictError. */
export async function createBatch(db: Db, input: BatchInput, coaUrl: string | null): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(batches)
      .values({ ...input, testedOn: input.testedOn ?? null, coaUrl })
      .onConflictDoNothing({ target: batches.batchNumber })
      .returning();
    if (!row) throw duplicate(input.batchNumber);
    await recordCreated(tx, row, trackedBatch);
    return row.id;
  });
}

/** Updates a batch; a new certificate replaces the old one, none keeps it. */
export async function updateBatch(db: Db, id: string, input: BatchInput, coaUrl: string | null) {
  if (!isUuid(id))
    throw new NotFoundError({
      title: "Error",
      description: "This batch no longer exists",
    });
  try {
    const values = { ...input, testedOn: input.testedOn ?? null, ...(coaUrl ? { coaUrl } : {}) };
    if (!(await updateTracked(db, batches, id, values, trackedBatch)))
      throw new NotFoundError({
        title: "Error",
        description: "This batch no longer exists",
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.batchNumber);
    throw error;
  }
}
