import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";
import { waitForHydration } from "../support/page.ts";

const e2e = setupE2E({ env: adminEnv });

describe("images: AVIF with WebP fallback, sized Markdown images", () => {
  it("the product page offers AVIF variants in a <picture> before the WebP ones, and serves them", async () => {
    const html = await (await fetch(`${e2e.app.url}/product/gold-grade-shilajit-resin`)).text();
    const source = /<picture[^>]*><source type="image\/avif" srcSet="([^"]+)"/.exec(html);
    expect(source, "an AVIF <source> in a <picture>").not.toBeNull();
    const first = source![1]!.split(",")[0]!.trim().split(" ")[0]!;
    expect(first).toMatch(/^\/images\/320\/.+\.webp\.avif$/);
    const avif = await fetch(`${e2e.app.url}${first}`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    const webp = await fetch(`${e2e.app.url}${first.replace(/\.avif$/, "")}`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
  });

  it("an upload in a blog post's Markdown is shown with its width, height and srcsets", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/blog/new");
    await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill("Sized Images Post");
    await page
      .getByLabel("Excerpt")
      .fill("A post with an uploaded image that must not shift the text below it.");
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("Before the image.\n\n![Certificate](/uploads/certificate-1.webp)\n\nAfter the image.");
    await page.getByRole("switch", { name: "Published" }).check();
    await page.getByRole("button", { name: "Create Post" }).click();
    await waitForToast(page, "Blog post created successfully");

    await page.goto("/blog/sized-images-post");
    const image = page.getByRole("img", { name: "Certificate" });
    await image.waitFor();
    expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
    expect(await image.getAttribute("srcset")).toContain("/images/320/certificate-1.webp 320w");
    expect(
      await page
        .locator("picture", { has: image })
        .locator('source[type="image/avif"]')
        .getAttribute("srcset"),
    ).toContain("/images/320/certificate-1.webp.avif 320w");
  });
});
