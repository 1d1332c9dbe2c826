import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { metaContent } from "../support/page.ts";
import { openStorePage } from "../support/store.ts";

// Demo data: three products named "… Resin", "Liquid Shilajit Drops" (resin only in its
// description), four published posts and the draft "30 Days of Shilajit: A Simple Routine".
const e2e = setupE2E();

const headings = (page: import("playwright-core").Page, level: number) =>
  page.getByRole("main").getByRole("heading", { level }).allInnerTexts();

describe("storefront search", () => {
  it("searches from the header box: ranked products, then posts, then opens a product", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/");
    const headerBox = page.getByRole("banner").getByRole("combobox", { name: "Search the shop" });
    await headerBox.fill("resin");
    await headerBox.press("Enter");
    await page.waitForURL("**/search?q=resin");
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    await page.getByText(/^4 products and \d+ blog posts? match “resin”\.$/).waitFor();
    const pageBox = page.getByRole("main").getByRole("combobox", { name: "Search the shop" });
    expect(await pageBox.inputValue()).toBe("resin");
    expect(await headings(page, 2)).toEqual(["Products", "Blog posts"]);
    const products = await page
      .getByRole("region", { name: "Products" })
      .getByRole("heading", { level: 3 })
      .allInnerTexts();
    // A name match outranks a description match.
    expect(products).toHaveLength(4);
    expect(products.at(-1)).toBe("Liquid Shilajit Drops");
    expect(await page.getByRole("main").innerText()).toContain("$89.99");
    expect(await metaContent(page, "robots")).toBe("noindex");
    await expectNoSeriousA11yViolations(page, "/search?q=resin");

    // The word being typed matches by its start; the post titled with it comes first.
    await pageBox.fill("fulv");
    await pageBox.press("Enter");
    await page.waitForURL("**/search?q=fulv");
    await page.getByText(/match “fulv”/).waitFor();
    const posts = page.getByRole("region", { name: "Blog posts" }).getByRole("heading", { level: 3 });
    expect(await posts.first().innerText()).toBe("Fulvic Acid Explained: Why It Matters in Shilajit");
    expect(await page.getByRole("main").innerText()).not.toContain("30 Days of Shilajit");

    await pageBox.fill("gold res");
    await pageBox.press("Enter");
    await page.waitForURL("**/search?q=gold+res");
    await page.getByRole("main").getByRole("link", { name: "Gold Grade Shilajit Resin" }).click();
    await page.waitForURL("**/product/gold-grade-shilajit-resin");
    await page.getByRole("heading", { level: 1, name: "Gold Grade Shilajit Resin" }).waitFor();
  });

  it("finds a product by a variant's SKU typed in any case", async () => {
    const page = await e2e.newPage();
    // The demo product's one variant has the default SKU (slug and weight, upper case).
    await openStorePage(page, "/search?q=liquid-Shilajit-DROPS-30ml");
    const products = page.getByRole("region", { name: "Products" }).getByRole("heading", { level: 3 });
    expect(await products.allInnerTexts()).toEqual(["Liquid Shilajit Drops"]);
  });

  it("gives an empty query and a query without matches a way on", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/search");
    await page.getByText("Type a product name or a topic").waitFor();
    expect(await headings(page, 2)).toEqual([]);
    await openStorePage(page, "/search?q=zzqx");
    await page.getByText("Nothing matches “zzqx”.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "all products" }).click();
    await page.waitForURL("**/products");
    await openStorePage(page, `/search?q=${"y".repeat(150)}`);
    await page.getByText("Search for at most 100 characters.").waitFor();
  });

  it("searches from the mobile menu, and without JavaScript", async () => {
    const page = await e2e.newPage("mobile");
    await openStorePage(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    const box = menu.getByRole("combobox", { name: "Search the shop" });
    await box.fill("drops");
    await box.press("Enter");
    await page.waitForURL("**/search?q=drops");
    await menu.waitFor({ state: "hidden" });
    await page.getByRole("main").getByRole("link", { name: "Liquid Shilajit Drops" }).waitFor();

    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto("/");
      const headerBox = plain.getByRole("banner").getByRole("searchbox", { name: "Search the shop" });
      await headerBox.fill("drops");
      await headerBox.press("Enter");
      await plain.waitForURL("**/search?q=drops");
      await plain.getByRole("main").getByRole("link", { name: "Liquid Shilajit Drops" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("suggests products, collections and posts while typing, forgives a typo, and is a keyboard combobox", async () => {
    const page = await e2e.newPage();
    await openStorePage(page, "/blog");
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search the shop" });
    await box.pressSequentially("shilajt"); // a typo: no word matches, the names most alike do
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list
      .getByRole("option", { name: /Shilajit Resin/ })
      .first()
      .waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");

    await box.press("ArrowDown");
    const first = list.getByRole("option").first();
    expect(await first.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    await box.press("ArrowUp"); // wraps to the last
    expect(await list.getByRole("option").last().getAttribute("aria-selected")).toBe("true");
    await box.press("Escape");
    await list.waitFor({ state: "hidden" });

    await box.fill("");
    await box.pressSequentially("fulv");
    await list.getByRole("option", { name: /Fulvic Acid Explained.*Article/ }).waitFor();
    await box.press("ArrowDown");
    const chosen = (await list.getByRole("option").first().innerText()).split("\n")[0]!;
    await box.press("Enter");
    await page.getByRole("heading", { level: 1, name: chosen }).waitFor();
    await expectNoSeriousA11yViolations(page, "after a suggestion");
  });

  it("describes the site search to search engines on the home page", async () => {
    const html = await (await fetch(`${e2e.app.url}/`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1] ?? "null"),
    );
    const site = blocks.find((b) => b?.["@type"] === "WebSite");
    expect(site.potentialAction).toMatchObject({
      "@type": "SearchAction",
      "query-input": "required name=search_term_string",
    });
    expect(site.potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
  });
});
