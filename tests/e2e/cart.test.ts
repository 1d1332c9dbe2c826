import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E, viewports } from "../support/browser.ts";
import {
  addFromGrid,
  clickWhenIdle,
  openCartDrawer,
  openStorePage,
  waitForCartQuantity,
} from "../support/store.ts";

// Demo data: Gold Grade $89.99 (30g), Liquid Drops $39.99 (30ml), Summit Reserve sold out.
const e2e = setupE2E();

const gold = "Gold Grade Shilajit Resin";
const drops = "Liquid Shilajit Drops";

function row(container: ReturnType<Page["getByRole"]>, name: string) {
  return container.getByRole("list", { name: "Cart items" }).getByRole("listitem").filter({ hasText: name });
}

async function quantityOf(container: ReturnType<Page["getByRole"]>, name: string) {
  return Number(await container.getByRole("status", { name: `Quantity of ${name}` }).innerText());
}

describe("cart", () => {
  it("adds from the grid: the same product again raises the line's quantity", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, gold, 1);
    await addFromGrid(page, gold, 2);
    await addFromGrid(page, drops, 3);
    const drawer = await openCartDrawer(page);
    await drawer.getByRole("heading", { name: "Your Cart" }).waitFor();
    expect(await row(drawer, gold).count()).toBe(1);
    const goldText = await row(drawer, gold).innerText();
    expect(goldText).toContain("Weight: 30g");
    expect(goldText).toContain("$89.99 each");
    expect(goldText).toContain("$179.98");
    expect(await row(drawer, drops).innerText()).toContain("Weight: 30ml");
    const summary = await drawer.innerText();
    expect(summary).toMatch(/Subtotal\s+\$219\.97/);
    // The seeded default zone: free shipping in the United States.
    expect(summary).toMatch(/Shipping\s+Free shipping/);
    expect(summary).toMatch(/Total\s+\$219\.97/);
    expect(await drawer.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
    await expectNoSeriousA11yViolations(page, "open cart drawer");
    await drawer.getByRole("button", { name: "Continue Shopping" }).click();
    await drawer.waitFor({ state: "hidden" });
    expect(page.url()).toMatch(/\/products$/);
  });

  it("adds from the product page with the chosen quantity, never below 1", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/product/liquid-shilajit-drops");
    const main = page.getByRole("main");
    const minus = main.getByRole("button", { name: `Decrease quantity of ${drops}` });
    const plus = main.getByRole("button", { name: `Increase quantity of ${drops}` });
    const input = main.getByRole("spinbutton", { name: "Quantity" });
    expect(await input.inputValue()).toBe("1");
    expect(await minus.isDisabled()).toBe(true);
    await clickWhenIdle(plus);
    await clickWhenIdle(plus);
    expect(await input.inputValue()).toBe("3");
    await clickWhenIdle(minus);
    expect(await input.inputValue()).toBe("2");
    await main.getByRole("button", { name: "Add to Cart" }).click();
    await waitForCartQuantity(page, 2);
    await page.getByText("Added to cart").first().waitFor();

    const drawer = await openCartDrawer(page);
    expect(await row(drawer, drops).innerText()).toContain("$79.98");
  });

  it("refuses a bad quantity with a clear message and changes nothing", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/product/liquid-shilajit-drops");
    const main = page.getByRole("main");
    const input = main.getByRole("spinbutton", { name: "Quantity" });
    for (const bad of ["0", "150"]) {
      await input.fill(bad);
      await main.getByRole("button", { name: "Add to Cart" }).click();
      await main
        .getByRole("alert")
        .filter({ hasText: "Please enter a whole number from 1 to 99." })
        .waitFor();
    }
    await waitForCartQuantity(page, 0);
    expect(
      await (await openCartDrawer(page)).getByRole("heading", { name: "Your cart is empty" }).count(),
    ).toBe(1);
  });

  it("changes quantities in the drawer (minus does nothing at 1), removes lines, shows the empty state", async () => {
    const page = await e2e.newPage("mobile");
    await openStorePage(page, "/products");
    await addFromGrid(page, drops, 1);
    const drawer = await openCartDrawer(page);
    const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeCloseTo(viewports.mobile.width, 1);
    const minus = drawer.getByRole("button", { name: `Decrease quantity of ${drops}` });
    const plus = drawer.getByRole("button", { name: `Increase quantity of ${drops}` });
    expect(await minus.isDisabled()).toBe(true);
    // Each change is waited for: a click right after the previous one can land before its form
    // turns busy and be ignored by design (one change at a time per line).
    await clickWhenIdle(plus);
    await waitForCartQuantity(page, 2);
    await clickWhenIdle(plus);
    await waitForCartQuantity(page, 3);
    expect(await quantityOf(drawer, drops)).toBe(3);
    expect(await drawer.innerText()).toMatch(/Total\s+\$119\.97/);
    await clickWhenIdle(minus);
    await waitForCartQuantity(page, 2);
    await expect.poll(() => drawer.innerText(), { timeout: 10_000 }).toMatch(/Total\s+\$79\.98/);
    await clickWhenIdle(drawer.getByRole("button", { name: `Remove ${drops}` }));
    await drawer.getByRole("heading", { name: "Your cart is empty" }).waitFor();
    await drawer.getByText("Looks like you haven't added any products yet.").waitFor();
    await waitForCartQuantity(page, 0);
    await drawer.getByRole("link", { name: "Browse Products" }).click();
    await drawer.waitFor({ state: "hidden" });
    await page.waitForURL("**/products");
  });

  it("is 24rem wide on larger screens", async () => {
    const page = await e2e.newPage("desktop");
    await openStorePage(page, "/");
    const drawer = await openCartDrawer(page);
    expect(await drawer.evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(384, 1);
    await drawer.getByRole("heading", { name: "Your cart is empty" }).waitFor();
    await expectNoSeriousA11yViolations(page, "empty cart drawer");
  });

  it("works on the /cart page: +/-, remove, totals, empty state", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, gold, 1);
    await addFromGrid(page, drops, 2);
    await openStorePage(page, "/cart");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Your Cart" }).waitFor();
    expect(await main.innerText()).toMatch(/Total\s+\$129\.98/);
    expect(await main.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe(
      "/checkout",
    );
    await expectNoSeriousA11yViolations(page, "/cart");

    expect(await main.getByRole("button", { name: `Decrease quantity of ${gold}` }).isDisabled()).toBe(true);
    await clickWhenIdle(main.getByRole("button", { name: `Increase quantity of ${gold}` }));
    await waitForCartQuantity(page, 3);
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toMatch(/Subtotal\s+\$219\.97/);
    await clickWhenIdle(main.getByRole("button", { name: `Decrease quantity of ${gold}` }));
    await waitForCartQuantity(page, 2);
    await clickWhenIdle(main.getByRole("button", { name: `Remove ${gold}` }));
    await waitForCartQuantity(page, 1);
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toMatch(/Total\s+\$39\.99/);
    await clickWhenIdle(main.getByRole("button", { name: `Remove ${drops}` }));
    await main.getByRole("heading", { level: 1, name: "Your cart is empty" }).waitFor();
    await main.getByRole("link", { name: "Browse Products" }).waitFor();
    await expectNoSeriousA11yViolations(page, "empty /cart");
  });

  it("survives reloads and a browser restart, with the badge never showing a wrong count", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, gold, 1);
    await addFromGrid(page, gold, 2);
    await page.reload();
    await waitForCartQuantity(page, 2);
    // No flash of 0: a page rendered for the shopper already carries the quantity in its HTML…
    const html = await (await page.request.get("/contact")).text();
    expect(html).toContain('<span class="sr-only">Cart (2 items)</span>');
    // …and the shared copy of a catalog page (decision 056) hides the badge until their part is in.
    const shared = await (await page.request.get("/")).text();
    expect(shared).toContain('<meta name="personal-part" content="pending">');
    expect(shared).not.toContain("Cart (2 items)");

    const cookies = await page.context().cookies();
    const cartCookie = cookies.find((c) => c.name === "cart_id");
    expect(cartCookie?.httpOnly).toBe(true);
    expect(cartCookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    // A browser restart keeps persistent cookies: a new context with the same cookie jar.
    const restarted = await e2e.browser.newContext({
      baseURL: e2e.app.url,
      storageState: await page.context().storageState(),
    });
    try {
      const again = await restarted.newPage();
      await openStorePage(again, "/cart");
      await waitForCartQuantity(again, 2);
      expect(await again.getByRole("main").innerText()).toContain("$179.98");
    } finally {
      await restarted.close();
    }
    // Another browser has its own cart.
    const stranger = await e2e.newPage();
    await openStorePage(stranger, "/cart");
    await waitForCartQuantity(stranger, 0);
  });

  it("works without JavaScript: add, change and remove are plain form posts", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/product/liquid-shilajit-drops");
      await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.waitForURL("**/product/liquid-shilajit-drops");
      await page.getByRole("link", { name: "Cart (2 items)" }).click();
      await page.waitForURL("**/cart");
      const main = page.getByRole("main");
      await clickWhenIdle(main.getByRole("button", { name: `Increase quantity of ${drops}` }));
      await page.getByRole("link", { name: "Cart (3 items)" }).waitFor();
      expect(await main.innerText()).toMatch(/Total\s+\$119\.97/);
      await clickWhenIdle(main.getByRole("button", { name: `Remove ${drops}` }));
      await main.getByRole("heading", { level: 1, name: "Your cart is empty" }).waitFor();
    } finally {
      await context.close();
    }
  });
});
