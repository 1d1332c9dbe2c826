import { describe, expect, it } from "vitest";
import { loadAdminVariants } from "../../server/catalog/admin-variants.ts";
import type { Db } from "../../server/db/client.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The Content role edits products' text and images only (issue 34 part 2): over plain HTTP, a
 * Content session's save that would change a price, stock, the status or a variant is refused
 * with 403 and changes nothing; a save that changes only the text goes through. Creating,
 * deleting and copying products stay refused.
 */
const owner = { email: "content-owner@example.com", password: "content-owner-password-1" };
const writer = { email: "content-writer@example.com", password: "content-writer-password-1" };
const product = { id: "", name: "Quillon Resin", form: [] as [string, string][] };

/** The product form exactly as the edit page posts it for the product as it is now. */
async function formOf(db: Db, id: string, name: string): Promise<[string, string][]> {
  const { options, variants } = await loadAdminVariants(db, id);
  const v = variants[0]!;
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const stock = v.stockQuantity === null ? "" : String(v.stockQuantity);
  return [
    ["intent", "save"],
    ["id", id],
    ["name", name],
    ["slug", ""],
    ["description", "Resin from the high valleys."],
    ["imageUrl", ""],
    ["tags", "resin"],
    ["initialViewCount", "0"],
    ["seoTitle", "Quillon"],
    ["seoDescription", "Quillon resin"],
    ["status", "active"],
    ["publishAt", ""],
    ...options.flatMap((o, i): [string, string][] => [
      [`options.${i}.name`, o.name],
      [`options.${i}.values`, o.values.join(", ")],
    ]),
    ["variants.0.id", v.id],
    ...v.optionValues.map((value, k): [string, string] => [`variants.0.values.${k}`, value]),
    ["variants.0.sku", v.sku],
    ["variants.0.price", dollars(v.priceCents)],
    ["variants.0.compareAt", v.compareAtCents === null ? "" : dollars(v.compareAtCents)],
    ["variants.0.weightGrams", v.weightGrams === null ? "" : String(v.weightGrams)],
    ["variants.0.stock", stock],
    ["variants.0.stockShown", stock],
    ["variants.0.lowStock", v.lowStockThreshold === null ? "" : String(v.lowStockThreshold)],
  ];
}

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
  prepare: async (db) => {
    await createUser(db, { ...writer, role: "admin", staffRole: "content" });
    const created = await createProduct(db, {
      name: product.name,
      slug: "quillon-resin",
      description: "Resin from the high valleys.",
      tags: ["resin"],
      seoTitle: "Quillon",
      seoDescription: "Quillon resin",
      seoKeywords: [],
    });
    product.id = created.id;
    product.form = await formOf(db, created.id, product.name);
  },
});

/** The form with some fields replaced (by name). */
function changed(replace: Record<string, string>): URLSearchParams {
  return new URLSearchParams(product.form.map(([k, v]) => [k, replace[k] ?? v]));
}

const save = (staff: Visitor, body: URLSearchParams) => staff.request("POST", "/admin/products", body);

/** The edit page as the owner sees it: the product's price, stock, status and name as stored. */
async function stored() {
  const admin = await target.signedIn(owner);
  return (await admin.get(`/admin/products?edit=${product.id}`)).text();
}

describe("the Content role and products", () => {
  it("refuses a price, stock, status or variant change with 403 and changes nothing", async () => {
    const staff = await target.signedIn(writer);
    const before = await stored();
    expect(before).toContain('value="59.99"');
    const attempts: Record<string, string>[] = [
      { "variants.0.price": "0.01" },
      { "variants.0.stock": "999" },
      { status: "draft" },
      { "variants.0.sku": "QUILLON-OTHER" },
      { "options.0.name": "Weight" },
      // Text together with a price: refused whole, the text is not saved either.
      { name: "Quillon Resin Gold", "variants.0.price": "1.00" },
    ];
    for (const attempt of attempts) {
      const response = await save(staff, changed(attempt));
      expect(response.status, JSON.stringify(attempt)).toBe(403);
    }
    const after = await stored();
    expect(after).toContain('value="59.99"');
    expect(after).not.toContain("Quillon Resin Gold");
    expect(after).not.toContain("QUILLON-OTHER");
  });

  it("refuses creating, deleting and copying products", async () => {
    const staff = await target.signedIn(writer);
    const create = new URLSearchParams(product.form.filter(([k]) => k !== "id"));
    expect((await save(staff, create)).status).toBe(403);
    expect((await save(staff, new URLSearchParams({ intent: "delete", id: product.id }))).status).toBe(403);
    expect((await save(staff, new URLSearchParams({ intent: "duplicate", id: product.id }))).status).toBe(
      403,
    );
    expect((await staff.postForm("/admin/products/bulk", {})).status).toBe(403);
    expect(await stored()).toContain(product.name);
  });

  it("saves a change of the name, description and SEO", async () => {
    const staff = await target.signedIn(writer);
    const response = await save(
      staff,
      changed({
        name: "Quillon Resin Reserve",
        description: "Now with tasting notes.",
        seoTitle: "Quillon Reserve",
      }),
    );
    expect(response.status).toBe(302);
    const after = await stored();
    expect(after).toContain("Quillon Resin Reserve");
    expect(after).toContain("Now with tasting notes.");
    expect(after).toContain('value="59.99"');
  });
});
