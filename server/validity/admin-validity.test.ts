import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  addValidityCode,
  addValidityCodes,
  deleteValidityCode,
  listValidityCodes,
  listValidityLookups,
  parseBulkCodes,
  validityCodeSchema,
} from "./admin-validity.ts";
import { checkValidityCode } from "./validity.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("admin validity codes", () => {
  it("requires a non-blank code and trims it", () => {
    expect(validityCodeSchema.safeParse("   ").error?.issues[0]?.message).toBe("Please enter a code");
    expect(validityCodeSchema.parse("  LOT-77 ")).toBe("LOT-77");
  });

  it("adds a code that then verifies on the storefront, and refuses a duplicate", async () => {
    const { db } = database;
    expect(await addValidityCode(db, "LOT-77")).toEqual({ ok: true });
    expect(await addValidityCode(db, "LOT-77")).toEqual({
      ok: false,
      message: "The code LOT-77 already exists",
    });
    expect(await checkValidityCode(db, "LOT-77")).toMatchObject({
      code: "LOT-77",
      valid: true,
    });
    const [latest] = await listValidityLookups(db);
    expect(latest).toMatchObject({ code: "LOT-77", valid: true });
  });

  it("adds pasted codes in bulk, reporting the ones that already existed", async () => {
    const { db } = database;
    const codes = parseBulkCodes("BULK-1\nBULK-2, BULK-2\n\n  LOT-77  ");
    expect(codes).toEqual(["BULK-1", "BULK-2", "LOT-77"]);
    expect(await addValidityCodes(db, codes)).toEqual({
      added: 2,
      duplicates: ["LOT-77"],
    });
    expect(await addValidityCodes(db, [])).toEqual({
      error: "Please enter a code",
    });
  });

  it("deletes a code", async () => {
    const { db } = database;
    const row = (await listValidityCodes(db)).find((c) => c.code === "BULK-1")!;
    expect(await deleteValidityCode(db, row.id)).toBe(true);
    expect(await deleteValidityCode(db, row.id)).toBe(false);
    expect((await checkValidityCode(db, "BULK-1"))?.valid).toBe(false);
  });
});
