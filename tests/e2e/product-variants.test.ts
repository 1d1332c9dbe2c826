import { describe, expect, it } from "vitest";
import { createProduct, createUser, createVariant } from "../factories/index.ts";
import { Visitor } from "../security/support.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { fillSandboxBuyer, signIn, waitForToast } from "../support/e2e-helpers.ts";
import { markupProblems } from "../support/markup.ts";
import { cartButton, openCheckout, openStorePage, waitForCartQuantity } from "../support/store.ts";

// "Variant Resin": 30g at $25.00 (first), 50g / 3-pack at $60.00 (was $75.00), 100g sold out.
const buyer = "variant-buyer@example.com";
const ids = { product: "", pack: "", soldOut: "" };
let packSku = "";
const slug = "variant-resin";
const e2e = setupE2E({
  seed: "none",
  prepare: async (db) => {
    await createUser(db, { email: buyer, name: "Vera Variant" });
    const product = await createProduct(db, {
      name: "Variant Resin",
      slug,
      priceCents: 2500,
      weightType: "30g",
    });
    const pack = await createVariant(db, product, {
      title: "50g / 3-pack",
      priceCents: 6000,
      compareAtCents: 7500,
      position: 1,
    });
    const soldOut = await createVariant(db, product, {
      title: "100g",
      priceCents: 9000,
      soldOut: true,
      position: 2,
    });
    Object.assign(ids, { product: product.id, pack: pack.id, soldOut: soldOut.id });
    packSku = pack.sku;
  },
});

const productPath = `/product/${slug}`;
const radio = (page: import("playwright-core").Page, title: string) =>
  page.getByRole("radio", { name: new RegExp(`^${title.replace(/[/]/g, "\\/")} —`) });
const priceText = (page: import("playwright-core").Page) =>
  page
    .getByRole("main")
    .locator("p", { hasText: /^\s*(Sale price )?\$/ })
    .first()
    .innerText();

