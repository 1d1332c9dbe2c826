import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, confirmDelete, signInAsAdmin, toastsGone, waitForToast } from "../support/e2e-helpers.ts";
import { failInsertsWhen } from "../support/page.ts";

// Posts titled FAIL-STORE… cannot be stored (a database failure).
const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: (db) => failInsertsWhen(db, "blog_posts", "new.title like 'FAIL-STORE%'"),
});

describe("admin blog", () => {
  it("creates, edits, publishes (shown on /blog), unpublishes and deletes a post", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/blog");
    await page.getByText("No blog posts yet.").waitFor();
    await expectNoSeriousA11yViolations(page, "blog empty");
    await page.getByRole("link", { name: "Create Your First Post" }).click();
    await page.getByRole("heading", { name: "Create New Blog Post" }).waitFor();

    await page.getByRole("button", { name: "Create Post" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Content is required").waitFor();
    // The error toast mounts a moment after the field errors; check the page once it is there.
    await waitForToast(page, "Failed to save blog post");
    await expectNoSeriousA11yViolations(page, "blog editor with errors");

    await page.getByLabel("Title", { exact: true }).fill("Altitude & Energy");
    expect(await page.getByLabel("Slug").inputValue()).toBe("altitude-energy");
    expect(await page.getByLabel("SEO Title").inputValue()).toContain("Altitude & Energy");
    await page.getByLabel("Content", { exact: true }).fill("Resin from **high** places.");
    expect(await page.getByLabel("Content", { exact: true }).getAttribute("rows")).toBe("15");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Content preview" });
    await preview.locator("strong", { hasText: "high" }).waitFor();
    await page.getByLabel("Excerpt").fill("Why altitude matters");
    await page.getByRole("button", { name: "Create Post" }).click();
    await waitForToast(page, "Blog post created successfully");
    const row = page.getByRole("row").filter({ hasText: "Altitude & Energy" });
    await row.getByText("Draft").waitFor();
    await row.getByText("Admin").waitFor();
    // Created: the short US date (month/day/year).
    const today = new Date();
    const shortDate = `${today.getUTCMonth() + 1}/${today.getUTCDate()}/${today.getUTCFullYear()}`;
    await row.getByRole("cell", { name: shortDate, exact: true }).waitFor();

    await page.getByRole("link", { name: "Edit Altitude & Energy" }).click();
    await page.getByLabel("Title", { exact: true }).fill("Altitude and Energy");
    expect(await page.getByLabel("Slug").inputValue()).toBe("altitude-energy");
    await page.getByRole("button", { name: "Update Post" }).click();
    await waitForToast(page, "Blog post updated successfully");

    await page.getByRole("button", { name: "Publish Altitude and Energy" }).click();
    await waitForToast(page, "Blog post published successfully");
    await page.getByRole("row").filter({ hasText: "Altitude and Energy" }).getByText("Published").waitFor();
    const shop = await e2e.newPage();
    await shop.goto("/blog");
    await shop.getByText("Altitude and Energy").first().waitFor();

    // The toasts shown over the row (kept while the pointer rests on them) leave its buttons free.
    await toastsGone(page);
    await page.getByRole("button", { name: "Unpublish Altitude and Energy" }).click();
    await waitForToast(page, "Blog post unpublished successfully");
    await shop.reload();
    await shop.getByText("No blog posts available yet. Check back soon!").waitFor();

    await toastsGone(page);
    await page.getByRole("button", { name: "Delete Altitude and Energy" }).click();
    await confirmDelete(
      page,
      'Are you sure you want to delete "Altitude and Energy"? This action cannot be undone.',
    );
    await waitForToast(page, "Blog post deleted successfully");
    await page.getByText("No blog posts yet.").waitFor();

    // A database failure: the server's message; the editor keeps what was typed.
    await page.getByRole("link", { name: "Create Your First Post" }).click();
    await page.getByLabel("Title", { exact: true }).fill("FAIL-STORE post");
    await page.getByLabel("Content", { exact: true }).fill("Kept after the failure.");
    await page.getByRole("button", { name: "Create Post" }).click();
    await waitForToast(page, "injected test failure");
    expect(await page.getByLabel("Content", { exact: true }).inputValue()).toBe("Kept after the failure.");
  });
});
