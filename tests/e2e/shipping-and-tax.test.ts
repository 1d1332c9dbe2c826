import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveAddress } from "../../server/accounts/addresses.ts";
import { createProduct, createUser } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, fillSandboxBuyer, signIn, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { addFromGrid, fillShippingAddress, openCheckout, openStorePage } from "../support/store.ts";

// Decisions 035 and 036: the owner's shipping rate and Texas sales tax, from the cart estimate to
// the order page; a saved address comes preselected.
const resin = "Lone Star Resin";
const texan = { email: "tex.buyer@example.com", name: "Tex Buyer" };
const saver = { email: "saved.address@example.com", name: "Sam Saver" };
const texasAddress = {
  name: "Tex Buyer",
  phone: "+1 512 555 0100",
  line1: "100 Congress Ave",
  line2: "",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
};

const e2e = setupE2E({
  env: adminEnv,
  prepare: async (db) => {
    await createProduct(db, { name: resin, slug: "lone-star-resin", priceCents: 3000 });
    await createUser(db, texan);
    const sam = await createUser(db, saver);
    await saveAddress(db, sam.id, {
      ...texasAddress,
      name: "Sam Saver",
      line1: "7 Saved Lane",
      country: "US",
    });
  },
});

const summary = (page: Page) => page.getByRole("region", { name: "Order Summary" });

async function ownerSetsRates(page: Page) {
  await signInAsAdmin(page, "/admin/shipping");
  await page.getByRole("link", { name: "Edit United States" }).click();
  await page.getByRole("heading", { name: "Edit zone" }).waitFor();
  await page.getByRole("textbox", { name: "Rate name" }).fill("Standard shipping");
  await page.getByRole("textbox", { name: "Price ($)" }).fill("5");
  await page.getByRole("textbox", { name: "Free on orders over ($)" }).fill("50");
  await page.getByRole("button", { name: "Save zone" }).click();
  await waitForToast(page, "Shipping zone saved");
  await page.getByRole("combobox", { name: "State" }).selectOption("TX");
  await page.getByRole("textbox", { name: "Rate (%)" }).fill("8.25");
  await page.getByRole("checkbox", { name: "Tax shipping too" }).check();
  await page.getByRole("button", { name: "Save rate" }).click();
  await waitForToast(page, "Sales tax rate saved");
  const taxes = await page.getByRole("region", { name: "Sales tax" }).innerText();
  expect(taxes).toMatch(/TX\s+8\.25%\s+Yes/);
}

describe("shipping and sales tax", () => {
  it("the owner's $5 rate (free over $50) and Texas tax: cart estimate, checkout lines, sandbox, order page", async () => {
    await ownerSetsRates(await e2e.newPage());

    const page = await e2e.newPage();
    await signIn(page, texan.email, "/products");
    await openStorePage(page, "/products");
    await addFromGrid(page, resin, 1);
    await openStorePage(page, "/cart");
    const cart = await summary(page).innerText();
    expect(cart).toMatch(/Shipping \(estimate\)\s+\$5\.00/);
    expect(cart).toMatch(/Total\s+\$35\.00/);
    expect(cart).toContain("Free shipping on orders over $50.00: add $20.00 more.");

    // A wrong ZIP is explained, and what was typed stays.
    await openStorePage(page, "/checkout");
    await fillShippingAddress(page, { ...texasAddress, postalCode: "787" });
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByText("Please enter a 5-digit ZIP code (or ZIP+4).").waitFor();
    expect(await page.getByRole("textbox", { name: "Street address" }).inputValue()).toBe("100 Congress Ave");

    await openCheckout(page, texasAddress);
    const lines = await summary(page).innerText();
    expect(lines).toMatch(/Shipping \(Standard shipping\)\s+\$5\.00/);
    // 8.25% of $35.00 (goods and shipping) = 2.8875 → $2.89.
    expect(lines).toMatch(/Sales tax \(TX 8\.25%\)\s+\$2\.89/);
    expect(lines).toMatch(/Total\s+\$37\.89/);
    expect(await page.getByRole("region", { name: "Ship to" }).innerText()).toContain("100 Congress Ave");

    await page.getByRole("button", { name: "Pay $37.89" }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    expect(await page.getByLabel("Address").inputValue()).toBe("100 Congress Ave");
    await fillSandboxBuyer(page, "Tex Buyer", texan.email);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $37.89" }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    const paidCard = await page.getByRole("region", { name: /^Order #/ }).innerText();
    expect(paidCard).toMatch(/Total\s+\$37\.89/);

    await openStorePage(page, "/orders");
    await page
      .getByRole("link", { name: /View order details/ })
      .first()
      .click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await page.getByText("Sales tax (TX 8.25%)").waitFor();
    const detail = await page.getByRole("main").innerText();
    expect(detail).toMatch(/Shipping \(Standard shipping\)\s+\$5\.00/);
    expect(detail).toMatch(/Sales tax \(TX 8\.25%\)\s+\$2\.89/);
    expect(detail).toContain("100 Congress Ave");
  });

  it("a signed-in customer's saved address is preselected and used", async () => {
    const page = await e2e.newPage();
    await signIn(page, saver.email, "/products");
    await openStorePage(page, "/products");
    await addFromGrid(page, resin, 1);
    await openStorePage(page, "/checkout");
    const saved = page.getByRole("radio", { name: /Sam Saver, 7 Saved Lane/ });
    expect(await saved.isChecked()).toBe(true);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByRole("heading", { name: "Ship to" }).waitFor();
    expect(await page.getByRole("region", { name: "Ship to" }).innerText()).toContain("7 Saved Lane");
    await page.getByRole("link", { name: "Change address" }).click();
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
  });
});
