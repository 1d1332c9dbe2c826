import { describe, expect, it } from "vitest";
import { createProduct, createReceivedOrder, createReview, createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget, startOfRateWindow } from "./support.ts";

/**
 * Verified reviews over plain HTTP (docs/reviews.md): only a customer who received the product may
 * post one, once; another customer's review cannot be changed (the author's edit: review-edit.test.ts; the
 * moderation actions are the admin's); HTML in a review is shown as text, in the page and in its
 * JSON-LD; huge bodies are refused; posting is rate-limited.
 */
const bea = { email: "bea.buyer@example.com", password: "bea-password-123" };
const cal = { email: "cal.buyer@example.com", password: "cal-password-123" };
const olly = { email: "olly.outsider@example.com", password: "olly-password-123" };
const PAGE = "/product/review-target-resin";
const BEAS_TEXT = "Bea's honest words about the resin";
const HOSTILE = `</script><script>alert("x")</script><img src=x onerror=alert(1)>`;
const ids = { beasReview: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Review Target Resin", slug: "review-target-resin" });
    const b = await createUser(db, { ...bea, name: "Bea Buyer" });
    const c = await createUser(db, { ...cal, name: "Cal Buyer" });
    await createUser(db, { ...olly, name: "Olly Outsider" });
    await createReceivedOrder(db, { userId: b.id }, product.id);
    await createReceivedOrder(db, { userId: c.id }, product.id);
    ids.beasReview = (await createReview(db, { productId: product.id, userId: b.id, body: BEAS_TEXT })).id;
    const hostile = await createUser(db, { name: "Hostile Writer" });
    await createReview(db, { productId: product.id, userId: hostile.id, title: HOSTILE, body: HOSTILE });
  },
});

const review = { rating: "1", title: "Changed", body: "Overwritten by someone else" };

describe("review attacks", () => {
  it("refuses a customer who never bought the product (404 with the reason), and a signed-out visitor", async () => {
    const outsider = await target.signedIn(olly);
    const refused = await outsider.postForm(PAGE, review);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("Only customers who received this product can review it.");
    const anonymous = await target.visitor().postForm(PAGE, review);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("never changes another customer's review: a second post is refused, a buyer's own post is a new pending review", async () => {
    const owner = await target.signedIn(bea);
    const again = await owner.postForm(PAGE, review);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already reviewed this product.");
    const other = await target.signedIn(cal);
    expect(
      (await other.postForm(PAGE, { ...review, reviewId: ids.beasReview, id: ids.beasReview })).status,
    ).toBe(200);
    const page = await (await target.visitor().get(PAGE)).text();
    expect(page).toContain(BEAS_TEXT);
    expect(page).not.toContain("Overwritten by someone else");
  });

  it("lets no customer moderate: /admin/reviews refuses them and the review stays shown", async () => {
    const customer = await target.signedIn(cal);
    const hide = await customer.postForm("/admin/reviews", {
      intent: "hide",
      id: ids.beasReview,
      reason: "abuse",
    });
    expect([302, 303, 401, 403, 404]).toContain(hide.status);
    expect(await (await target.visitor().get(PAGE)).text()).toContain(BEAS_TEXT);
  });

  it("shows HTML in a review as text, in the page and in the JSON-LD", async () => {
    const html = await (await target.visitor().get(PAGE)).text();
    expect(html).not.toContain("<img src=x onerror");
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd ?? "null")).toMatchObject({
      aggregateRating: { reviewCount: 2 },
      review: expect.arrayContaining([expect.objectContaining({ reviewBody: HOSTILE })]),
    });
  });

  it("answers junk with 400, never 500", async () => {
    const buyer = await target.signedIn(cal);
    const junk: Record<string, string>[] = [
      { rating: "9", body: "x" },
      { rating: "five", body: "x" },
      { rating: "5", body: "" },
      { rating: "5", body: "x".repeat(2001) },
      { rating: "5", title: "t".repeat(101), body: "x" },
    ];
    for (const fields of junk) {
      const response = await buyer.postForm(PAGE, fields);
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    }
  });

  it("refuses a 50 MB body with 413", async () => {
    const buyer = await target.signedIn(cal);
    const huge = `rating=5&body=${"a".repeat(50 * 1024 * 1024)}`;
    await expectTooLarge(
      buyer.request("POST", PAGE, huge, { headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
    );
  });

  it("rate-limits review posts from one address", async () => {
    const outsider = await target.signedIn(olly);
    await startOfRateWindow();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await outsider.postForm(PAGE, review)).status);
    expect(statuses).toContain(429);
  });
});