/** The id of the radio that is checked in server-rendered HTML. */
function checkedVariant(html: string) {
  const checked = [...html.matchAll(/<input[^>]*name="variantId"[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => / checked=""/.test(tag));
  expect(checked.length).toBeLessThanOrEqual(1);
  return checked[0]?.match(/value="([\w-]+)"/)?.[1];
}

describe("product variants in the storefront", () => {
  it("picks a variant with the keyboard, keeps it in the URL, and buys it through to My Orders", async () => {
    const page = await e2e.newPage();
    await signIn(page, buyer, "/products");
    await openStorePage(page, "/products");
    expect(await page.getByRole("article").innerText()).toContain("From $25.00");

    await openStorePage(page, productPath);
    const picker = page.getByRole("group", { name: "Size" });
    await picker.waitFor();
    expect(await radio(page, "30g").isChecked()).toBe(true);
    expect(await priceText(page)).toBe("$25.00");

    await radio(page, "30g").focus();
    await page.keyboard.press("ArrowRight");
    expect(await radio(page, "50g / 3-pack").isChecked()).toBe(true);
    await expect.poll(() => priceText(page)).toMatch(/Sale price\s+\$60\.00/);
    const price = page.getByRole("main").getByText("Regular price $75.00");
    await price.waitFor();
    expect(await price.evaluate((el) => el.closest("s") !== null)).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe(`?variant=${ids.pack}`);
    await expectNoSeriousA11yViolations(page, "product page with a variant picker");

    // Reloading the address (as a shared link would open it) shows the same choice.
    await page.reload();
    await cartButton(page).waitFor();
    expect(await radio(page, "50g / 3-pack").isChecked()).toBe(true);
    expect(await priceText(page)).toMatch(/\$60\.00/);

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await waitForToast(page, "Variant Resin (50g / 3-pack)");
    await waitForCartQuantity(page, 1);

    await openStorePage(page, "/cart");
    const line = await page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: "Variant Resin" })
      .innerText();
    expect(line).toContain("50g / 3-pack");
    expect(line).not.toContain("Weight:");
    expect(line).toContain("$60.00 each");

    await openCheckout(page);
    const summary = page.getByRole("region", { name: "Order Summary" });
    expect(await summary.innerText()).toContain("Variant Resin (50g / 3-pack) × 1");
    await page.getByRole("button", { name: "Pay $60.00" }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await fillSandboxBuyer(page, "Vera Variant", buyer);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $60.00" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();

    await openStorePage(page, "/orders");
    const order = await page.getByRole("article").first().innerText();
    expect(order).toContain("Variant Resin (50g / 3-pack) × 1");
    expect(order).toMatch(/Total\s+\$60\.00/);

    // The order's own page: the snapshot (variant title, SKU, unit price) and the money.
    await page
      .getByRole("link", { name: /^View order details/ })
      .first()
      .click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: /^Order #/ }).waitFor();
    const items = await page.getByRole("table", { name: "Items" }).innerText();
    expect(items).toContain("Variant Resin (50g / 3-pack)");
    expect(items).toContain(`SKU ${packSku}`);
    expect(items).toMatch(/\$60\.00\s+1\s+\$60\.00/);
    const totals = await page.getByRole("article").innerText();
    expect(totals).toMatch(/Subtotal\s+\$60\.00/);
    expect(totals).toMatch(/Shipping\s+Free/);
    expect(totals).toMatch(/Total\s+\$60\.00/);
    expect(totals).toContain("Shipping to");
    await expectNoSeriousA11yViolations(page, "order detail");
  });

  it("shows a chosen sold-out variant as SOLD OUT, and Add to Cart again for one on sale", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, `${productPath}?variant=${ids.soldOut}`);
    expect(await radio(page, "100g").isChecked()).toBe(true);
    const main = page.getByRole("main");
    expect(await main.getByRole("button", { name: "SOLD OUT" }).isDisabled()).toBe(true);
    await main.getByText("SOLD OUT", { exact: true }).first().waitFor();
    expect(await main.getByRole("button", { name: "Add to Cart" }).count()).toBe(0);

    await radio(page, "30g").click();
    await main.getByRole("button", { name: "Add to Cart" }).waitFor();
    expect(await main.getByText("SOLD OUT", { exact: true }).count()).toBe(0);
    expect(await priceText(page)).toBe("$25.00");
  });

  it("without JavaScript: the server render shows the linked variant and the form posts it", async () => {
    const visitor = new Visitor(e2e.app.url);
    const linked = await (await visitor.get(`${productPath}?variant=${ids.pack}`)).text();
    expect(checkedVariant(linked)).toBe(ids.pack);
    // The radios are inside the add-to-cart form, so a plain form post carries the choice.
    const form = linked.match(
      /<form[^>]*action="\/cart"[^>]*>(?:(?!<\/form>)[\s\S])*name="productId"(?:(?!<\/form>)[\s\S])*<\/form>/,
    )?.[0];
    expect(form).toContain('name="variantId"');
    expect(linked).toContain('<link rel="canonical" href="');
    expect(linked).toMatch(new RegExp(`rel="canonical" href="[^"]*${productPath}"`));
    // An unknown or malformed id shows the first variant on sale.
    const unknown = await (await visitor.get(`${productPath}?variant=nope`)).text();
    const first = checkedVariant(unknown);
    expect(first).toBeTruthy();
    expect(first).not.toBe(ids.pack);
    expect(checkedVariant(await (await visitor.get(productPath)).text())).toBe(first);

    const added = await visitor.postForm("/cart", {
      redirectTo: `${productPath}?variant=${ids.pack}`,
      intent: "add",
      productId: ids.product,
      variantId: ids.pack,
      quantity: "2",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`${productPath}?variant=${ids.pack}`);
    const cart = await (await visitor.get("/cart")).text();
    expect(cart).toContain("50g / 3-pack");
    expect(cart).toContain("$120.00");

    // Another variant of the same product is its own line; a sold-out one is refused.
    await visitor.postForm("/cart", {
      intent: "add",
      productId: ids.product,
      variantId: first!,
      quantity: "1",
    });
    const refused = await visitor.postForm("/cart.data", {
      intent: "add",
      productId: ids.product,
      variantId: ids.soldOut,
      quantity: "1",
    });
    expect(await refused.text()).toContain("This product is sold out.");
    expect(await (await visitor.get("/cart")).text()).toContain("Cart (3 items)");
  });

  it("caches each variant's page on its own: a copy for one variant is never served for another", async () => {
    const at = (id: string) => `${productPath}?variant=${id}&cache=${Date.now()}`;
    const packPath = at(ids.pack);
    const soldOutPath = at(ids.soldOut);
    const pack = await new Visitor(e2e.app.url).get(packPath);
    expect(pack.headers.get("x-page-cache")).toBe("miss");
    const soldOut = await new Visitor(e2e.app.url).get(soldOutPath);
    expect(soldOut.headers.get("x-page-cache")).toBe("miss");
    expect(checkedVariant(await soldOut.text())).toBe(ids.soldOut);
    const again = await new Visitor(e2e.app.url).get(packPath);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(checkedVariant(await again.text())).toBe(ids.pack);
  });

  it("is valid HTML with the picker, and describes the variants as a ProductGroup", async () => {
    const html = await (await new Visitor(e2e.app.url).get(`${productPath}?variant=${ids.pack}`)).text();
    expect(await markupProblems(html)).toEqual([]);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!))
      .find((data) => data["@type"] === "ProductGroup");
    expect(ld).toMatchObject({ productGroupID: slug, variesBy: ["https://schema.org/size"] });
    expect(ld.hasVariant).toHaveLength(3);
    expect(ld.hasVariant[1]).toMatchObject({
      "@type": "Product",
      name: "Variant Resin 50g / 3-pack",
      offers: { price: "60.00", priceCurrency: "USD", url: expect.stringContaining(`?variant=${ids.pack}`) },
    });
  });
});
