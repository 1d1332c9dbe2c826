import { describe, expect, it } from "vitest";
import { createContentCreator, createCoupon, createCreatorOrder, createUser } from "../factories/index.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The creator portal (/creator) attacked over plain HTTP: no session, the wrong kind of session,
 * a creator cookie on the back office and the account, another creator's orders, customer
 * details in the page, forged page positions, cross-site posts, big bodies and password guessing.
 */
const admin = { email: "portal-owner@example.com", password: "portal-owner-password-1" };
const customer = { email: "portal-customer@example.com", password: "portal-customer-password-1" };
const alice = { username: "alice-creates", password: "alice-password-1" };
const bob = { username: "bob-creates", password: "bob-password-1" };
const inactive = { username: "gone-creator", password: "gone-password-1" };

/** Alice's buyer: only "Harriet" and "Lisbon" may ever show in her portal. */
const buyer = {
  name: "Harriet Quimby-Secretlast",
  email: "harriet.secret@example.com",
  phone: "555-0199-777",
  street: "742 Hidden Lane",
};
const bobsBuyer = { name: "Bartholomew Otherbuyer", city: "Reykjavik" };
const orderIds = { alice: "" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, customer);
    const a = await createContentCreator(db, alice);
    const b = await createContentCreator(db, bob);
    await createContentCreator(db, { ...inactive, isActive: false });
    const aliceCoupon = await createCoupon(db, { code: "ALICE10", contentCreatorId: a.id });
    const bobCoupon = await createCoupon(db, { code: "BOB10", contentCreatorId: b.id });
    const alicesOrder = await createCreatorOrder(db, aliceCoupon.id, {
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone,
      shippingAddress: { line1: buyer.street, city: "Lisbon", state: "", postalCode: "1100", country: "PT" },
    });
    orderIds.alice = alicesOrder.id;
    await createCreatorOrder(db, bobCoupon.id, {
      name: bobsBuyer.name,
      shippingAddress: {
        line1: "1 Fjord St",
        city: bobsBuyer.city,
        state: "",
        postalCode: "101",
        country: "IS",
      },
    });
  },
});

async function signedInCreator(account: { username: string; password: string }): Promise<Visitor> {
  const visitor = target.visitor();
  const response = await visitor.postForm("/creator", account);
  expect(response.status).toBe(302);
  return visitor;
}

const portalOf = async (visitor: Visitor, path = "/creator") => (await visitor.get(path)).text();
const isSignInForm = (html: string) => html.includes("Creator sign-in") && !html.includes("Ledger");

