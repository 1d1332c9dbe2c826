import { describe, expect, it } from "vitest";
import { createBlogPost, createPartner, createProduct, createTestimonial } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { failReadsWhen } from "../support/page.ts";
import { openStorePage } from "../support/store.ts";

// One product and one post the database cannot read: every list that holds them fails to load.
const e2e = setupE2E({
  seed: "none",
  prepare: async (db) => {
    await createProduct(db, { name: "Unreadable Resin" });
    await failReadsWhen(db, "products", "name = 'Unreadable Resin'");
    await createBlogPost(db, { title: "Unreadable Post" });
    await failReadsWhen(db, "blog_posts", "title = 'Unreadable Post'");
    await createTestimonial(db, { name: "Unreadable Reviewer" });
    await failReadsWhen(db, "testimonials", "name = 'Unreadable Reviewer'");
    // Readable: its home section shows even though the lists around it fail.
    await createPartner(db, { name: "Readable Partner" });
  },
});

// Spec 8: "Load errors for lists are only logged": the page still renders, with the empty state.
describe("storefront lists that fail to load", () => {
  it("/products shows the page with its empty state", async () => {
    const page = await e2e.newPage();
    const response = await openStorePage(page, "/products");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Our Products" }).waitFor();
    await page.getByText("No products available at the moment.").waitFor();
  });

  it("/blog shows the page with its empty state", async () => {
    const page = await e2e.newPage();
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await page.getByText("No blog posts available yet. Check back soon!").waitFor();
  });

  it("the home page still renders: failed lists empty, the others shown", async () => {
    const page = await e2e.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: /Ancient Mountain Strength/ }).waitFor();
    await page.getByText("No products available at the moment.").waitFor();
    await page.getByText("No blog posts available yet. Check back soon!").waitFor();
    await page.getByRole("heading", { level: 2, name: "Our Partners" }).waitFor();
    await page.getByRole("heading", { level: 3, name: "Readable Partner" }).waitFor();
    expect(await page.getByRole("heading", { name: "What Our Customers Say" }).count()).toBe(0);
  });
});
