import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productVariants } from "../../server/db/schema/index.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget } from "./support.ts";

/**
 * The stock adjustment route (/admin/products/:id/stock) attacked over plain HTTP: visitors and
 * customers are refused and change nothing; an admin's bad input (a result below zero, huge or
 * non-numeric counts, another product's variant, a 50 MB body) gets a clear message, never a 500.
 */
const admin = { email: "stock-owner@example.com", password: "stock-owner-password-1" };
const customer = { email: "stock-customer@example.com", password: "stock-customer-password-1" };
const ids = { product: "", variant: "", otherVariant: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, customer);
    const product = await createProduct(db, { name: "Counted Resin", slug: "counted-resin" });
    ids.product = product.id;
    const [variant] = await db
      .update(productVariants)
      .set({ stockQuantity: 5 })
      .where(eq(productVariants.productId, product.id))
      .returning();
    ids.variant = variant!.id;
    const other = await createProduct(db, { name: "Other Resin", slug: "other-resin" });
    const [otherVariant] = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, other.id));
    ids.otherVariant = otherVariant!.id;
  },
});

const path = () => `/admin/products/${ids.product}/stock`;
const adjustment = (fields: Record<string, string> = {}) => ({
  variantId: ids.variant,
  mode: "set",
  quantity: "0",
  reason: "adjustment",
  note: "",
  ...fields,
});

async function stockShown() {
  const owner = await target.signedIn(admin);
  const html = await (await owner.get(path())).text();
  return /Counted Resin/.test(html) ? html : "";
}

describe("stock adjustment route", () => {
  it("refuses visitors and customers, and the count stays", async () => {
    const visitor = target.visitor();
    const shopper = await target.signedIn(customer);
    for (const [who, person] of [
      ["visitor", visitor],
      ["customer", shopper],
    ] as const) {
      const read = await person.get(path());
      expect(read.status, who).not.toBe(200);
      const write = await person.postForm(path(), adjustment({ quantity: "999" }));
      expect([302, 303, 307, 401, 403, 404], who).toContain(write.status);
      expect(await write.text(), who).not.toContain("Counted Resin");
    }
    expect(await stockShown()).not.toContain(">999<");
  });

  it("answers bad input with a 400 and a clear message", async () => {
    const owner = await target.signedIn(admin);
    const cases: [Record<string, string>, string][] = [
      [{ mode: "add", quantity: "-6" }, "Stock cannot go below zero: 5 in stock."],
      [{ quantity: "-1" }, "Stock cannot go below zero"],
      [{ quantity: "99999999999" }, "Enter at most 1,000,000."],
      [{ mode: "add", quantity: "1e400" }, "Enter a whole number."],
      [{ quantity: "2.5" }, "Enter a whole number."],
      [{ reason: "sale" }, "Choose a reason."],
      [{ variantId: "not-a-uuid" }, "Choose a variant."],
      [{ note: "x".repeat(5000) }, "Keep the note under 500 characters."],
    ];
    for (const [fields, message] of cases) {
      const response = await owner.postForm(path(), adjustment(fields));
      const body = await response.text();
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(body).toContain(message);
    }
  });

  it("another product's variant is not found and stays as it was", async () => {
    const owner = await target.signedIn(admin);
    const response = await owner.postForm(path(), adjustment({ variantId: ids.otherVariant, quantity: "7" }));
    expect(response.status).toBe(404);
  });

  it("refuses a 50 MB body without reading it", async () => {
    const owner = await target.signedIn(admin);
    const huge = `variantId=${ids.variant}&mode=set&quantity=1&reason=adjustment&note=${"a".repeat(50 * 1024 * 1024)}`;
    await expectTooLarge(
      owner.request("POST", path(), huge, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
  });

  it("an admin's valid adjustment is saved and listed as a movement", async () => {
    const owner = await target.signedIn(admin);
    const response = await owner.postForm(path(), adjustment({ quantity: "3", note: "shelf count" }));
    expect([302, 303]).toContain(response.status);
    const html = await stockShown();
    expect(html).toContain("shelf count");
  });
});
