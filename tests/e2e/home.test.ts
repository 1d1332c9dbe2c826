import { describe, expect, it } from "vitest";
import { createPartner, createTestimonial } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { waitForHydration } from "../support/page.ts";

const MINUTE = 60_000;
const soon = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const longText = (word: string, length: number) => `${word} `.repeat(length).slice(0, length);

// Demo data (4 testimonials, 3 partners, 2 certificates, 4 posts) plus extra rows to exercise the limits.
const e2e = setupE2E({
  prepare: async (db) => {
    await createTestimonial(db, { name: "Hidden Reviewer", active: false, createdAt: soon(120) });
    await createTestimonial(db, {
      name: "Long Text Reviewer",
      content: longText("steady", 700),
      createdAt: soon(60),
    });
    await createTestimonial(db, {
      name: "Long Photo Reviewer",
      content: longText("photo", 500),
      mediaType: "image",
      mediaUrl: "/uploads/testimonial-photo.webp",
      rating: 3,
      createdAt: soon(59),
    });
    for (const name of ["Oldest Reviewer A", "Oldest Reviewer B"]) {
      await createTestimonial(db, { name, createdAt: new Date(Date.now() - 90 * 24 * 60 * MINUTE) });
    }
    await createPartner(db, { name: "Inactive Partner", active: false, createdAt: soon(120) });
    for (let i = 1; i <= 6; i++) await createPartner(db, { name: `Extra Partner ${i}`, createdAt: soon(i) });
  },
});

describe("home page", () => {
  it("shows every section in the spec's order", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings).toEqual([
      "Shilajit Products",
      "Lab Tested & Certified",
      "Why Our Shilajit Is Superior",
      "Certified Authentic",
      "Validate Your Product",
      "How to Use Shilajit",
      "What Our Customers Say",
      "Our Partners",
      "Latest Articles",
      "Why Choose Us",
    ]);
    await expectNoSeriousA11yViolations(page);
  });

  it("has a hero with Shop Now and Validate", async () => {
    const page = await e2e.newPage("mobile");
    await page.goto("/");
    const hero = page.getByRole("region", { name: /Ancient Mountain Strength/ });
    expect(await hero.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/products");
    expect(await hero.getByRole("link", { name: "Validate" }).getAttribute("href")).toBe("/validity");
    await expectNoSeriousA11yViolations(page, "home (mobile)");
  });

  it("rotates the hero highlight every 3 seconds over 5 positions", async () => {
    const page = await e2e.newPage();
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // From here on the page's clock only moves when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    const highlights = page.getByRole("list", { name: "Highlights" }).getByRole("listitem");
    expect(await highlights.count()).toBe(5);
    const active = () =>
      highlights.evaluateAll((items) => items.findIndex((li) => li.getAttribute("aria-current")));
    const start = await active();
    const seen = [];
    for (let i = 1; i <= 5; i++) {
      await page.clock.runFor(3000);
      seen.push(await active());
    }
    // Exactly one step per 3 seconds, wrapping after the fifth position.
    expect(seen).toEqual([1, 2, 3, 4, 5].map((i) => (start + i) % 5));
  });

  it("keeps the hero highlight still for prefers-reduced-motion", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      await page.clock.install();
      await page.goto("/");
      await waitForHydration(page);
      await page.clock.runFor(10_000);
      const current = page.getByRole("list", { name: "Highlights" }).locator("[aria-current=true]");
      expect(await current.innerText()).toBe("Harvested above 16,000 feet");
    } finally {
      await context.close();
    }
  });

  it("shows certificates 1 and 2, quality, validate call to action and usage steps", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const main = page.getByRole("main");
    await main.getByRole("img", { name: "Certificate 1" }).waitFor();
    await main.getByRole("img", { name: "Certificate 2" }).waitFor();
    for (const title of ["Superior Quality", "Purity", "Authenticity", "Satisfaction"]) {
      await main.getByRole("heading", { level: 3, name: title, exact: true }).waitFor();
    }
    const cta = page.getByRole("region", { name: "Validate Your Product" });
    expect(await cta.getByRole("link", { name: "Check Your Batch Number" }).getAttribute("href")).toBe(
      "/validity",
    );
    const steps = page.getByRole("region", { name: "How to Use Shilajit" }).getByRole("listitem");
    expect(await steps.count()).toBe(4);
    expect(await steps.first().innerText()).toContain("300-500mg");
  });

  it("shows at most 6 active testimonials, newest first, truncated, rated and laid out by media type", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "What Our Customers Say" });
    const cards = section.getByRole("figure");
    expect(await cards.count()).toBe(6);
    const names = await cards.evaluateAll((els) =>
      els.map((el) => el.querySelector("figcaption")?.textContent ?? ""),
    );
    expect(names[0]).toContain("Long Text Reviewer");
    expect(names[1]).toContain("Long Photo Reviewer");
    expect(names.join()).not.toMatch(/Hidden Reviewer|Oldest Reviewer/);

    const textOnly = cards.nth(0);
    const quote = await textOnly.locator("blockquote").innerText();
    expect(quote).toBe(`“${longText("steady", 600).trimEnd()}…”`);
    expect(await textOnly.getAttribute("data-media-type")).toBe("none");

    const withPhoto = cards.nth(1);
    expect(await withPhoto.getAttribute("data-media-type")).toBe("image");
    expect(await withPhoto.locator("blockquote").innerText()).toBe(`“${longText("photo", 400).trimEnd()}…”`);
    await withPhoto.getByRole("img", { name: "Photo shared by Long Photo Reviewer" }).waitFor();
    await withPhoto.getByRole("img", { name: "Rated 3 out of 5" }).waitFor();

    const video = section.locator("video");
    expect(await video.count()).toBe(1);
    expect(await video.getAttribute("src")).toBe("/uploads/testimonial-video.webm");
    await section.getByRole("img", { name: "Rated 4 out of 5" }).waitFor();
  });

  it("shows at most 8 active partners, newest first, with their websites", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const section = page.getByRole("region", { name: "Our Partners" });
    const names = await section.getByRole("heading", { level: 3 }).allInnerTexts();
    expect(names).toHaveLength(8);
    expect(names.slice(0, 6)).toEqual([6, 5, 4, 3, 2, 1].map((i) => `Extra Partner ${i}`));
    expect(names).not.toContain("Inactive Partner");
    expect(names).not.toContain("Trailhead Nutrition"); // the oldest demo partner is the 9th
    const visit = section.getByRole("link", { name: /Visit Website of Summit Wellness/ });
    expect(await visit.getAttribute("href")).toBe("https://summit-wellness.example.com");
    expect(await visit.getAttribute("target")).toBe("_blank");
  });

  it("lists the latest three posts with View All Posts, then why choose us with the claims", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    const blog = page.getByRole("region", { name: "Latest Articles" });
    expect(await blog.getByRole("article").count()).toBe(3);
    expect(await blog.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual([
      "What Is Shilajit? A Beginner's Guide to Himalayan Resin",
      "How to Take Shilajit Resin: Dosage, Timing and Tips",
      "Fulvic Acid Explained: Why It Matters in Shilajit",
    ]);
    expect(await blog.getByRole("link", { name: "View All Posts" }).getAttribute("href")).toBe("/blog");
    const why = await page.getByRole("region", { name: "Why Choose Us" }).innerText();
    for (const claim of ["10,000+", "16,000", "24/7"]) expect(why).toContain(claim);
  });
});
