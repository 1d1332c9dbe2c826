import { describe, expect, it } from "vitest";
import { NEWSLETTER_CHECK_INBOX } from "../../core/legal/marketing.ts";
import { marketingContacts } from "../../server/db/schema/index.ts";
import { signLinkToken } from "../../server/marketing/links.ts";
import { createUser } from "../factories/index.ts";
import { matrixAdmin, matrixAdminEnv, matrixCustomer } from "../support/admin-route-matrix.ts";
import { expectTooLarge, setupTarget, startOfRateWindow } from "./support.ts";

/**
 * The newsletter and marketing consent (decision 048) attacked over HTTP: the footer form gives the
 * same answer for known and unknown addresses and is rate-limited per client and per address;
 * confirmation and unsubscribe links only work when genuine; opening an unsubscribe link changes
 * nothing (scanners prefetch) while its one-click POST needs no session; the admin screens refuse
 * everyone else; the CSV export defuses formulas.
 */
const AUTH_SECRET = "newsletter-security-secret-0123456789abc";
const OTHER_SECRET = "an-attacker-guess-at-the-secret-0123456789";
const DAY_MS = 24 * 60 * 60 * 1000;
const subscribed = "known-reader@example.com";
const keeper = "keeps-reading@example.com";
const formula = "=HYPERLINK(1)@evil.test";

const target = setupTarget({
  seed: "none",
  env: { ...matrixAdminEnv, AUTH_SECRET, TRUST_PROXY: "true" },
  prepare: async (db) => {
    await createUser(db, matrixCustomer);
    const confirmed = { status: "subscribed" as const, source: "footer" as const, confirmedAt: new Date() };
    await db.insert(marketingContacts).values([
      { email: subscribed, ...confirmed },
      { email: keeper, ...confirmed },
      { email: formula.toLowerCase(), ...confirmed, consentText: "+SUM(1,2)" },
    ]);
  },
});

let ipCounter = 0;
/** A request from a fresh client address (behind the trusted proxy), so per-IP limits stay apart. */
const fromNewIp = () => ({ headers: { "X-Forwarded-For": `198.51.100.${++ipCounter}` } });

const subscribe = (email: string, options = fromNewIp()) =>
  target.visitor().postForm("/newsletter", { email }, options);

/** The status text the admin list shows for an address. */
async function statusOf(email: string) {
  const admin = await target.signedIn(matrixAdmin);
  const page = await (await admin.get(`/admin/subscribers?${new URLSearchParams({ q: email })}`)).text();
  return page.match(/(subscribed|unsubscribed|pending)<\/td>/)?.[1] ?? null;
}

describe("the footer form", () => {
  it("answers a subscribed, a new and an unknown address alike (no enumeration)", async () => {
    const answers = [];
    for (const email of [subscribed, "brand-new@example.com", "nobody-here@example.com"]) {
      const response = await subscribe(email);
      const body = await response.text();
      answers.push({ status: response.status, says: body.includes(NEWSLETTER_CHECK_INBOX) });
      expect(body).not.toContain(email);
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, says: true }));
  });

  it("refuses bad input with a 400 and keeps what was typed, never a 500", async () => {
    for (const email of ["not-an-email", "", "a".repeat(300)]) {
      const response = await subscribe(email);
      expect(response.status, email).toBe(400);
      expect(await response.text()).toContain("Please enter a valid email address.");
    }
    const typed = await (await subscribe("almost@")).text();
    expect(typed).toContain('value="almost@"');
  });

  it("limits one address to 3 confirmation requests a day, whoever asks", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await subscribe("flooded@example.com")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("limits one client to 5 requests a minute", async () => {
    const sameIp = fromNewIp();
    await startOfRateWindow();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await subscribe(`walker-${i}@example.com`, sameIp)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await subscribe("walker-x@example.com", sameIp);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses a 50 MB body before reading it", async () => {
    const huge = new Uint8Array(50 * 1024 * 1024);
    await expectTooLarge(target.visitor().request("POST", "/newsletter", huge, fromNewIp()));
  });
});

