import { describe, expect, it } from "vitest";
import { createOrder, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * The orders filter, saved views, an order's own page and its internal notes, attacked over plain
 * HTTP: a role without orders, ids that are not theirs or not there, garbage in the URL, HTML and
 * CRLF in notes and view names. Refusals are 403/404/400 with a message, never a 500; notes never
 * reach the customer.
 */
const owner = { email: "notes-owner@example.com", password: "notes-owner-password-1" };
const staff = {
  fulfilment: { email: "notes-fulfil@example.com", password: "notes-fulfil-password-1" },
  marketing: { email: "notes-market@example.com", password: "notes-market-password-1" },
  support: { email: "notes-support@example.com", password: "notes-support-password-1" },
};
const order = { id: "", token: "", unpaid: "" };
const BUYER_EMAIL = "buyer-notes@example.com";

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
  prepare: async (db) => {
    for (const [role, account] of Object.entries(staff))
      await createUser(db, { ...account, name: `Staff ${role}`, role: "admin", staffRole: role });
    const paid = await createOrder(db, { paymentStatus: "paid", email: BUYER_EMAIL, name: "Noted Buyer" });
    order.id = paid.id;
    order.token = paid.statusToken ?? "";
    order.unpaid = (await createOrder(db, { email: "unpaid-notes@example.com" })).id;
  },
});

const note = (body: string) => ({ body });

describe("an order's page and notes over HTTP", () => {
  it("lets roles with orders in, Fulfilment without the customer's email, and refuses Marketing", async () => {
    const fulfilment = await target.signedIn(staff.fulfilment);
    const page = await fulfilment.get(`/admin/orders/${order.id}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Timeline");
    expect(html).not.toContain(BUYER_EMAIL);
    expect((await fulfilment.postForm(`/admin/orders/${order.id}`, note("Fulfilment note"))).status).toBe(
      200,
    );

    const marketing = await target.signedIn(staff.marketing);
    for (const response of [
      await marketing.get(`/admin/orders/${order.id}`),
      await marketing.postForm(`/admin/orders/${order.id}`, note("Marketing was here")),
      await marketing.postForm("/admin/orders/views", { name: "Mine", query: "status=pending" }),
      await marketing.get("/admin/orders?status=pending"),
    ])
      expect(response.status).toBe(403);
    const seen = await (await (await target.signedIn(owner)).get(`/admin/orders/${order.id}`)).text();
    expect(seen).toContain("Fulfilment note");
    expect(seen).not.toContain("Marketing was here");
  });

  it("answers 404 for unknown, malformed and unpaid order ids, reading or writing", async () => {
    const admin = await target.signedIn(owner);
    for (const id of [crypto.randomUUID(), "not-a-uuid", order.unpaid, "%00", "1%27%20or%201=1"]) {
      expect((await admin.get(`/admin/orders/${id}`)).status, id).toBe(404);
      expect((await admin.postForm(`/admin/orders/${id}`, note("Lost"))).status, id).toBe(404);
    }
  });

  it("keeps HTML and CRLF in a note inert, refuses empty and oversized notes, never shows notes to the customer", async () => {
    const admin = await target.signedIn(owner);
    const body = '<img src=x onerror="alert(1)">\r\nSet-Cookie: stolen=1\r\nline three';
    expect((await admin.postForm(`/admin/orders/${order.id}`, note(body))).status).toBe(200);
    const html = await (await admin.get(`/admin/orders/${order.id}`)).text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
    expect(html).toContain("Set-Cookie: stolen=1\nline three");

    for (const [text, message] of [
      ["   ", "Write the note"],
      ["x".repeat(2001), "A note is at most 2,000 characters"],
    ] as const) {
      const refused = await admin.postForm(`/admin/orders/${order.id}`, note(text));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    const customerView = await (await target.visitor().get(`/order-status/${order.token}`)).text();
    expect(customerView).not.toContain("onerror");
    expect(customerView).not.toContain("Fulfilment note");
  });
});

describe("the orders filter in the URL over HTTP", () => {
  it("names bad parameters and still lists, never a 500", async () => {
    const admin = await target.signedIn(owner);
    const garbage = [
      "status=<script>alert(1)</script>",
      "from=2026-13-45&to=yesterday",
      "sku=%00&coupon=%00",
      `q=${"x".repeat(5000)}`,
      "payment[]=paid&type=__proto__&note=maybe&sort=sideways",
      "page=-1&after=bm90IGEgY3Vyc29y&before=%FF",
      "status=shipped&status=pending,,,&product=../../etc",
      "from=2026-02-01&to=2026-01-01",
    ];
    for (const query of garbage) {
      const response = await admin.get(`/admin/orders?${query}`);
      const html = await response.text();
      expect(response.status, query).toBe(200);
      expect(html, query).not.toContain("<script>alert(1)</script>");
      expect(html, query).toContain("Orders Management");
    }
    const named = await (await admin.get("/admin/orders?status=bogus&from=2026-02-30")).text();
    expect(named).toContain("Left out of the filter");
    expect(named).toContain("Status: Not an order status");
    expect(named).toContain("Placed from: Not a real date");
    const exported = await admin.get("/admin/orders/export.csv?status=bogus&sku=%00&from=x");
    expect(exported.status).toBe(200);
    await exported.text();
  });

  it("saves views with inert names, keeps private ones private and lets only the owner delete", async () => {
    const admin = await target.signedIn(owner);
    const support = await target.signedIn(staff.support);
    const name = '<b onmouseover="x()">Hold</b>\r\nX-Injected: 1';
    const saved = await admin.postForm("/admin/orders/views", {
      name,
      query: "status=pending&junk=<script>&from=2026-02-30",
      shared: "on",
    });
    expect(saved.status).toBe(200);
    const list = await (await admin.get("/admin/orders")).text();
    expect(list).not.toContain('<b onmouseover="x()">');
    expect(list).toContain("&lt;b onmouseover");
    // The stored filter is the parsed one: junk and the impossible date are gone.
    expect(list).toContain('href="/admin/orders?status=pending"');

    await admin.postForm("/admin/orders/views", { name: "Owner private", query: "type=subscription" });
    const supportList = await (await support.get("/admin/orders")).text();
    expect(supportList).toContain("&lt;b onmouseover");
    expect(supportList).not.toContain("Owner private");

    const duplicate = await admin.postForm("/admin/orders/views", {
      name,
      query: "status=shipped",
      shared: "on",
    });
    expect(duplicate.status).toBe(409);
    for (const fields of [
      { name: "", query: "status=pending" },
      { name: "x".repeat(61), query: "status=pending" },
      { name: "Everything", query: "junk=1" },
    ]) {
      const refused = await admin.postForm("/admin/orders/views", fields);
      expect(refused.status, fields.name.slice(0, 10)).toBe(400);
    }

    const viewId = /name="viewId" value="([0-9a-f-]{36})"/.exec(list)?.[1] ?? "";
    expect(viewId).not.toBe("");
    for (const id of [viewId, crypto.randomUUID(), "garbage"]) {
      const refused = await support.postForm("/admin/orders/views", { intent: "delete", viewId: id });
      expect(refused.status, id).toBe(404);
    }
    expect((await admin.postForm("/admin/orders/views", { intent: "delete", viewId })).status).toBe(200);
    expect(await (await support.get("/admin/orders")).text()).not.toContain("&lt;b onmouseover");
  });
});
