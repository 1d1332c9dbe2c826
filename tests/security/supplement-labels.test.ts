import { describe, expect, it } from "vitest";
import { productVariants } from "../../server/db/schema/index.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { matrixAdmin, matrixAdminEnv, matrixCustomer } from "../support/admin-route-matrix.ts";
import { setupTarget } from "./support.ts";

/**
 * The admin label screen over HTTP (decision 045): only an admin may read or change a label;
 * oversized, negative or malformed input is a 400 with its message (never a 500), a huge body a
 * 413; another product's variant is not found; and whatever the owner types — HTML included — is
 * shown as text on the product page.
 */
const ids = { product: "", other: "", otherVariant: "" };
const PAGE = "/product/label-target-resin";
const HOSTILE = `</table><script>alert("x")</script><img src=x onerror=alert(1)>`;

const target = setupTarget({
  seed: "none",
  env: matrixAdminEnv,
  prepare: async (db) => {
    await createUser(db, matrixCustomer);
    ids.product = (await createProduct(db, { name: "Label Target Resin", slug: "label-target-resin" })).id;
    ids.other = (await createProduct(db, { name: "Other Resin" })).id;
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: ids.other, sku: "OTHER-100G", title: "100g", priceCents: 100, position: 1 })
      .returning();
    ids.otherVariant = variant!.id;
  },
});

const labelPath = () => `/admin/products/${ids.product}/label`;
const facts = (fields: Record<string, string> = {}) => ({
  intent: "facts",
  variantId: "",
  servingSize: "1 portion (300 mg)",
  servingsPerContainer: "100",
  name: "Shilajit resin",
  amount: "300",
  unit: "mg",
  dailyValue: "",
  otherIngredients: "",
  directions: "",
  warnings: "",
  ...fields,
});

describe("label screen attacks", () => {
  it("refuses anonymous visitors and customers, to read and to change", async () => {
    const customer = await target.signedIn(matrixCustomer);
    for (const visitor of [target.visitor(), customer]) {
      const read = await visitor.get(labelPath());
      expect([302, 303]).toContain(read.status);
      expect(read.headers.get("location")).toContain("/admin/login");
      for (const form of [facts(), { intent: "settings", prop65Audience: "everyone" }]) {
        const post = await visitor.postForm(labelPath(), form);
        expect([302, 303]).toContain(post.status);
        expect(post.headers.get("location")).toContain("/admin/login");
      }
    }
    const page = await (await target.visitor().get(PAGE)).text();
    expect(page).not.toContain("Supplement Facts</caption>");
  });

  it("answers oversized, negative and malformed input with a 400 and its message, keeping what was typed", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const cases: Array<[Record<string, string>, string]> = [
      [{ servingSize: "x".repeat(5000) }, "Keep the serving size under 101 characters."],
      [{ amount: "-5" }, "Enter an amount of 0 or more"],
      [{ amount: "1e400" }, "Enter an amount of 0 or more"],
      [{ dailyValue: "lots" }, "Enter a % Daily Value from 0 to 10,000"],
      [{ unit: "<b>kg</b>" }, "Choose a unit."],
      [{ name: "", amount: "" }, "Add at least one dietary ingredient."],
    ];
    for (const [fields, message] of cases) {
      const response = await admin.postForm(labelPath(), facts(fields));
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const kept = await admin.postForm(labelPath(), facts({ amount: "-5", name: "Fulvic acid" }));
    expect(await kept.text()).toMatch(/value="Fulvic acid"/);

    const tooMany = new URLSearchParams(facts());
    for (let i = 0; i < 40; i++)
      for (const [k, v] of Object.entries({ name: `I${i}`, amount: "1", unit: "mg" })) tooMany.append(k, v);
    const many = await admin.request("POST", labelPath(), tooMany);
    expect(many.status).toBe(400);
    expect(await many.text()).toContain("Use at most 30 ingredients.");

    const claims = await admin.postForm(labelPath(), {
      intent: "label",
      claims: "Supports energy.\n".repeat(11),
      prop65Chemicals: "",
      prop65Endpoint: "",
    });
    expect(claims.status).toBe(400);
    expect(await claims.text()).toContain("Use at most 10 claims.");
    const warning = await admin.postForm(labelPath(), {
      intent: "label",
      claims: "",
      prop65Warning: "on",
      prop65Chemicals: "",
      prop65Endpoint: "nonsense",
    });
    expect(warning.status).toBe(400);

    const huge = await admin.postForm(labelPath(), facts({ warnings: "x".repeat(3_000_000) }));
    expect(huge.status).toBe(413);
  });

  it("finds no variant of another product, and no product for a made-up id", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const foreign = await admin.postForm(labelPath(), facts({ variantId: ids.otherVariant }));
    expect(foreign.status).toBe(404);
    const garbage = await admin.postForm(labelPath(), facts({ variantId: "../../etc" }));
    expect(garbage.status).toBe(404);
    const removal = await admin.postForm(labelPath(), {
      intent: "remove-override",
      variantId: ids.otherVariant,
    });
    expect(removal.status).toBe(404);
    expect((await admin.get("/admin/products/not-a-product/label")).status).toBe(404);
  });

  it("shows HTML typed into the label as text on the product page", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const saved = await admin.postForm(
      labelPath(),
      facts({ name: HOSTILE.slice(0, 100), otherIngredients: HOSTILE }),
    );
    expect(saved.status).toBe(302);
    const label = await admin.postForm(labelPath(), {
      intent: "label",
      claims: HOSTILE,
      prop65Warning: "on",
      prop65Chemicals: `lead, <img src=x onerror=alert(2)>`,
      prop65Endpoint: "both",
    });
    expect(label.status).toBe(302);
    const page = await (await target.visitor().get(PAGE)).text();
    expect(page).toContain("Supplement Facts</caption>");
    expect(page).not.toContain("<script>alert");
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page).toContain("chemicals including lead and &lt;img src=x onerror=alert(2)&gt;");
    const screen = await (await admin.get(labelPath())).text();
    expect(screen).not.toContain("<script>alert");
  });
});
