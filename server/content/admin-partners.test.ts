import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import {
  createAdminPartner,
  deleteAdminPartner,
  listAdminPartners,
  partnerInputSchema,
  updateAdminPartner,
} from "./admin-partners.ts";
import { loadHomeContent } from "./home.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const raw = (overrides: Record<string, unknown> = {}) => ({
  name: "Summit Wellness",
  logoUrl: "",
  websiteUrl: "https://summit.example.com",
  description: "",
  active: true,
  ...overrides,
});
const messages = (values: Record<string, unknown>) =>
  partnerInputSchema.safeParse(raw(values)).error?.issues.map((i) => i.message) ?? [];

describe("admin partners", () => {
  it("requires a name", () => {
    expect(messages({ name: "  " })).toEqual(["Name is required"]);
  });

  it("accepts only http(s) website URLs (or none)", () => {
    const refused = "Website URL must start with http:// or https://";
    for (const websiteUrl of ["javascript:alert(1)", "ftp://x.example", "https://", "data:text/html,x"])
      expect(messages({ websiteUrl }), websiteUrl).toEqual([refused]);
    for (const websiteUrl of ["", "http://summit.example.com", " HTTPS://Summit.example.com/shop?a=1 "])
      expect(messages({ websiteUrl }), websiteUrl).toEqual([]);
  });

  it("takes a typed address without a scheme as https (the spec's free-text website)", () => {
    const websiteUrl = (typed: string) => partnerInputSchema.parse(raw({ websiteUrl: typed })).websiteUrl;
    expect(websiteUrl(" summit.example.com ")).toBe("https://summit.example.com");
    expect(websiteUrl("www.summit.example.com/shop")).toBe("https://www.summit.example.com/shop");
    expect(websiteUrl("//summit.example.com")).toBe("https://summit.example.com");
    expect(websiteUrl("")).toBe("");
  });

  it("creates, updates and deletes; only active ones reach the home page", async () => {
    const db = database.db;
    const created = await createAdminPartner(db, partnerInputSchema.parse(raw()));
    expect(created).toMatchObject({ logoUrl: null, description: null, active: true });
    expect((await loadHomeContent(db)).partners.map((p) => p.id)).toEqual([created.id]);

    const updated = await updateAdminPartner(
      db,
      created.id,
      partnerInputSchema.parse(raw({ name: "Summit Co", websiteUrl: "", active: false })),
    );
    expect(updated).toMatchObject({ name: "Summit Co", websiteUrl: null, active: false });
    expect((await loadHomeContent(db)).partners).toEqual([]);

    expect(await deleteAdminPartner(db, created.id)).toBe(true);
    expect(await deleteAdminPartner(db, "nope")).toBe(false);
    expect(await listAdminPartners(db)).toEqual([]);
  });
});
