import { describe, expect, it } from "vitest";
import { createOrder, createUser } from "../factories/index.ts";
import { expectTooLarge, setupTarget } from "./support.ts";

/**
 * Bulk actions on Orders Management attacked over plain HTTP: a role without the permission,
 * foreign and unknown ids, 10,000 ids in one request, a 50 MB upload, a formula in the tracking
 * upload, and the same bulk request twice. Each is refused clearly or handled, never a 500.
 */
const fulfilment = { email: "bulk-fulfil@example.com", password: "bulk-fulfil-password-1" };
const marketing = { email: "bulk-marketing@example.com", password: "bulk-marketing-password-1" };
const owner = { email: "bulk-owner@example.com", password: "bulk-owner-password-1" };
const orders: { id: string; number: number }[] = [];

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
  prepare: async (db) => {
    await createUser(db, { ...fulfilment, role: "admin", staffRole: "fulfilment" });
    await createUser(db, { ...marketing, role: "admin", staffRole: "marketing" });
    for (let i = 0; i < 3; i++) {
      const order = await createOrder(db, {
        paymentStatus: "paid",
        email: `bulk-buyer${i}@example.com`,
        name: "Buyer",
      });
      orders.push({ id: order.id, number: order.number as number });
    }
  },
});

const key = () => crypto.randomUUID();

function trackingUpload(csv: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("tracking", new Blob([csv], { type: "text/csv" }), "tracking.csv");
  return body;
}

describe("bulk order actions over HTTP", () => {
  it("Marketing may not set status, ship or print in bulk; nothing changes", async () => {
    const staff = await target.signedIn(marketing);
    for (const path of ["/admin/orders/bulk/status", "/admin/orders/bulk/ship", "/admin/orders/bulk/print"]) {
      const response = await staff.postForm(path, {
        orderIds: orders[0]!.id,
        status: "cancelled",
        key: key(),
      });
      expect(response.status, path).toBe(403);
    }
  });

  it("unknown and malformed ids select nothing (400, named field), never a 500", async () => {
    const staff = await target.signedIn(fulfilment);
    const response = await staff.postForm("/admin/orders/bulk/status", {
      orderIds: `${crypto.randomUUID()},not-an-id,'; drop table orders;--`,
      status: "processing",
      key: key(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("No orders selected");
  });

  it("10,001 ids are refused with the limit; 10,000 ids run as a background job", async () => {
    const staff = await target.signedIn(fulfilment);
    const ids = (n: number) =>
      [orders[0]!.id, ...Array.from({ length: n - 1 }, () => crypto.randomUUID())].join(",");
    const over = await staff.postForm("/admin/orders/bulk/status", {
      orderIds: ids(10_001),
      status: "processing",
      key: key(),
    });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("At most 10,000 orders at once");
    const full = await staff.postForm("/admin/orders/bulk/status", {
      orderIds: ids(10_000),
      status: "processing",
      key: key(),
    });
    expect(full.status).toBe(200);
  });

  it("refuses a 50 MB tracking upload with 413 before reading it", async () => {
    const staff = await target.signedIn(fulfilment);
    const big = "1001,UPS,1Z999AA10123456784\n".repeat(Math.ceil((50 * 1024 * 1024) / 29));
    await expectTooLarge(
      staff.request(
        "POST",
        "/admin/orders/bulk/ship",
        trackingUpload(big, { orderIds: orders[0]!.id, key: key() }),
      ),
      "Payload Too Large",
    );
  });

  it("a formula in the upload stays text in the preview and in the export; applying twice ships once", async () => {
    const staff = await target.signedIn(fulfilment);
    const [a] = orders;
    const csv = `order number,carrier,tracking number\n${a!.number},"=HYPERLINK(""http://evil"")",1Z999AA10123456789\n`;
    const previewed = await staff.request(
      "POST",
      "/admin/orders/bulk/ship",
      trackingUpload(csv, { orderIds: a!.id, key: key() }),
    );
    expect(previewed.status).toBe(200);
    const preview = JSON.stringify(await previewed.json());
    const requestId = /"requestId":"([0-9a-f-]{36})"/.exec(preview)?.[1];
    expect(requestId).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const applied = await staff.postForm("/admin/orders/bulk/ship", {
        intent: "apply",
        requestId: requestId!,
      });
      expect(applied.status).toBe(200);
    }
    const ownerSession = await target.signedIn(owner);
    const exported = await ownerSession.postForm("/admin/orders/bulk/export.csv", {
      orderIds: a!.id,
      key: key(),
    });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
  });
});
