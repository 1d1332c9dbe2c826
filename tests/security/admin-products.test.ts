import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_BULK_VARIANTS } from "../../core/catalog/bulk-edit.ts";
import { productVariants } from "../../server/db/schema/index.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * The product states, duplicate and bulk edit, attacked over HTTP: a role without edit:product,
 * ids that are not there, a bulk save far over its limit, prices no shop charges, and a draft
 * looked for on every storefront door (page, feed, sitemap, search, suggestions, cart).
 */
const owner = { email: "products-owner@example.com", password: "products-owner-password-1" };
const marketer = { email: "products-marketing@example.com", password: "products-marketing-password-1" };
const ids = { live: "", liveVariant: "", draft: "", draftVariant: "" };
const draft = { name: "Zephyrine Unreleased Resin", slug: "zephyrine-unreleased-resin" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
  prepare: async (db) => {
    await createUser(db, { ...marketer, role: "admin", staffRole: "marketing" });
    const live = await createProduct(db, { name: "Zephyrine Live Resin", slug: "zephyrine-live-resin" });
    const hidden = await createProduct(db, { ...draft, status: "draft" });
    const variant = async (productId: string) =>
      (await db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0]!;
    Object.assign(ids, {
      live: live.id,
      liveVariant: (await variant(live.id)).id,
      draft: hidden.id,
      draftVariant: (await variant(hidden.id)).id,
    });
  },
});

/** The variant's price as the owner's bulk grid shows it (the app's database is its own). */
async function priceOf(variantId: string, productId: string) {
  const admin = await target.signedIn(owner);
  const page = await (await admin.get(`/admin/products/bulk?ids=${productId}`)).text();
  return new RegExp(`name="was\\.${variantId}\\.price" value="([^"]*)"`).exec(page)?.[1];
}

/** How many products the owner's list counts. */
async function productCount() {
  const admin = await target.signedIn(owner);
  return /(\d+) products/.exec(await (await admin.get("/admin/products")).text())?.[1];
}

describe("product editing permissions", () => {
  it("refuses bulk edit and duplicate to a role without edit:product, changing nothing", async () => {
    const staff = await target.signedIn(marketer);
    const before = await priceOf(ids.liveVariant, ids.live);
    expect(before).toBe("59.99");
    const bulk = await staff.postForm("/admin/products/bulk", { [`cell.${ids.liveVariant}.price`]: "0.01" });
    expect(bulk.status).toBe(403);
    expect(await priceOf(ids.liveVariant, ids.live)).toBe(before);
    const count = await productCount();
    const duplicate = await staff.postForm("/admin/products", { intent: "duplicate", id: ids.live });
    expect(duplicate.status).toBe(403);
    expect(await productCount()).toBe(count);
    expect((await staff.get("/admin/products/bulk")).status).toBe(403);
  });
});

describe("bulk edit input", () => {
  it("answers ids that are not there with a message at the cell, never a 500", async () => {
    const admin = await target.signedIn(owner);
    for (const id of [crypto.randomUUID(), "not-a-uuid", "' or 1=1 --"]) {
      const response = await admin.postForm("/admin/products/bulk", { [`cell.${id}.price`]: "1.00" });
      expect(response.status, id).toBe(400);
      expect(await response.text()).toContain("This variant no longer exists");
    }
    const duplicate = await admin.postForm("/admin/products", {
      intent: "duplicate",
      id: crypto.randomUUID(),
    });
    expect(duplicate.status).toBe(404);
    const malformed = await admin.postForm("/admin/products", { intent: "duplicate", id: "../../x" });
    expect(malformed.status).toBe(404);
  });

  it(`refuses ${(10_000).toLocaleString("en-US")} variant ids in one save with the limit named`, async () => {
    const admin = await target.signedIn(owner);
    const cells = Object.fromEntries(
      Array.from({ length: 10_000 }, () => [`cell.${crypto.randomUUID()}.price`, "1"]),
    );
    const response = await admin.postForm("/admin/products/bulk", cells);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`At most ${MAX_BULK_VARIANTS} variants can be saved at once`);
  });

  it("refuses negative and absurd prices per cell and saves none of the grid", async () => {
    const admin = await target.signedIn(owner);
    const before = await priceOf(ids.liveVariant, ids.live);
    const response = await admin.postForm("/admin/products/bulk", {
      [`cell.${ids.liveVariant}.compareAt`]: "-1",
      [`cell.${ids.draftVariant}.price`]: "1e9",
      [`cell.${ids.draftVariant}.status`]: "deleted",
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Compare-at price cannot be negative");
    expect(body).toContain("Price must be an amount like 19.99");
    expect(body).toContain("Choose Draft, Active or Archived");
    expect(await priceOf(ids.liveVariant, ids.live)).toBe(before);
    const huge = await admin.postForm("/admin/products/bulk", {
      [`cell.${ids.liveVariant}.price`]: "99999999.99",
    });
    expect(await huge.text()).toContain("Price must be at most $1,000,000.00");
  });
});

describe("a draft on the storefront", () => {
  it("is not reachable by slug, id, feed, sitemap, search, suggestions or add to cart", async () => {
    const visitor = target.visitor();
    expect((await visitor.get(`/product/${draft.slug}`)).status).toBe(404);
    expect((await visitor.get(`/product/${ids.draft}`)).status).toBe(404);
    expect((await visitor.get("/product/zephyrine-live-resin")).status).toBe(200);
    for (const path of [
      "/feeds/google.xml",
      "/sitemap.xml",
      "/search?q=zephyrine",
      "/search/suggest?q=zephyrine",
      "/products?q=zephyrine",
    ]) {
      const body = await (await visitor.get(path)).text();
      expect(body, path).not.toContain(draft.slug);
      expect(body, path).not.toContain(draft.name);
    }
    const added = await visitor.postForm("/cart", { intent: "add", productId: ids.draft, quantity: "1" });
    expect(added.ok).toBe(false);
    const chosen = await visitor.postForm("/cart", {
      intent: "add",
      productId: ids.draft,
      variantId: ids.draftVariant,
      quantity: "1",
    });
    expect(chosen.ok).toBe(false);
    expect(await (await visitor.get("/cart")).text()).not.toContain(draft.name);
  });
});
