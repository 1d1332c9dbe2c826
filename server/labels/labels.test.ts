import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productLabelSchema, supplementFactsSchema } from "../../core/forms/supplement-label-form.ts";
import { prop65WarningText } from "../../core/legal/prop65.ts";
import { DISCLAIMER_PLURAL, DISCLAIMER_SINGULAR } from "../../core/legal/supplement-facts.ts";
import type { PostalAddress } from "../../core/orders/address.ts";
import {
  createBlogPost,
  createProduct,
  createProductLabel,
  createSupplementFacts,
  sampleFacts,
} from "../../tests/factories/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/database.ts";
import { addToCart, getOrCreateCart } from "../cart/cart.ts";
import { startCheckout } from "../checkout/checkout.ts";
import { renderMarkdown } from "../content/markdown.ts";
import { blogPostData } from "../content/storefront.ts";
import { products, productVariants } from "../db/schema/index.ts";
import { NotFoundError } from "../errors.ts";
import { sandboxProvider } from "../payments/sandbox.ts";
import { prop65WarningsFor, warningsShownWithOrder } from "./checkout-warnings.ts";
import { claimsHtml, withClaimDisclaimer } from "./label-html.ts";
import { loadProductLabel, removeVariantFacts, saveProductLabel, saveSupplementFacts } from "./labels.ts";
import { labelForPage } from "./product-page.ts";
import { getLabelSettings, saveLabelSettings } from "./settings.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const address = (state: string): PostalAddress => ({
  name: "Pat Buyer",
  phone: "+1 415 555 0100",
  line1: "1 Market St",
  line2: "",
  city: state === "CA" ? "San Francisco" : "Austin",
  state,
  postalCode: state === "CA" ? "94105" : "78701",
  country: "US",
});

const lead = { chemicals: ["lead"], endpoint: "reproductive" as const };

async function secondVariant(productId: string) {
  const [row] = await database.db
    .insert(productVariants)
    .values({
      productId,
      sku: `SKU-${productId.slice(0, 8)}-100`,
      title: "100g",
      priceCents: 9999,
      position: 1,
    })
    .returning({ id: productVariants.id });
  return row!.id;
}