describe("the creator portal over HTTP", () => {
  it("shows only the sign-in form without a creator session, whatever other session is sent", async () => {
    expect(isSignInForm(await portalOf(target.visitor()))).toBe(true);
    expect(isSignInForm(await portalOf(await target.signedIn(customer)))).toBe(true);
    expect(isSignInForm(await portalOf(await target.signedIn(admin)))).toBe(true);
    const forged = target.visitor();
    forged.cookies.set("creator_session", "A".repeat(43));
    expect(isSignInForm(await portalOf(forged))).toBe(true);
  });

  it("sets an HttpOnly, SameSite=Lax cookie only sent to /creator", async () => {
    const response = await target.visitor().postForm("/creator", alice);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("creator_session="));
    expect(cookie).toMatch(/Path=\/creator(;|$)/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("never lets a creator cookie open the back office or the account", async () => {
    const creator = await signedInCreator(alice);
    for (const path of ["/admin/dashboard", "/admin/creator-commissions", "/account", "/orders"]) {
      const response = await creator.get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(300);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("location"), path).toMatch(/\/admin\/login|\/auth/);
    }
  });

  it("shows a creator their own orders with the buyer's first name and city only", async () => {
    const html = await portalOf(await signedInCreator(alice));
    expect(html).toContain("ALICE10");
    expect(html).toContain("Harriet, Lisbon");
    expect(html).toContain("$9.00"); // 10% of $90.00 goods after the coupon
    for (const secret of ["Secretlast", buyer.email, buyer.phone, buyer.street, "1100"]) {
      expect(html, secret).not.toContain(secret);
    }
    for (const other of ["BOB10", "Bartholomew", bobsBuyer.city]) expect(html, other).not.toContain(other);
  });

  it("sends only what the page shows: its data holds no order or entry id (issue 29)", async () => {
    // The page's HTML carries the loader's data (streamed for hydration) as well as the markup.
    const html = await portalOf(await signedInCreator(alice));
    expect(html).toContain(`#${orderIds.alice.slice(0, 8)}`);
    expect(html).not.toContain(orderIds.alice);
    expect(html).not.toMatch(UUID);
  });

  it("answers malformed page positions with the first page, never a 500 (issue 29)", async () => {
    const creator = await signedInCreator(alice);
    const zeros = "0".repeat(8);
    for (const query of [
      `?orders=${encodeURIComponent(`2026-99-99 99:99:99~${zeros}-0000-0000-0000-000000000000`)}`,
      `?ledger=${encodeURIComponent(`2026-99-99 99:99:99~${zeros}-0000-0000-0000-000000000000`)}`,
      `?orders=${encodeURIComponent(`2026-01-01 00:00:00~${"-".repeat(36)}`)}`,
      `?ledger=${encodeURIComponent(`2026-02-30 10:00:00+00~${zeros}-0000-4000-8000-000000000000`)}`,
      `?orders=${encodeURIComponent(`99999-01-01 00:00:00~${zeros}-0000-4000-8000-000000000000`)}`,
      `?ledger=${encodeURIComponent(`2026-01-01 24:00:00.1234567+99:99~${zeros}-0000-4000-8000-000000000000`)}`,
    ]) {
      const response = await creator.get(`/creator${query}`);
      expect(response.status, query).toBe(200);
      expect(await response.text(), query).toContain("Harriet, Lisbon");
    }
  });

  it("ignores page positions and ids that point elsewhere: the list stays the creator's own", async () => {
    const creator = await signedInCreator(bob);
    const forged = [
      "?orders=2999-01-01 00:00:00+00~00000000-0000-0000-0000-000000000000",
      "?ledger=not-a-cursor&creatorId=anything",
      "?orders=' or 1=1 --",
    ];
    for (const query of forged) {
      const response = await creator.get(`/creator${query}`);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html, query).not.toContain("Harriet");
      expect(html, query).not.toContain("ALICE10");
    }
  });

  it("gives one answer for an unknown user, a wrong password and an inactive creator", async () => {
    const attempts = [
      { username: "nobody-here", password: "whatever-1" },
      { username: alice.username, password: "wrong-password" },
      inactive,
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await target.visitor().postForm("/creator", attempt);
      answers.push([response.status, (await response.text()).includes("Invalid username or password")]);
      expect(
        response.headers
          .getSetCookie()
          .some((c) => c.startsWith("creator_session=") && !c.startsWith("creator_session=;")),
      ).toBe(false);
    }
    expect(answers).toEqual([
      [401, true],
      [401, true],
      [401, true],
    ]);
  });

  it("ends the session on sign-out: the old cookie no longer opens the portal", async () => {
    const creator = await signedInCreator(alice);
    const stolen = creator.cookies.get("creator_session")!;
    expect((await creator.postForm("/creator", { intent: "sign-out" })).status).toBe(302);
    const replay = target.visitor();
    replay.cookies.set("creator_session", stolen);
    expect(isSignInForm(await portalOf(replay))).toBe(true);
  });

  it("refuses cross-site posts, bad input and big bodies without a 500", async () => {
    const crossSite = await target.visitor().postForm("/creator", alice, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const empty = await target.visitor().postForm("/creator", { username: "", password: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter your username");
    const huge = await target
      .visitor()
      .postForm("/creator", { username: "x", password: "p".repeat(3_000_000) });
    expect(huge.status).toBe(413);
  });

  it("slows password guessing: after 10 failures for one username, even the right password waits", async () => {
    const guesser = target.visitor();
    for (let i = 0; i < 10; i++) {
      const response = await guesser.postForm("/creator", { username: bob.username, password: `guess-${i}` });
      expect(response.status).toBe(401);
    }
    const limited = await guesser.postForm("/creator", bob);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Too many attempts");
  });
});
