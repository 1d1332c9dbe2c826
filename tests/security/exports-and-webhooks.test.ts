import { describe, expect, it } from "vitest";
import {
  ids,
  matrixAdmin,
  matrixAdminEnv,
  matrixCustomer,
  prepareMatrix,
  secrets,
} from "../support/admin-route-matrix.ts";
import { expectTooLarge, setupTarget, type Visitor } from "./support.ts";

/**
 * The CSV exports and the webhook event log over HTTP: only an admin reads or replays, a replay
 * from another site is refused like every admin action, and junk in the filters or the search is
 * a message, never a 500.
 */
const target = setupTarget({ seed: "none", env: matrixAdminEnv, prepare: prepareMatrix });

const EXPORTS = ["/admin/orders/export.csv", "/admin/customers/export.csv", "/admin/coupons/usage.csv"];
const eventUrl = () => `/admin/webhooks/${ids.webhookEvent}`;

async function expectSentToLogin(visitor: Visitor, method: "GET" | "POST", url: string) {
  const response =
    method === "GET" ? await visitor.get(url) : await visitor.postForm(url, { intent: "replay" });
  const body = await response.text();
  expect(body, url).not.toContain(secrets.webhook);
  expect(body, url).not.toContain(secrets.buyerEmail);
  expect([302, 303], `${method} ${url}: ${response.status}`).toContain(response.status);
  expect(response.headers.get("location"), url).toContain("/admin/login");
}

describe("exports and the webhook log: who may", () => {
  it("refuses an anonymous visitor and a customer on the exports, the list, the detail and the replay", async () => {
    for (const visitor of [target.visitor(), await target.signedIn(matrixCustomer)]) {
      for (const url of [...EXPORTS, "/admin/webhooks", eventUrl()])
        await expectSentToLogin(visitor, "GET", url);
      await expectSentToLogin(visitor, "POST", eventUrl());
    }
    const admin = await target.signedIn(matrixAdmin);
    expect((await admin.get(eventUrl()).then((r) => r.text())).includes(secrets.webhook)).toBe(true);
    expect(await admin.get(eventUrl()).then((r) => r.text())).toContain("never");
  });

  it("refuses a replay posted from another site (403) and runs nothing", async () => {
    const admin = await target.signedIn(matrixAdmin);
    const forged = await admin.postForm(eventUrl(), {}, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await admin.get(eventUrl()).then((r) => r.text())).toContain("never");
  });

  it("answers a replay of an unknown or malformed event id with 404, and a 50 MB body with 413", async () => {
    const admin = await target.signedIn(matrixAdmin);
    expect((await admin.postForm("/admin/webhooks/00000000-0000-4000-8000-000000000000", {})).status).toBe(
      404,
    );
    expect((await admin.get("/admin/webhooks/not-an-id")).status).toBe(404);
    await expectTooLarge(
      admin.request("POST", eventUrl(), "x".repeat(50 * 1024 * 1024), {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
  });
});

describe("exports and the webhook log: junk input", () => {
  it("shows a message for filters that are not ours (400, never 500) and keeps what was typed", async () => {
    const admin = await target.signedIn(matrixAdmin);
    for (const query of [
      "provider=evil",
      "outcome=%00",
      `type=${"a".repeat(5000)}`,
      "type=%3Cscript%3E",
      "after=%E2%9C%93&provider=stripe",
    ]) {
      const response = await admin.get(`/admin/webhooks?${query}`);
      expect(response.status, query).toBeLessThan(500);
      if (response.status === 400) expect(await response.text(), query).toMatch(/must be|at most|only/);
    }
    const typed = await admin.get("/admin/webhooks?provider=evil");
    expect(typed.status).toBe(400);
    expect(await typed.text()).toContain("Provider must be Stripe or PayPal.");
  });

  it("exports with any search: a CSV attachment, never cached, never a 500", async () => {
    const admin = await target.signedIn(matrixAdmin);
    for (const q of ["", "%", "'; drop table orders; --", "\u0000", "ü".repeat(300), secrets.buyer]) {
      const response = await admin.get(`/admin/orders/export.csv?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const body = await response.text();
      if (q === secrets.buyer) expect(body).toContain(ids.order);
    }
    for (const url of EXPORTS.slice(1)) expect((await admin.get(url)).status, url).toBe(200);
  });
});
