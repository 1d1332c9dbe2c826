import { describe, expect, it } from "vitest";
import { createBlogPost } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { failReadsWhen } from "../support/page.ts";

/**
 * Failures reach the person as the spec's toasts and messages: a flash toast survives a chain of
 * redirects, and a database failure while loading one blog post in the editor is a message on the
 * page like every other admin screen's, not a server error.
 */
let brokenPostId = "";
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    brokenPostId = (await createBlogPost(db, { title: "Unreadable post" })).id;
    // A real fault in the database (a view over the table that raises on this row), not a mock.
    await failReadsWhen(db, "blog_posts", `id = '${brokenPostId}'`);
  },
});

describe("errors as the person sees them", () => {
  it("shows 'Payment Error' after /payment-success → /checkout → /products for a new visitor", async () => {
    const page = await e2e.newPage();
    const response = await page.goto("/payment-success");
    expect(new URL(page.url()).pathname).toBe("/products");
    expect(response?.status()).toBe(200);
    await waitForToast(page, "Payment Error");
    await waitForToast(page, "No payment session found. Please contact support.");
    // The empty cart's own toast comes along; a reload shows neither again.
    await waitForToast(page, "Cart is empty");
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Payment Error" }).count()).toBe(0);
  });

  it("answers a database failure while loading a post in the editor with the page's message", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page);
    const response = await page.goto(`/admin/blog/${brokenPostId}/edit`);
    expect(response?.status()).toBe(503);
    await page.getByRole("alert").filter({ hasText: "Failed to fetch blog post" }).waitFor();
    await page.getByRole("heading", { name: "Edit Blog Post" }).waitFor();
    // Still inside the back office (its navigation), not the bare error page.
    await page.getByRole("link", { name: "Back" }).waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
  });
});
