import { describe, expect, it } from "vitest";
import { loadAdminVariants } from "../../server/catalog/admin-variants.ts";
import { createProduct } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * The product form's options and variants, attacked by an admin session over plain HTTP: another
 * product's variant id, oversized and sprawling input. Each is a 400 with a message, never a 500,
 * and changes nothing.
 */
const admin = { email: "variants-owner@example.com", password: "variants-owner-password-1" };
const ids = { mine: "", theirs: "", theirVariant: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    ids.mine = (await createProduct(db, { name: "Mine Resin", slug: "mine-resin" })).id;
    const theirs = await createProduct(db, { name: "Their Resin", slug: "their-resin", priceCents: 4200 });
    ids.theirs = theirs.id;
    ids.theirVariant = (await loadAdminVariants(db, theirs.id)).variants[0]!.id;
  },
});

function productForm(rows: Record<string, string>) {
  return {
    intent: "save",
    id: ids.mine,
    name: "Mine Resin",
    "options.0.name": "Size",
    "options.0.values": "30g",
    ...rows,
  };
}

describe("admin variant input", () => {
  it("refuses another product's variant id and leaves that product as it was", async () => {
    const owner = await target.signedIn(admin);
    const response = await owner.postForm(
      "/admin/products",
      productForm({
        "variants.0.id": ids.theirVariant,
        "variants.0.values.0": "30g",
        "variants.0.price": "1.00",
      }),
    );
    expect(response.status).toBe(400);
    const theirs = await (await owner.get(`/admin/products?edit=${ids.theirs}`)).text();
    expect(theirs).toContain("THEIR-RESIN-30G");
    expect(theirs).toContain('value="42.00"');
  });

  it("answers oversized and sprawling input with a 400 and a message", async () => {
    const owner = await target.signedIn(admin);
    const cases: Record<string, string>[] = [
      { "variants.0.values.0": "30g", "variants.0.price": "1", "variants.0.sku": "S".repeat(100_000) },
      { "variants.0.values.0": "30g", "variants.0.price": "1e400" },
      // Only rows at absurd indexes: ignored, so there is no variant at all.
      { "variants.99999999.values.0": "30g", "variants.5000.price": "1" },
      Object.fromEntries(
        Array.from({ length: 150 }, (_, i) => [
          [`variants.${i}.values.0`, "30g"],
          [`variants.${i}.price`, "1"],
        ]).flat(),
      ),
    ];
    for (const rows of cases) {
      const response = await owner.postForm("/admin/products", productForm(rows));
      const body = await response.text();
      expect(response.status, Object.keys(rows)[0]).toBe(400);
      expect(body).toContain("Failed to save product");
    }
  });
});