describe("confirmation links", () => {
  it("refuse forged, expired, wrong-purpose and junk tokens on GET and POST", async () => {
    const subject = "00000000-0000-0000-0000-000000000000:nonce";
    for (const token of [
      signLinkToken(OTHER_SECRET, "newsletter-confirm", subject, 7),
      signLinkToken(AUTH_SECRET, "newsletter-confirm", subject, 7, new Date(Date.now() - 8 * DAY_MS)),
      signLinkToken(AUTH_SECRET, "unsubscribe", subject, 7),
      "junk",
    ]) {
      const url = `/newsletter/confirm/${token}`;
      expect((await target.visitor().get(url)).status, url).toBe(404);
      const posted = await target.visitor().postForm(url, {});
      expect(posted.status, url).toBe(404);
      expect(await posted.text()).toContain("This link is invalid or has expired");
    }
    // A genuine signature over an unknown request confirms nothing either.
    const unknown = signLinkToken(AUTH_SECRET, "newsletter-confirm", subject, 7);
    expect((await target.visitor().postForm(`/newsletter/confirm/${unknown}`, {})).status).toBe(404);
  });
});

describe("unsubscribe links", () => {
  const link = (email: string) => `/unsubscribe/${signLinkToken(AUTH_SECRET, "unsubscribe", email, 365)}`;

  it("GET only asks; the one-click POST (no cookie, no Origin) unsubscribes at once", async () => {
    const page = await target.visitor().get(link(keeper));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe from marketing emails?");
    expect(await statusOf(keeper)).toBe("subscribed");

    const oneClick = await target
      .visitor()
      .postForm(link(keeper), { "List-Unsubscribe": "One-Click" }, { origin: null });
    expect(oneClick.status).toBe(200);
    expect(await statusOf(keeper)).toBe("unsubscribed");
  });

  it("a one-click POST without a (genuine) token changes nothing", async () => {
    for (const url of [
      "/unsubscribe/",
      "/unsubscribe/junk",
      `/unsubscribe/${signLinkToken(OTHER_SECRET, "unsubscribe", subscribed, 365)}`,
    ]) {
      const response = await target
        .visitor()
        .postForm(url, { "List-Unsubscribe": "One-Click" }, { origin: null });
      expect([403, 404, 405], url).toContain(response.status);
    }
    expect(await statusOf(subscribed)).toBe("subscribed");
  });
});

describe("admin screens", () => {
  it("refuse anonymous visitors and customers", async () => {
    const customer = await target.signedIn(matrixCustomer);
    for (const visitor of [target.visitor(), customer]) {
      for (const url of ["/admin/subscribers", "/admin/subscribers/export.csv", "/admin/marketing"]) {
        const response = await visitor.get(url);
        expect([302, 303], url).toContain(response.status);
        expect(await response.text(), url).not.toContain(subscribed);
      }
      const post = await visitor.postForm("/admin/marketing", { postalAddress: "1 Evil Way, Nowhere" });
      expect([302, 303]).toContain(post.status);
    }
    const admin = await target.signedIn(matrixAdmin);
    expect(await (await admin.get("/admin/marketing")).text()).toContain("No postal address yet");
  });

  it("the postal address form answers bad input with a 400 and a message", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const response = await admin.postForm("/admin/marketing", { postalAddress: "x" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter the street address or P.O. box");
  });

  it("the CSV export defuses a formula in an address or consent text", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const csv = await (await admin.get("/admin/subscribers/export.csv")).text();
    expect(csv).toContain(`'${formula.toLowerCase()}`);
    expect(csv).toContain("'+SUM(1,2)");
    expect(csv).not.toMatch(/(^|,|\n)=HYPERLINK/i);
  });
});
