import { describe, expect, it } from "vitest";
import { displayDate } from "~/lib/dates.ts";
import { createBlogPost } from "../factories/index.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { metaContent, waitForHydration } from "../support/page.ts";

const hostile = [
  "Before the script.",
  "",
  "<script>window.__pwned = true; document.title = 'pwned'</script>",
  "",
  'Inline <img src="/nope.png" onerror="window.__pwnedImg = true"> tag and [a link](javascript:window.__pwnedLink=true).',
].join("\n");

const e2e = setupE2E({
  prepare: async (db) => {
    await createBlogPost(db, {
      title: "Hostile Markdown",
      slug: "hostile-markdown",
      content: hostile,
      publishedAt: new Date("2020-01-01T00:00:00Z"),
    });
    await createBlogPost(db, {
      title: "Epoch Dated Post",
      slug: "epoch-dated-post",
      publishedAt: new Date("1970-01-01T00:00:00Z"),
      featuredImageUrl: "/uploads/does-not-exist.webp",
    });
  },
});

describe("/blog", () => {
  it("lists published posts newest first, without drafts", async () => {
    const page = await e2e.newPage();
    await page.goto("/blog");
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    const titles = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(titles.slice(0, 4)).toEqual([
      "What Is Shilajit? A Beginner's Guide to Himalayan Resin",
      "How to Take Shilajit Resin: Dosage, Timing and Tips",
      "Fulvic Acid Explained: Why It Matters in Shilajit",
      "Lab Tested: How We Verify Every Batch",
    ]);
    expect(titles).toContain("Hostile Markdown");
    expect(titles).not.toContain("30 Days of Shilajit: A Simple Routine");
    await expectNoSeriousA11yViolations(page);
  });

  it("opens a post from the list and renders its Markdown, with back links", async () => {
    const page = await e2e.newPage("mobile");
    await page.goto("/blog");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Lab Tested: How We Verify Every Batch" }).click();
    await page.waitForURL("**/blog/lab-tested-how-we-verify-every-batch");
    const article = page.getByRole("article");
    await article.getByRole("heading", { level: 1, name: "Lab Tested: How We Verify Every Batch" }).waitFor();
    await article.getByRole("heading", { level: 2, name: "What we test" }).waitFor();
    expect(await article.getByRole("link", { name: "validity page" }).getAttribute("href")).toBe("/validity");
    // The HTML snippet in a code block is shown as code.
    expect(await article.locator("pre code").innerText()).toContain(
      '<script src="https://www.peakshilajit.com/embed/validity.js"',
    );
    expect(await article.innerText()).toContain("By Peak Shilajit Team");
    await expectNoSeriousA11yViolations(page, "blog post");
    await article.getByRole("link", { name: "Back to All Posts" }).click();
    await page.waitForURL("**/blog");
    await page.goBack();
    await article.getByRole("link", { name: "Back to Home" }).waitFor();
    expect(await article.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
  });

  it("shows a <script> in Markdown as text and never runs it", async () => {
    const page = await e2e.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto("/blog/hostile-markdown");
    await waitForHydration(page);
    const article = page.getByRole("article");
    await article.getByText("<script>window.__pwned = true; document.title = 'pwned'</script>").waitFor();
    await article
      .getByText('<img src="/nope.png" onerror="window.__pwnedImg = true">', { exact: false })
      .waitFor();
    expect(await article.getByRole("link", { name: "a link" }).count()).toBe(0);
    const flags = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return [w.__pwned, w.__pwnedImg, w.__pwnedLink];
    });
    expect(flags).toEqual([undefined, undefined, undefined]);
    expect(await page.title()).not.toBe("pwned");
    expect(await article.locator("script").count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it("shows today's date for a post dated 1970 and the placeholder for a missing image", async () => {
    const page = await e2e.newPage();
    await page.goto("/blog/epoch-dated-post");
    const article = page.getByRole("article");
    expect(await article.locator("time").innerText()).toBe(displayDate(null));
    const image = article.locator("img").first();
    expect(await image.getAttribute("src")).toBe("/placeholder.svg");
  });

  it("answers 'Blog Post Not Found' with HTTP 404 for drafts and unknown slugs", async () => {
    const page = await e2e.newPage();
    for (const slug of ["30-days-of-shilajit-a-simple-routine", "no-such-post"]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Blog Post Not Found" }).waitFor();
      expect(await page.getByRole("link", { name: "Back to Blog" }).getAttribute("href")).toBe("/blog");
    }
    await expectNoSeriousA11yViolations(page, "blog post not found");
  });

  it("describes the post for search engines and link previews", async () => {
    const page = await e2e.newPage();
    await page.goto("/blog/fulvic-acid-explained-why-it-matters-in-shilajit");
    expect(await page.title()).toBe("Fulvic Acid in Shilajit, Explained | Peak Shilajit");
    expect(await metaContent(page, "description")).toMatch(/^What fulvic acid is/);
    const url = `${e2e.app.url}/blog/fulvic-acid-explained-why-it-matters-in-shilajit`;
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url);
    expect(await metaContent(page, "og:type")).toBe("article");
    expect(await metaContent(page, "og:image")).toBe(`${e2e.app.url}/uploads/blog-fulvic.webp`);
    expect(await metaContent(page, "twitter:card")).toBe("summary_large_image");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      headline: "Fulvic Acid Explained: Why It Matters in Shilajit",
      url,
    });
  });
});
