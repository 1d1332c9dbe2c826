import { describe, expect, it } from "vitest";
import { createBlogPost, createProduct, createReceivedOrder, createUser } from "../factories/index.ts";
import { setupE2E } from "../support/browser.ts";
import { adminEnv, signIn, signInAsAdmin, toast, waitForToast } from "../support/e2e-helpers.ts";
import { googleRichResults } from "../support/google-rich-results.ts";
import { waitForHydration } from "../support/page.ts";
import { checkStructuredData, jsonLdBlocks } from "../support/structured-data.ts";

/**
 * Verified reviews end to end (docs/reviews.md): a customer whose order was delivered reviews the
 * product from the order page; the admin approves it (hiding needs a reason) and labels it; the
 * product page shows it with the average, "Verified purchase" and the JSON-LD, which passes
 * Google's rules like every other page type's.
 */
const customer = { email: "reviewer.sam@example.com" };
const ids = { order: "", post: "" };
const PRODUCT = "/product/reviewed-resin";

const e2e = setupE2E({
  seed: "none",
  env: adminEnv,
  prepare: async (db) => {
    const product = await createProduct(db, {
      name: "Reviewed Resin",
      slug: "reviewed-resin",
      imageUrls: ["/placeholder.svg"],
    });
    const user = await createUser(db, { ...customer, name: "Sam Customer" });
    ids.order = (await createReceivedOrder(db, { userId: user.id }, product.id)).id;
    ids.post = (
      await createBlogPost(db, { slug: "reviews-matter", published: true, publishedAt: new Date() })
    ).slug;
  },
});

async function pageJsonLd(path: string) {
  return jsonLdBlocks(await (await fetch(new URL(path, e2e.app.url))).text());
}

describe("verified reviews", () => {
  it("a customer reviews a delivered product, the admin approves it, the product page shows it", async () => {
    const page = await e2e.newPage();
    await signIn(page, customer.email, `/orders/${ids.order}`);
    await page.getByRole("link", { name: "Write a review of Reviewed Resin" }).click();
    await page.getByRole("heading", { name: "Write a review" }).waitFor();
    await waitForHydration(page);

    // Nothing chosen: the reasons, and the typed title stays.
    await page.getByLabel("Title").fill("Clean taste");
    await page.getByRole("button", { name: "Submit review" }).click();
    await page.getByText("Please choose a rating from 1 to 5 stars.").waitFor();
    await page.getByText("Please write a few words about the product.").waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("Clean taste");

    await page.getByRole("radio", { name: "4 stars" }).check();
    await page.getByLabel("Your review").fill("Dissolves well. <b>Not bold</b>");
    await page.getByRole("button", { name: "Submit review" }).click();
    await page.getByText("Thank you! Your review will appear once it has been approved.").first().waitFor();

    // Pending: not on the storefront yet.
    const visitor = await e2e.newPage();
    await visitor.goto(PRODUCT);
    await visitor.getByText("No reviews yet").waitFor();

    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/reviews?status=pending");
    const card = admin.getByRole("article", { name: "Review by Sam C. of Reviewed Resin" });
    await card.getByText("Dissolves well. <b>Not bold</b>").waitFor();
    await waitForHydration(admin);
    // Hiding needs a content reason, never the rating.
    await card.getByRole("button", { name: "Hide" }).click();
    await waitForToast(admin, "Review not changed");
    await toast(admin, "Review not changed")
      .getByText("Choose why the review is hidden: abuse, personal data or off-topic.")
      .waitFor();
    await card.getByRole("button", { name: "Approve" }).click();
    await waitForToast(admin, "Review approved");
    await admin.goto("/admin/reviews?status=approved");
    await card.getByRole("button", { name: "Mark as incentivised" }).click();
    await waitForToast(admin, "Marked as incentivised");
    await card.getByLabel("Reply").fill("Thank you, Sam!");
    await card.getByRole("button", { name: "Save reply" }).click();
    await waitForToast(admin, "Reply saved");

    await visitor.goto(PRODUCT);
    const reviews = visitor.getByRole("list", { name: "Reviews" });
    await reviews.getByText("Dissolves well. <b>Not bold</b>").waitFor();
    await reviews.getByText("Verified purchase").waitFor();
    await reviews.getByText("Incentivised review").waitFor();
    await reviews.getByText("Thank you, Sam!").waitFor();
    await visitor.getByText("4.0 out of 5 · 1 review").waitFor();

    const [product] = await pageJsonLd(PRODUCT);
    expect(product).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
      review: [{ author: { name: "Sam C." }, reviewRating: { ratingValue: 4 } }],
    });

    // Reviewed now: the order page no longer offers it.
    await page.goto(`/orders/${ids.order}`);
    await page
      .getByRole("heading", { name: /Order #/ })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: "Write a review of Reviewed Resin" }).count()).toBe(0);
  });

  it("every page type's JSON-LD passes Google's rules in structured-data-testing-tool (home, product, blog post)", async () => {
    const pages: [string, string[]][] = [
      ["/", ["Organization", "WebSite"]],
      [PRODUCT, ["Product"]],
      [`/blog/${ids.post}`, ["BlogPosting"]],
    ];
    for (const [path, schemas] of pages) {
      const html = await (await fetch(new URL(path, e2e.app.url))).text();
      const report = await googleRichResults(html);
      expect(report.failed, path).toEqual([]);
      expect(report.schemas, path).toEqual(expect.arrayContaining(schemas));
      // The closer checks of values (rating ranges, dates, absolute URLs).
      for (const block of jsonLdBlocks(html)) expect(checkStructuredData(block), path).toEqual([]);
    }
  });

  it("the author edits their review: it goes back to pending and leaves the product page", async () => {
    const page = await e2e.newPage();
    await signIn(page, customer.email, PRODUCT);
    await page.getByRole("heading", { name: "Edit your review" }).waitFor();
    await page.getByText("Your review is published. Saving a change sends it for approval again.").waitFor();
    expect(await page.getByRole("textbox", { name: "Your review" }).inputValue()).toBe(
      "Dissolves well. <b>Not bold</b>",
    );
    expect(await page.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(true);
    await waitForHydration(page);

    await page.getByRole("textbox", { name: "Your review" }).fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Please write a few words about the product.").waitFor();

    await page.getByRole("radio", { name: "2 stars" }).check();
    await page.getByRole("textbox", { name: "Your review" }).fill("Bitter after a month.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page
      .getByText("Thank you! Your edited review will appear once it has been approved again.")
      .first()
      .waitFor();

    const visitor = await e2e.newPage();
    await visitor.goto(PRODUCT);
    await visitor.getByText("No reviews yet").waitFor();
    const admin = await e2e.newPage();
    await signInAsAdmin(admin, "/admin/reviews?status=pending");
    const card = admin.getByRole("article", { name: "Review by Sam C. of Reviewed Resin" });
    await card.getByText("Bitter after a month.").waitFor();
    await card.getByText(/edited/).waitFor();
  });
});
