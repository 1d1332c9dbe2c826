import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createProduct, createReview, createUser } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";

/**
 * Likely disease claims (21 CFR 101.93(g)) are flagged with the phrase and the reason wherever the
 * owner writes or publishes text: product text, Supplement Facts claims, blog posts and reviews. A
 * flagged review stays held until the owner ticks that they checked it; nothing is edited.
 */
let productId = "";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Claim Resin" });
    productId = product.id;
    const author = await createUser(db, { name: "Casey Claim" });
    await createReview(db, {
      productId,
      userId: author.id,
      authorName: "Casey C.",
      status: "pending",
      title: "Life changing",
      body: "Cured my anxiety! I take it every morning.",
    });
  },
});

const flags = (page: Page) => page.getByRole("region", { name: "Possible disease claims" });

describe("disease-claim flags", () => {
  it("holds a review that claims a cure until the owner checks it, without changing its words", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/reviews?status=pending");
    const card = page.getByRole("article", { name: "Review by Casey C. of Claim Resin" });
    await card.locator("mark", { hasText: "Cured my anxiety" }).waitFor();
    await card.getByText(/21 CFR 101\.93\(g\)/).waitFor();
    await expectNoSeriousA11yViolations(page, "flagged review");
    await waitForHydration(page);

    await card.getByRole("button", { name: "Approve" }).click();
    await waitForToast(page, "Review held");
    await card.getByText("Tick this to publish a flagged review").waitFor();
    await card.getByRole("checkbox", { name: "I checked the flagged claims" }).check();
    await card.getByRole("button", { name: "Approve" }).click();
    await waitForToast(page, "Review approved");
    await page.goto("/admin/reviews?status=approved");
    await card
      .getByRole("paragraph")
      .filter({ hasText: "Cured my anxiety! I take it every morning." })
      .waitFor();
  });

  it("flags product text and Supplement Facts claims as the owner types, and lets allowed claims be", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, `/admin/products?edit=${productId}`);
    await waitForHydration(page);
    const description = page.getByLabel("Description", { exact: true });
    await description.fill("Pure resin. Cures anxiety and treats diabetes.");
    await flags(page).locator("mark", { hasText: "Cures anxiety" }).waitFor();
    await flags(page).locator("mark", { hasText: "treats diabetes" }).waitFor();
    await description.fill("Pure resin. Supports energy levels and promotes relaxation.");
    await flags(page).waitFor({ state: "detached" });

    await page.goto(`/admin/products/${productId}/label`);
    await waitForHydration(page);
    const claims = page.getByLabel("Structure/function claims (one per line)");
    await claims.fill("Helps maintain healthy joints\nPrevents cancer");
    await flags(page).locator("mark", { hasText: "Prevents cancer" }).waitFor();
    expect(await flags(page).locator("mark").count()).toBe(1);
  });

  it("flags a blog post's disease claims", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/blog/new");
    await waitForHydration(page);
    await page.getByLabel("Excerpt").fill("How shilajit heals arthritis, according to our readers.");
    await flags(page).locator("mark", { hasText: "heals arthritis" }).waitFor();
  });
});
