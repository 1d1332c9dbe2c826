import { describe, expect, it } from "vitest";
import { createProduct, createReceivedOrder, createReview, createUser } from "../factories/index.ts";
import { setupTarget, startOfRateWindow } from "./support.ts";

/**
 * Editing a review over plain HTTP (docs/reviews.md): only the author edits, from the product page;
 * another customer's review id, a review of another product or a made-up id is a 404 that changes
 * nothing; signed-out visitors go to sign in; junk is a 400 with the rules; edits are rate-limited.
 */
const ann = { email: "ann.author@example.com", password: "ann-password-123" };
const ben = { email: "ben.buyer@example.com", password: "ben-password-123" };
const PAGE = "/product/edit-target-resin";
const OTHER_PAGE = "/product/other-target-resin";
const ANNS_TEXT = "Ann's original words about the resin";
const ids = { annsReview: "", bensReview: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Edit Target Resin", slug: "edit-target-resin" });
    await createProduct(db, { name: "Other Target Resin", slug: "other-target-resin" });
    const a = await createUser(db, { ...ann, name: "Ann Author" });
    const b = await createUser(db, { ...ben, name: "Ben Buyer" });
    await createReceivedOrder(db, { userId: a.id }, product.id);
    await createReceivedOrder(db, { userId: b.id }, product.id);
    ids.annsReview = (await createReview(db, { productId: product.id, userId: a.id, body: ANNS_TEXT })).id;
    ids.bensReview = (
      await createReview(db, { productId: product.id, userId: b.id, body: "Ben's words" })
    ).id;
  },
});

const edit = (id: string) => ({
  intent: "edit",
  id,
  rating: "1",
  title: "Hijacked",
  body: "Overwritten by Ben",
});

describe("review edit attacks", () => {
  it("refuses editing another customer's review (404) and leaves it shown as it was", async () => {
    const intruder = await target.signedIn(ben);
    for (const [path, id] of [
      [PAGE, ids.annsReview],
      [OTHER_PAGE, ids.bensReview],
      [PAGE, "00000000-0000-4000-8000-000000000000"],
      [PAGE, "../../admin"],
    ] as const) {
      const response = await intruder.postForm(path, edit(id));
      expect(response.status, `${path} ${id}`).toBe(404);
    }
    const shown = await (await target.visitor().get(PAGE)).text();
    expect(shown).toContain(ANNS_TEXT);
    expect(shown).not.toContain("Overwritten by Ben");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await target.visitor().postForm(PAGE, edit(ids.annsReview));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("answers junk with 400 and keeps the review", async () => {
    const author = await target.signedIn(ann);
    for (const fields of [
      { ...edit(ids.annsReview), rating: "0" },
      { ...edit(ids.annsReview), body: "" },
      { ...edit(ids.annsReview), body: "x".repeat(2001) },
      { ...edit(ids.annsReview), title: "\u0007bell" },
    ]) {
      const response = await author.postForm(PAGE, fields);
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
    }
    expect(await (await target.visitor().get(PAGE)).text()).toContain(ANNS_TEXT);
  });

  it("rate-limits edits like submissions", async () => {
    const author = await target.signedIn(ann);
    await startOfRateWindow();
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await author.postForm(PAGE, { ...edit(ids.annsReview), body: `Edit ${i}` })).status);
    expect(statuses.slice(0, 1)).toEqual([200]);
    expect(statuses).toContain(429);
  });
});
