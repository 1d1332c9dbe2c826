import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSerial } from "../../core/catalog/serial-code.ts";
import { type Batch, createBatch } from "../../tests/factories/index.ts";
import { createTestDatabase, describeOnPostgres, type TestDatabase } from "../../tests/support/database.ts";
import type { Db } from "../db/client.ts";
import { serials } from "../db/schema/index.ts";
import {
  deleteUnverifiedSerial,
  deleteUnverifiedSerials,
  flaggedSerialsOfBatch,
  serialHistory,
  unflagSerial,
} from "./serial-admin.ts";
import { verifySerial } from "./serial-lookup.ts";
import { generateSerials } from "./serials.ts";
import { checkValidityCode } from "./validity.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function batchWithSerials(count: number): Promise<{ batch: Batch; codes: string[] }> {
  const batch = await createBatch(database.db);
  await generateSerials(database.db, batch.id, count);
  const rows = await database.db
    .select({ code: serials.code })
    .from(serials)
    .where(eq(serials.batchId, batch.id));
  return { batch, codes: rows.map((r) => r.code) };
}

const actorOf = (batch: Batch) => ({ batchId: batch.id, actorId: "admin-1" });

describe("unflagging a serial", () => {
  it("clears the flag and keeps the note in the batch history", async () => {
    const { db } = database;
    const { batch, codes } = await batchWithSerials(1);
    for (const client of ["a", "b", "c"]) await checkValidityCode(db, codes[0]!, client);
    const [flagged] = await flaggedSerialsOfBatch(db, batch.id);
    expect(flagged?.code).toBe(codes[0]);

    expect(await unflagSerial(db, actorOf(batch), flagged!.id, "Same family, three phones")).toBe(
      formatSerial(codes[0]!),
    );
    expect(await flaggedSerialsOfBatch(db, batch.id)).toEqual([]);
    expect(await serialHistory(db, batch.id)).toMatchObject([
      { action: "unflag", code: codes[0], note: "Same family, three phones" },
    ]);
    await expect(unflagSerial(db, actorOf(batch), flagged!.id, "again")).rejects.toThrow("not flagged");
  });

  it("does not unflag a serial of another batch", async () => {
    const { db } = database;
    const { codes } = await batchWithSerials(1);
    for (const client of ["a", "b", "c"]) await checkValidityCode(db, codes[0]!, client);
    const [row] = await db.select({ id: serials.id }).from(serials).where(eq(serials.code, codes[0]!));
    const stranger = await createBatch(db);
    await expect(unflagSerial(db, actorOf(stranger), row!.id, "note")).rejects.toThrow("not flagged");
  });
});

describe("deleting serials", () => {
  it("deletes a never-verified serial and keeps a verified one as evidence", async () => {
    const { db } = database;
    const { batch, codes } = await batchWithSerials(2);
    const [unused, verified] = codes as [string, string];
    await checkValidityCode(db, verified, "buyer");

    expect(await deleteUnverifiedSerial(db, actorOf(batch), unused)).toBe(formatSerial(unused));
    expect(await checkValidityCode(db, unused)).toMatchObject({ valid: false, outcome: "unknown" });
    await expect(deleteUnverifiedSerial(db, actorOf(batch), verified)).rejects.toThrow(
      "verified serials are evidence and cannot be deleted",
    );
    await expect(deleteUnverifiedSerial(db, actorOf(await createBatch(db)), verified)).rejects.toThrow(
      "is not a serial of this batch",
    );
    expect((await serialHistory(db, batch.id)).map((e) => e.action)).toEqual(["delete"]);
  });

  it("bulk-deletes only the batch's unverified serials", async () => {
    const { db } = database;
    const { batch, codes } = await batchWithSerials(5);
    const other = await batchWithSerials(2);
    await checkValidityCode(db, codes[0]!, "buyer");
    expect(await deleteUnverifiedSerials(db, actorOf(batch))).toBe(4);
    const left = await db.select({ code: serials.code }).from(serials).where(eq(serials.batchId, batch.id));
    expect(left.map((r) => r.code)).toEqual([codes[0]]);
    expect(await db.$count(serials, eq(serials.batchId, other.batch.id))).toBe(2);
    expect(await serialHistory(db, batch.id)).toMatchObject([{ action: "bulk_delete", note: "4 serials" }]);
  });
});

describeOnPostgres("deleting while the first lookup happens", () => {
  it("keeps the serial the lookup is verifying: the delete waits for its row lock and then refuses", async () => {
    const { db } = database;
    const { batch, codes } = await batchWithSerials(1);
    const code = codes[0]!;
    let deleting: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      expect(await verifySerial(tx as unknown as Db, code, "buyer")).toMatchObject({ first: true });
      deleting = deleteUnverifiedSerial(db, actorOf(batch), code).catch((error: Error) => error);
      await waitForLockWaiter(db);
    });
    expect(String(await deleting)).toContain("cannot be deleted");
    const [row] = await db.select().from(serials).where(eq(serials.code, code));
    expect(row?.firstVerifiedAt).toBeInstanceOf(Date);
  });
});

/** Until another session of this database waits on a row lock (the delete behind the lookup). */
async function waitForLockWaiter(db: Db) {
  for (let i = 0; i < 200; i++) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const rows =
      (result as unknown as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the delete never waited for the lookup's row lock");
}
