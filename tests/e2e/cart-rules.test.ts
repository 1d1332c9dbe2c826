import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../../server/db/schema/index.ts";
import { createProduct, type Product, updateOnlyVariant } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { failInsertsWhen } from "../support/page.ts";
import {
  addFromGrid,
  addToCartButton,
  clickWhenIdle,
  openCartDrawer,
  openStorePage,
  waitForCartQuantity,
} from "../support/store.ts";

// Own fixtures instead of the demo data (the seed skips a shop that already has products).
const fixtures: {
  available?: Product;
  soldOut?: Product;
  doomed?: Product;
  fading?: Product;
  unsavable?: Product;
} = {};
const e2e = setupE2E({
  prepare: async (db) => {
    fixtures.available = await createProduct(db, {
      name: "Everyday Resin",
      priceCents: 2500,
      weightType: "30g",
    });
    fixtures.soldOut = await createProduct(db, { name: "Rare Resin", soldOut: true });
    fixtures.doomed = await createProduct(db, { name: "Doomed Drops", priceCents: 1000, weightType: "30ml" });
    fixtures.fading = await createProduct(db, { name: "Fading Resin", priceCents: 1500 });
    fixtures.unsavable = await createProduct(db, { name: "Unsavable Resin", priceCents: 2000 });
    await failInsertsWhen(db, "cart_lines", `new.product_id = '${fixtures.unsavable.id}'`);
  },
});

describe("cart rules in the running shop", () => {
  it("refuses to add a sold-out product on the server, with or without JavaScript", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, `/product/${fixtures.soldOut!.slug}`);
    // The page offers no button; post what a stale page or a script would send.
    const plain = await page.request.post("/cart", {
      form: { intent: "add", productId: fixtures.soldOut!.id, quantity: "1", redirectTo: "/cart" },
      headers: { origin: e2e.app.url },
    });
    expect(plain.url()).toMatch(/\/cart$/);
    const scripted = await page.request.post("/cart.data", {
      form: { intent: "add", productId: fixtures.soldOut!.id, quantity: "1" },
      headers: { origin: e2e.app.url },
    });
    expect(await scripted.text()).toContain("This product is sold out.");
    await openStorePage(page, "/cart");
    await page.getByRole("heading", { level: 1, name: "Your cart is empty" }).waitFor();
    await waitForCartQuantity(page, 0);
  });

  it("a cart that cannot be saved says so and goes on as it was (no error page)", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Everyday Resin", 1);
    await addToCartButton(page, "Unsavable Resin").click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await toasts.getByText("Your cart was not updated").waitFor();
    await toasts.getByText("Your cart could not be saved. Please try again.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Our Products" }).waitFor();
    await waitForCartQuantity(page, 1);
  });

  it("refuses bad quantities sent to the server and changes nothing", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Everyday Resin", 1);
    for (const quantity of ["0", "-3", "100", "2.5", "lots"]) {
      const response = await page.request.post("/cart.data", {
        form: { intent: "add", productId: fixtures.available!.id, quantity },
        headers: { origin: e2e.app.url },
      });
      expect(await response.text()).toContain("Please enter a whole number from 1 to 99.");
    }
    await openStorePage(page, "/cart");
    await waitForCartQuantity(page, 1);
  });

  it("flags lines whose product became sold out or was deleted, and blocks checkout", async (ctx) => {
    // Changing the catalog under a running app needs a second connection: PostgreSQL only.
    const database = e2e.app.database;
    if (!database) return ctx.skip();
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await addFromGrid(page, "Doomed Drops", 1);
    await addFromGrid(page, "Fading Resin", 2);
    await addFromGrid(page, "Everyday Resin", 3);
    await database.db.delete(products).where(eq(products.id, fixtures.doomed!.id));
    // Sold out is a variant's flag (the admin's variant row); the product row follows it.
    await updateOnlyVariant(database.db, fixtures.fading!.id, { soldOut: true });

    await openStorePage(page, "/cart");
    const main = page.getByRole("main");
    await main.getByText("No longer available: remove it to check out").waitFor();
    await main.getByText("Sold out: remove it to check out").waitFor();
    expect(await main.innerText()).toMatch(/Total\s+\$25\.00/);
    expect(await main.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).toBe(true);
    const drawer = await openCartDrawer(page);
    expect(await drawer.getByRole("button", { name: "Checkout" }).isDisabled()).toBe(true);
    await clickWhenIdle(drawer.getByRole("button", { name: "Remove Doomed Drops" }));
    await clickWhenIdle(drawer.getByRole("button", { name: "Remove Fading Resin" }));
    await waitForCartQuantity(page, 1);
    await drawer.getByRole("link", { name: "Checkout" }).waitFor();
  });
});
