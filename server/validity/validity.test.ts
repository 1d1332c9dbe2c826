import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createValidityCode } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { validityLookups } from "../db/schema/index.ts";
import { checkValidityCode } from "./validity.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await createValidityCode(database.db, { code: "SH1001" });
});
afterAll(() => database.destroy());

describe("checkValidityCode", () => {
  it("matches the normalized code (case, spaces, dashes) and records every lookup as typed", async () => {
    const { db } = database;
    expect(await checkValidityCode(db, "  SH1001 ")).toMatchObject({
      code: "SH1001",
      valid: true,
    });
    expect(await checkValidityCode(db, "sh1001")).toMatchObject({ code: "sh1001", valid: true });
    expect(await checkValidityCode(db, "sh 10-01")).toMatchObject({ code: "sh 10-01", valid: true });
    expect(await checkValidityCode(db, "SH10011")).toMatchObject({
      code: "SH10011",
      valid: false,
    });
    const lookups = await db.select().from(validityLookups).orderBy(desc(validityLookups.createdAt));
    expect(lookups.map((l) => [l.code, l.valid]).sort()).toEqual([
      ["SH1001", true],
      ["SH10011", false],
      ["sh 10-01", true],
      ["sh1001", true],
    ]);
    expect(lookups[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("ignores blank input without recording it", async () => {
    const { db } = database;
    const before = (await db.select().from(validityLookups)).length;
    expect(await checkValidityCode(db, "   ")).toBeNull();
    expect(await db.select().from(validityLookups)).toHaveLength(before);
  });
});