describe("Supplement Facts", () => {
  it("saves one panel per product; a second save updates it", async () => {
    const db = database.db;
    const product = await createProduct(db);
    await saveSupplementFacts(db, product.id, null, { ...sampleFacts, servingSize: "1 scoop" });
    await saveSupplementFacts(db, product.id, null, { ...sampleFacts, servingSize: "2 scoops" });
    const label = await loadProductLabel(db, product.id);
    expect(label.facts?.servingSize).toBe("2 scoops");
    expect(label.variantFacts).toEqual({});
  });

  it("lets a variant carry its own panel, shown for that variant only, and removes it again", async () => {
    const db = database.db;
    const product = await createProduct(db);
    const jar100 = await secondVariant(product.id);
    await createSupplementFacts(db, product.id);
    await saveSupplementFacts(db, product.id, jar100, { ...sampleFacts, servingsPerContainer: "About 333" });

    const page = await labelForPage(db, product.id);
    expect(page?.html).toContain("About 100");
    expect(page?.html).not.toContain("About 333");
    expect(page?.variants[jar100]).toContain("About 333");

    await removeVariantFacts(db, product.id, jar100);
    expect((await labelForPage(db, product.id))?.variants).toEqual({});
  });

  it("refuses a variant of another product and an unknown product", async () => {
    const db = database.db;
    const mine = await createProduct(db);
    const other = await createProduct(db);
    const theirs = await secondVariant(other.id);
    await expect(saveSupplementFacts(db, mine.id, theirs, sampleFacts)).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveSupplementFacts(db, "not-a-uuid", null, sampleFacts)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("renders the panel as a table with its headers, † and its footnote, and typed text as text", async () => {
    const db = database.db;
    const product = await createProduct(db);
    await createSupplementFacts(db, product.id, {
      ingredients: [
        { name: "<script>alert(1)</script>", amount: 300, unit: "mg", dailyValuePercent: null },
        { name: "Zinc", amount: 11, unit: "mg", dailyValuePercent: 100 },
      ],
      otherIngredients: "Water & <b>love</b>",
    });
    const html = (await labelForPage(db, product.id))!.html;
    expect(html).toContain("<caption>Supplement Facts</caption>");
    expect(html).toContain('<th scope="col">Amount Per Serving</th><th scope="col">% Daily Value</th>');
    expect(html).toContain('<th scope="row">Zinc</th><td>11 mg</td><td>100%</td>');
    expect(html).toContain("<td>300 mg</td><td>†</td>");
    expect(html).toContain("†Daily Value not established.");
    expect(html).toContain("Other ingredients:</strong> Water &amp; &lt;b&gt;love&lt;/b&gt;");
    expect(html).not.toContain("<script>");
  });

  it("shows no † footnote when every ingredient has a Daily Value", async () => {
    const db = database.db;
    const product = await createProduct(db);
    await createSupplementFacts(db, product.id, {
      ingredients: [{ name: "Zinc", amount: 11, unit: "mg", dailyValuePercent: 100 }],
    });
    expect((await labelForPage(db, product.id))!.html).not.toContain("Daily Value not established");
  });

  it("validates the form: amounts ≥ 0, lengths and counts", () => {
    const row = { name: "Fulvic acid", amount: "150", unit: "mg", dailyValuePercent: "" };
    const form = { ...sampleFacts, ingredients: [row] };
    const ok = supplementFactsSchema.safeParse(form);
    expect(ok.success && ok.data.ingredients[0]).toEqual({
      name: "Fulvic acid",
      amount: 150,
      unit: "mg",
      dailyValuePercent: null,
    });
    const issues = (input: unknown) =>
      supplementFactsSchema.safeParse(input).error?.issues.map((i) => i.path.join("."));
    expect(issues({ ...form, ingredients: [{ ...row, amount: "-1" }] })).toEqual(["ingredients.0.amount"]);
    expect(issues({ ...form, ingredients: [{ ...row, amount: "abc" }] })).toEqual(["ingredients.0.amount"]);
    expect(issues({ ...form, ingredients: [{ ...row, unit: "kg" }] })).toEqual(["ingredients.0.unit"]);
    expect(issues({ ...form, ingredients: [] })).toEqual(["ingredients"]);
    expect(issues({ ...form, ingredients: Array(31).fill(row) })).toEqual(["ingredients"]);
    expect(issues({ ...form, servingSize: "x".repeat(101) })).toEqual(["servingSize"]);
    expect(issues({ ...form, warnings: "x".repeat(2001) })).toEqual(["warnings"]);
  });
});

describe("claims and the FDA disclaimer", () => {
  it("uses the singular wording for exactly one claim, the plural otherwise", () => {
    const one = claimsHtml(["Supports natural energy."], true);
    expect(one).toContain("<li>Supports natural energy.*</li>");
    expect(one).toContain(`*${DISCLAIMER_SINGULAR}`);
    const two = claimsHtml(["Supports energy", "Supports recovery**"], false);
    expect(two).toContain("<li>Supports recovery*</li>");
    expect(two).toContain(`*${DISCLAIMER_PLURAL}`);
    expect(claimsHtml([], true)).toContain(DISCLAIMER_PLURAL);
    expect(claimsHtml([], false)).toBe("");
  });

  it("shows the disclaimer on every product page by default, and only with claims when switched off", async () => {
    const db = database.db;
    const plain = await createProduct(db);
    const claimed = await createProduct(db);
    await createProductLabel(db, claimed.id, { claims: ["Supports natural energy."] });
    expect((await labelForPage(db, plain.id))?.html).toContain(DISCLAIMER_PLURAL);
    await saveLabelSettings(db, { ...(await getLabelSettings(db)), disclaimerWithoutClaims: false });
    try {
      expect(await labelForPage(db, plain.id)).toBeNull();
      expect((await labelForPage(db, claimed.id))?.html).toContain(DISCLAIMER_SINGULAR);
    } finally {
      await saveLabelSettings(db, { ...(await getLabelSettings(db)), disclaimerWithoutClaims: true });
    }
  });

  it("marks [claim] paragraphs of a blog post and adds the disclaimer counted from them", async () => {
    const one = renderMarkdown("Intro.\n\n[claim] Supports **energy**.\n\nMore.");
    expect(one).toContain('<p class="label-claim">Supports <strong>energy</strong>.*</p>');
    expect(withClaimDisclaimer(one)).toContain(`*${DISCLAIMER_SINGULAR}`);
    const two = renderMarkdown("[claim] One.\n\n[claim] Two.");
    expect(withClaimDisclaimer(two)).toContain(`*${DISCLAIMER_PLURAL}`);
    expect(withClaimDisclaimer(renderMarkdown("No claim here."))).not.toContain("Food and Drug");

    const post = await createBlogPost(database.db, { content: "[claim] Supports focus.", contentHtml: null });
    const page = await blogPostData(database.db, "/tmp", post.slug);
    expect(page?.html).toContain("Supports focus.*");
    expect(page?.html).toContain(DISCLAIMER_SINGULAR);
  });
});

describe("Prop 65", () => {
  it("validates the warning: chemicals and endpoint are needed with the flag", () => {
    const base = { claims: "", prop65Warning: true, prop65Chemicals: "", prop65Endpoint: "" };
    const paths = productLabelSchema.safeParse(base).error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["prop65Chemicals", "prop65Endpoint"]);
    const ok = productLabelSchema.parse({
      ...base,
      prop65Chemicals: "lead, cadmium",
      prop65Endpoint: "both",
    });
    expect(ok.prop65Chemicals).toEqual(["lead", "cadmium"]);
    const claims = productLabelSchema.safeParse({ ...base, prop65Warning: false, claims: "x\n".repeat(11) });
    expect(claims.error?.issues[0]?.path).toEqual(["claims"]);
  });

  it("shows the product page warning behind a WARNING summary", async () => {
    const db = database.db;
    const product = await createProduct(db);
    await saveProductLabel(db, product.id, {
      claims: [],
      prop65Warning: true,
      prop65Chemicals: ["lead"],
      prop65Endpoint: "reproductive",
    });
    const html = (await labelForPage(db, product.id))!.html;
    expect(html).toContain("<details");
    expect(html).toContain("<summary><strong>WARNING:</strong>");
    expect(html).toContain(
      "Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.",
    );
  });

  it("shows the checkout warning for California only by default, and to everyone when chosen", async () => {
    const db = database.db;
    const product = await createProduct(db);
    await createProductLabel(db, product.id, { prop65: lead });
    expect(await prop65WarningsFor(db, [product.id], address("TX"))).toEqual([]);
    const [warning] = await prop65WarningsFor(db, [product.id, null], address("CA"));
    expect(warning?.text).toMatch(
      /^WARNING: Consuming this product can expose you to chemicals including lead/,
    );
    await saveLabelSettings(db, { ...(await getLabelSettings(db)), prop65Audience: "everyone" });
    try {
      expect(await prop65WarningsFor(db, [product.id], address("TX"))).toHaveLength(1);
    } finally {
      await saveLabelSettings(db, { ...(await getLabelSettings(db)), prop65Audience: "california" });
    }
  });

  it("records with the order which warnings were shown, and when", async () => {
    const db = database.db;
    const flagged = await createProduct(db, { name: "Flagged Resin" });
    const plain = await createProduct(db);
    await createProductLabel(db, flagged.id, {
      prop65: { chemicals: ["lead", "cadmium"], endpoint: "both" },
    });
    const cartId = await getOrCreateCart(db, { guestCartId: null });
    await addToCart(db, cartId, flagged.id, 1);
    await addToCart(db, cartId, plain.id, 1);
    const now = new Date("2026-03-02T10:00:00Z");
    const shippingAddress = address("CA");
    const started = await startCheckout(db, sandboxProvider, {
      cartId,
      userId: null,
      purchaseType: "one_time",
      paymentMethod: "card",
      couponCode: null,
      shippingAddress,
      prop65Warnings: await prop65WarningsFor(db, [flagged.id, plain.id], shippingAddress),
      now,
    });
    if (!started.ok) throw new Error(started.reason);
    expect(await warningsShownWithOrder(db, started.orderId)).toEqual([
      {
        productName: "Flagged Resin",
        warningText:
          "WARNING: Consuming this product can expose you to chemicals including lead and cadmium, which are known to the State of California to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.",
        shownAt: now,
      },
    ]);
  });

  it("words each endpoint as the regulation does", () => {
    expect(prop65WarningText(["lead"], "cancer")).toContain(
      "chemicals including lead, which is known to the State of California to cause cancer. For more",
    );
    expect(prop65WarningText(["lead"], "reproductive")).toContain(
      "to cause birth defects or other reproductive harm. For more",
    );
    expect(prop65WarningText(["lead", "arsenic", "cadmium"], "both")).toContain(
      "including lead, arsenic and cadmium, which are known to the State of California to cause cancer and birth defects or other reproductive harm.",
    );
  });
});

describe("label rows", () => {
  it("go with their product", async () => {
    const db = database.db;
    const product = await createProduct(db);
    await createSupplementFacts(db, product.id);
    await createProductLabel(db, product.id, { claims: ["Supports energy."] });
    await db.delete(products).where(eq(products.id, product.id));
    expect(await loadProductLabel(db, product.id)).toEqual({
      facts: null,
      variantFacts: {},
      claims: [],
      prop65: null,
    });
  });
});
