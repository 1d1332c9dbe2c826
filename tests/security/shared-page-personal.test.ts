import { describe, expect, it } from "vitest";
import { createProduct, createReceivedOrder, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * Shared pages for browsers with cookies (server/http/personal-part.ts): a signed-in customer gets
 * the copy every visitor gets, marked, and their own part as data. Attacked here: the copy never
 * carries anyone's name, cart or review state, is never stored from a session's render, is never
 * shareable by a cache; each session's part is its own; the reviewer answer is the caller's only.
 */
const ada = { email: "ada.shared@example.com", password: "ada-password-123", name: "Ada Sharedpage" };
const ben = { email: "ben.shared@example.com", password: "ben-password-123", name: "Ben Otherperson" };
const PAGE = "/product/shared-copy-resin";
const MARK = '<meta name="personal-part" content="pending">';
const ids = { product: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const product = await createProduct(db, { name: "Shared Copy Resin", slug: "shared-copy-resin" });
    ids.product = product.id;
    const a = await createUser(db, ada);
    await createUser(db, ben);
    await createReceivedOrder(db, { userId: a.id }, product.id);
  },
});

/** The store layout's data for the visitor, as the browser asks for it after a shared copy. */
const personalPart = (path: string) => `${path}.data?_routes=root,routes/store/layout`;

describe("shared pages for browsers with cookies", () => {
  it("answer a signed-in customer with the copy everyone gets, marked, private, with nobody's details", async () => {
    const customer = await target.signedIn(ada);
    const first = await customer.get(PAGE);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(MARK);
    expect(html).not.toContain(ada.name);
    expect(html).not.toContain(ada.email);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.headers.get("etag")).toBeNull();
    expect(first.headers.get("content-security-policy")).toMatch(/'sha256-/);

    // Rendered without the session: the copy stored from it is the anonymous page, unmarked.
    const anonymous = await target.visitor().get(PAGE);
    expect(anonymous.headers.get("x-page-cache")).toBe("hit");
    const anonymousHtml = await anonymous.text();
    expect(anonymousHtml).not.toContain(MARK);
    expect(anonymousHtml.replace(MARK, "")).toBe(html.replace(MARK, ""));
    expect(anonymous.headers.get("cache-control")).toBe("public, no-cache");
  });

  it("give each session its own part, and a stolen-looking cookie none", async () => {
    const a = await target.signedIn(ada);
    const b = await target.signedIn(ben);
    const partOfA = await (await a.get(personalPart(PAGE))).text();
    const partOfB = await (await b.get(personalPart(PAGE))).text();
    expect(partOfA).toContain(ada.name);
    expect(partOfA).not.toContain(ben.name);
    expect(partOfB).toContain(ben.name);
    expect(partOfB).not.toContain(ada.name);

    const forger = target.visitor();
    forger.cookies.set("better-auth.session_token", "forged.value");
    const forged = await forger.get(PAGE);
    expect(forged.status).toBe(200);
    const forgedPart = await (await forger.get(personalPart(PAGE))).text();
    expect(forgedPart).not.toContain(ada.name);
    expect(forgedPart).not.toContain(ben.name);
  });

  it("say whether the caller may review, and only for the caller", async () => {
    const reviewer = async (visitor: ReturnType<typeof target.visitor>, id = ids.product) =>
      (await (await visitor.get(`/reviewer/${id}`)).json()) as { reviewer: { eligibility: string } | null };
    expect((await reviewer(await target.signedIn(ada))).reviewer?.eligibility).toBe("can_review");
    expect((await reviewer(await target.signedIn(ben))).reviewer?.eligibility).toBe("not_received");
    expect((await reviewer(target.visitor())).reviewer).toBeNull();
    const answer = await (await target.signedIn(ada)).get("/reviewer/not-a-uuid");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ reviewer: null });
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("still render a page for itself when it carries a flash toast, which it shows once", async () => {
    const customer = await target.signedIn(ada);
    customer.cookies.set("flash-toast", "not-a-real-toast");
    const page = await customer.get(PAGE);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect(html).not.toContain(MARK);
    // Rendered for the session: its review form is the customer's.
    expect(html).not.toContain("to review a product you bought");
  });
});
