import { describe, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { openCartDrawer, openStorePage } from "../support/store.ts";

const e2e = setupE2E({ seed: "none" });

describe("an empty shop", () => {
  it("says there are no products, and the cart is empty in the drawer and on /cart", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/products");
    await page.getByText("No products available at the moment.").waitFor();
    const drawer = await openCartDrawer(page);
    await drawer.getByRole("heading", { name: "Your cart is empty" }).waitFor();
    await drawer.getByText("Looks like you haven't added any products yet.").waitFor();
    await drawer.getByRole("link", { name: "Browse Products" }).waitFor();
    await page.keyboard.press("Escape");
    await openStorePage(page, "/cart");
    await page.getByRole("heading", { level: 1, name: "Your cart is empty" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Browse Products" }).waitFor();
    await expectNoSeriousA11yViolations(page, "empty /cart");
  });
});
