import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";

// A shop without any content yet.
const e2e = setupE2E({ seed: "none" });

describe("storefront without content", () => {
  it("leaves out testimonials, partners and certificates, and says there are no posts yet", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings).toEqual([
      "Shilajit Products",
      "Why Our Shilajit Is Superior",
      "Validate Your Product",
      "How to Use Shilajit",
      "Latest Articles",
      "Why Choose Us",
    ]);
    await page.getByText("No blog posts available yet. Check back soon!").waitFor();
    await page.getByText("No products available at the moment.").waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it("shows the empty blog text", async () => {
    const page = await e2e.newPage();
    await page.goto("/blog");
    await page.getByText("No blog posts available yet. Check back soon!").waitFor();
    expect(await page.getByRole("article").count()).toBe(0);
    await expectNoSeriousA11yViolations(page, "empty blog");
  });
});
