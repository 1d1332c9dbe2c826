import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBatch, createValidityCode } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  ATTACH_MAX,
  attachCodesToBatch,
  attachSummary,
  batchCodeLists,
  batchCodesSchema,
  detachCodesFromBatch,
} from "./batch-codes.ts";
import { checkValidityCode } from "./validity.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("attaching list codes to a batch", () => {
  it("attaches free codes, reports unknown ones and never moves a code from another batch", async () => {
    const { db } = database;
    const mine = await createBatch(db, { batchNumber: "ATT-1", coaUrl: "/uploads/att.pdf" });
    const other = await createBatch(db, { batchNumber: "ATT-2" });
    await createValidityCode(db, { code: "LID-A" });
    await createValidityCode(db, { code: "LID-B" });
    await createValidityCode(db, { code: "LID-C", batchId: other.id });

    // Codes are normalized like the lookup: lid-b and LID-B are the same code LIDB.
    const report = await attachCodesToBatch(db, mine.id, ["LID-A", "lid-b", "LID-C", "NOPE"]);
    expect(report).toEqual({ attached: 2, alreadyHere: 0, inOtherBatch: ["LIDC"], unknown: ["NOPE"] });
    expect(attachSummary(report)).toBe("2 attached, 1 already in another batch (left there), 1 unknown");
    expect(await attachCodesToBatch(db, mine.id, ["LID-A"])).toMatchObject({ attached: 0, alreadyHere: 1 });

    const lists = await batchCodeLists(db, mine.id);
    expect(lists.attached.map((c) => c.code)).toEqual(["LIDA", "LIDB"]);
    expect(lists.attachedCount).toBe(2);
    expect(lists.unattached.map((c) => c.code)).not.toContain("LIDC");
    expect((await batchCodeLists(db, other.id)).attached.map((c) => c.code)).toEqual(["LIDC"]);
  });

  it("makes a lookup of an attached code show the batch, and a detached one plain valid again", async () => {
    const { db } = database;
    const batch = await createBatch(db, { batchNumber: "ATT-3", coaUrl: "/uploads/att3.pdf" });
    await createValidityCode(db, { code: "LID-D" });
    await attachCodesToBatch(db, batch.id, ["LID-D"]);
    const found = await checkValidityCode(db, "LID-D");
    expect(found).toMatchObject({ valid: true, outcome: "batch" });
    expect(found?.batch).toMatchObject({ batchNumber: "ATT-3", coaUrl: "/uploads/att3.pdf" });

    const other = await createBatch(db, { batchNumber: "ATT-4" });
    expect(await detachCodesFromBatch(db, other.id, ["LID-D"])).toBe(0);
    expect(await detachCodesFromBatch(db, batch.id, ["LID-D"])).toBe(1);
    expect(await checkValidityCode(db, "LID-D")).toMatchObject({
      valid: true,
      outcome: "legacy",
      batch: null,
    });
  });
});

describe("the attach form", () => {
  it("merges pasted lines and ticked codes without repeats", () => {
    expect(batchCodesSchema.parse({ pasted: "A1\nB2\r\n\nA1, C3", code: ["B2", "D4"] })).toEqual([
      "A1",
      "B2",
      "C3",
      "D4",
    ]);
  });

  it("refuses nothing, too many and too long codes with a message", () => {
    const message = (input: unknown) => batchCodesSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ pasted: " \n " })).toBe("Paste or select at least one code");
    const many = Array.from({ length: ATTACH_MAX + 1 }, (_, i) => `C${i}`).join("\n");
    expect(message({ pasted: many })).toBe("Attach at most 5,000 codes at once");
    expect(message({ pasted: "x".repeat(101) })).toBe("A code must be at most 100 characters");
  });
});
