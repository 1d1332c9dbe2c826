import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatSerial } from "../../core/catalog/serial-code.ts";
import { type Batch, createBatch, createValidityCode } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { serials } from "../db/schema/index.ts";
import { listValidityLookups } from "./admin-validity.ts";
import { FLAG_CLIENT_THRESHOLD } from "./serial-lookup.ts";
import { generateSerials, listFlaggedSerials } from "./serials.ts";
import { checkValidityCode } from "./validity.ts";

let database: TestDatabase;
let batch: Batch;
let codes: string[];
beforeAll(async () => {
  database = await createTestDatabase();
  batch = await createBatch(database.db, {
    batchNumber: "SH2026-01",
    coaUrl: "/uploads/coa.pdf",
  });
  expect(await generateSerials(database.db, batch.id, 6)).toBe(6);
  codes = (await database.db.select({ code: serials.code }).from(serials)).map((r) => r.code);
});
afterAll(() => database.destroy());

const typoOf = (code: string) => code.slice(0, 3) + (code[3] === "7" ? "8" : "7") + code.slice(4);

describe("serial lookups", () => {
  it("says first verification once, then when it was first verified, with the batch each time", async () => {
    const { db } = database;
    const serial = codes[0]!;
    const first = await checkValidityCode(db, formatSerial(serial).toLowerCase(), "client-a");
    expect(first).toMatchObject({
      valid: true,
      outcome: "first",
      firstVerifiedAt: null,
    });
    expect(first?.batch).toMatchObject({
      batchNumber: "SH2026-01",
      coaUrl: "/uploads/coa.pdf",
    });
    const again = await checkValidityCode(db, serial, "client-a");
    expect(again).toMatchObject({ valid: true, outcome: "repeat" });
    expect(again?.firstVerifiedAt).toBeInstanceOf(Date);
    const [row] = await db.select().from(serials).where(eq(serials.code, serial));
    expect(row).toMatchObject({
      lookupCount: 2,
      clientCount: 1,
      flaggedAt: null,
    });
  });

  it("gives exactly one first verification to lookups racing on the same serial", async () => {
    const { db } = database;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => checkValidityCode(db, codes[1]!, `racer-${i}`)),
    );
    expect(results.filter((r) => r?.outcome === "first")).toHaveLength(1);
    expect(results.filter((r) => r?.outcome === "repeat")).toHaveLength(7);
  });

  it("tells a typo from a code that was never issued", async () => {
    const { db } = database;
    expect(await checkValidityCode(db, typoOf(codes[2]!))).toMatchObject({
      valid: false,
      outcome: "typo",
    });
    // A well-formed serial (its check passes) that is not in the database is not genuine.
    const { serialFromRandom } = await import("../../core/catalog/serial-code.ts");
    const forged = serialFromRandom(new Uint8Array(12).fill(7));
    expect(await checkValidityCode(db, forged)).toMatchObject({
      valid: false,
      outcome: "unknown",
    });
    expect(await checkValidityCode(db, "NOT-A-CODE")).toMatchObject({
      valid: false,
      outcome: "unknown",
    });
    // Neither the typo nor the forgery counted as a verification of the real serial.
    const [row] = await db.select().from(serials).where(eq(serials.code, codes[2]!));
    expect(row?.lookupCount).toBe(0);
  });

  it(`flags a serial once ${FLAG_CLIENT_THRESHOLD} different clients looked it up, not before`, async () => {
    const { db } = database;
    const serial = codes[3]!;
    for (const client of ["one", "one", "two", "two"]) await checkValidityCode(db, serial, client);
    expect((await listFlaggedSerials(db)).map((s) => s.code)).not.toContain(serial);
    await checkValidityCode(db, serial, "three");
    const flagged = (await listFlaggedSerials(db)).find((s) => s.code === serial);
    expect(flagged).toMatchObject({
      batchNumber: "SH2026-01",
      clientCount: 3,
      lookupCount: 5,
    });
    expect(flagged?.flaggedAt).toBeInstanceOf(Date);
  });

  it("keeps codes without a batch valid, and shows a batch code's batch", async () => {
    const { db } = database;
    await createValidityCode(db, { code: "SH1001" });
    await createValidityCode(db, { code: "SH2002", batchId: batch.id });
    expect(await checkValidityCode(db, "SH1001")).toMatchObject({
      valid: true,
      outcome: "legacy",
      batch: null,
    });
    expect(await checkValidityCode(db, "SH2002")).toMatchObject({
      valid: true,
      outcome: "batch",
      batch: {
        batchNumber: "SH2026-01",
        productName: "Pure Himalayan Shilajit",
      },
    });
  });

  it("logs each lookup with its batch, serial and outcome", async () => {
    const { db } = database;
    await checkValidityCode(db, codes[4]!, "logger");
    const [latest] = await listValidityLookups(db);
    expect(latest).toMatchObject({
      code: codes[4],
      outcome: "first",
      batchNumber: "SH2026-01",
    });
    expect(latest?.serialId).toBeTruthy();
  });
});
