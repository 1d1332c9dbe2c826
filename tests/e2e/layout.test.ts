import { describe, expect, it } from "vitest";
import { brand } from "~core/brand.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";

const e2e = setupE2E();
const sections = ["Home", "Products", "Blog", "Validity", "About Us", "Contact Us"];

describe("public layout", () => {
  it("shows the header with logo, main navigation, cart and Sign In", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: brand.name }).getAttribute("href")).toBe("/");
    const nav = header.getByRole("navigation", { name: "Main" });
    for (const name of sections) await nav.getByRole("link", { name, exact: true }).waitFor();
    // Once the page is interactive the cart control opens the drawer (a link to /cart before).
    await header.getByRole("button", { name: "Cart", exact: true }).waitFor();
    expect(await header.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    await expectNoSeriousA11yViolations(page);
  });

  it("opens the 20rem mobile menu with every section and Sign In", async () => {
    const page = await e2e.newPage("mobile");
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    for (const name of sections) await menu.getByRole("link", { name, exact: true }).waitFor();
    await menu.getByRole("button", { name: /^Cart/ }).waitFor();
    await menu.getByRole("link", { name: "Sign In" }).waitFor();
    const width = await menu.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(320);
    await expectNoSeriousA11yViolations(page, "mobile menu");
    await menu.getByRole("link", { name: "Products", exact: true }).click();
    await page.waitForURL("**/products");
    await menu.waitFor({ state: "hidden" });
  });

  it("shows a progress bar while a slow navigation loads, without moving the page", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Cart", exact: true }).waitFor();
    // Hold the next page's data until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/blog.data*", async (route) => {
      await held;
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    expect(await bar.count()).toBe(0);
    const headingTop = await page.getByRole("heading", { level: 1 }).first().boundingBox();
    await page
      .getByRole("banner")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await bar.waitFor();
    expect((await page.getByRole("heading", { level: 1 }).first().boundingBox())?.y).toBe(headingTop?.y);
    release();
    await page.waitForURL("**/blog");
    await bar.waitFor({ state: "detached" });
  });

  it("has a footer with the shop links, legal notice and contact addresses", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const links: [string, string][] = [
      ["Products", "/products"],
      ["Blog", "/blog"],
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
      ["Validity Check", "/validity"],
    ];
    for (const [name, href] of links) {
      expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    }
    const text = await footer.innerText();
    expect(text).toContain(brand.distributor);
    expect(text).toContain(brand.supportEmail);
    expect(text).toContain(brand.bulkEmail);
    expect(text).toContain(brand.website);
    expect(text.toLowerCase()).toContain("batch number");
  });

  it("answers an unknown path with the 404 page and status", async () => {
    const page = await e2e.newPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404" }).waitFor();
    await page.getByText("Oops! Page not found").waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${e2e.app.url}/`);
    await page.goto("/also/missing");
    await expectNoSeriousA11yViolations(page, "404 page");
  });
});
