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
  it("requires a non-blank code, normalizes it and refuses other characters", () => {
    expect(validityCodeSchema.safeParse("   ").error?.issues[0]?.message).toBe("Please enter a code");
    expect(validityCodeSchema.parse("  lot-77 ")).toBe("LOT77");
    expect(validityCodeSchema.parse("sh 1001")).toBe("SH1001");
    for (const bad of ["🙂", "<script>x</script>", "SH_1001", "ŠH1001"]) {
      expect(validityCodeSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        "A code may only hold letters A–Z, digits, spaces and dashes",
      );
    }
  });

  it("adds a code that then verifies on the storefront, and refuses a duplicate", async () => {
    const { db } = database;
    expect(await addValidityCode(db, "LOT-77")).toEqual({ ok: true });
    expect(await addValidityCode(db, "LOT-77")).toEqual({
      ok: false,
      message: "The code LOT77 already exists",
    });
    expect(await checkValidityCode(db, "lot 77")).toMatchObject({
      code: "lot 77",
      valid: true,
    });
    const [latest] = await listValidityLookups(db);
    expect(latest).toMatchObject({ code: "lot 77", valid: true });
  });

  it("adds pasted codes in bulk, reporting the ones that already existed", async () => {
    const { db } = database;
    const codes = parseBulkCodes("BULK-1\nBULK-2, BULK-2\n\n  LOT-77  ");
    expect(codes).toEqual(["BULK1", "BULK2", "LOT77"]);
    expect(await addValidityCodes(db, codes)).toEqual({
      added: 2,
      duplicates: ["LOT77"],
    });
    expect(await addValidityCodes(db, ["OK1", "<b>"])).toEqual({
      error: "A code may only hold letters A–Z, digits, spaces and dashes: <B>",
    });
    expect(await addValidityCodes(db, [])).toEqual({
      error: "Please enter a code",
    });
  });

  it("deletes a code", async () => {
    const { db } = database;
    const row = (await listValidityCodes(db)).find((c) => c.code === "BULK1")!;
    expect(await deleteValidityCode(db, row.id)).toBe(true);
    expect(await deleteValidityCode(db, row.id)).toBe(false);
    expect((await checkValidityCode(db, "BULK-1"))?.valid).toBe(false);
  });
});
