import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentCreator, createCoupon } from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { validateCoupon } from "../coupons/coupons.ts";
import { contentCreators, coupons } from "../db/schema/index.ts";
import {
  createAdminCreator,
  creatorInputSchema,
  deleteAdminCreator,
  listAdminCreators,
  updateAdminCreator,
} from "./admin-creators.ts";
import { verifyPassword } from "./password.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const form = {
  username: "trailrunner",
  password: "secret-1",
  fullName: "",
  email: "",
  commissionRate: "12.5",
};
const messages = (mode: "create" | "edit", overrides: Record<string, string>) =>
  creatorInputSchema(mode)
    .safeParse({ ...form, ...overrides })
    .error?.issues.map((i) => i.message) ?? [];
const hashOf = async (username: string) =>
  (await database.db.select().from(contentCreators).where(eq(contentCreators.username, username)))[0]!
    .passwordHash;

describe("admin content creators", () => {
  it("gives the spec's validation messages", () => {
    expect(messages("create", { username: "ab" })).toContain("Username must be at least 3 characters");
    expect(messages("create", { username: "a".repeat(51) })).toContain(
      "Username must be at most 50 characters",
    );
    expect(messages("create", { password: "short" })).toContain("Password must be at least 6 characters");
    // Blank on create: the creator sets their own by an invitation link (server/creators/invitation.ts).
    expect(messages("create", { password: "" })).toEqual([]);
    expect(messages("edit", { password: "" })).toEqual([]);
    expect(messages("create", { email: "nope" })).toContain("Invalid email address");
    expect(messages("create", { commissionRate: "-1" })).toContain("Commission rate must be at least 0");
    expect(messages("create", { commissionRate: "100.01" })).toContain("Commission rate cannot exceed 100%");
  });

  it("stores only a hash, keeps it on a blank edit, and refuses a taken username", async () => {
    const input = creatorInputSchema("create").parse(form);
    expect(await createAdminCreator(database.db, input)).toMatchObject({ ok: true, id: expect.any(String) });
    expect((await createAdminCreator(database.db, input)).ok).toBe(false);
    const hash = await hashOf("trailrunner");
    expect(hash).not.toContain("secret-1");
    expect(await verifyPassword("secret-1", hash)).toBe(true);

    const [created] = await listAdminCreators(database.db);
    expect(created).toMatchObject({ commissionBasisPoints: 1250, isActive: true });
    expect(created).not.toHaveProperty("passwordHash");
    const edit = creatorInputSchema("edit").parse({ ...form, password: "", fullName: "Trail Runner" });
    expect(await updateAdminCreator(database.db, created!.id, edit)).toEqual({ ok: true });
    expect(await hashOf("trailrunner")).toBe(hash);
  });

  it("deleting a creator unlinks their coupons, which keep working", async () => {
    const creator = await createContentCreator(database.db);
    const coupon = await createCoupon(database.db, { code: "CREATOR5", contentCreatorId: creator.id });
    expect(await deleteAdminCreator(database.db, creator.id)).toBe(true);
    const [row] = await database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.contentCreatorId).toBeNull();
    expect((await validateCoupon(database.db, "CREATOR5", 5000)).ok).toBe(true);
  });
});
