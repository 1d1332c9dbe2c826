import { describe, expect, it } from "vitest";
import { createOrder, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * Marking an order shipped (/admin/orders/:id/ship, and "Shipped" in the Orders Management status
 * form) attacked over plain HTTP: by someone who is not an admin, with bad tracking input, for an
 * unpaid or unknown order, and twice at once. Each is refused with a clear answer, never a 500, and
 * changes nothing; the shipped email goes out once.
 */
const admin = { email: "ship-owner@example.com", password: "ship-owner-password-1" };
const customer = { email: "ship-customer@example.com", password: "ship-customer-password-1" };
const ids = { paid: "", unpaid: "", race: "" };
const TRACKING_MESSAGE = "Tracking number must be 6–40 letters or digits, without spaces";

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, customer);
    ids.paid = (
      await createOrder(db, { paymentStatus: "paid", email: "buyer-ship@example.com", name: "Buyer" })
    ).id;
    ids.race = (
      await createOrder(db, { paymentStatus: "paid", email: "buyer-race@example.com", name: "Racer" })
    ).id;
    ids.unpaid = (await createOrder(db, { paymentStatus: "unpaid", email: "buyer-unpaid@example.com" })).id;
  },
});

const shipForm = (fields: Record<string, string> = {}) => ({
  intent: "ship",
  carrier: "ups",
  trackingNumber: "1Z999AA10123456784",
  ...fields,
});

/** The ship page as the admin sees it: "Mark shipped" until the order has shipped. */
async function shipPage(id: string) {
  const owner = await target.signedIn(admin);
  return (await owner.get(`/admin/orders/${id}/ship`)).text();
}

describe("marking an order shipped over HTTP", () => {
  it("refuses visitors and customers and leaves the order unshipped", async () => {
    for (const visitor of [target.visitor(), await target.signedIn(customer)]) {
      const response = await visitor.postForm(`/admin/orders/${ids.paid}/ship`, shipForm());
      expect([302, 303]).toContain(response.status);
      expect(new URL(response.headers.get("location") ?? "", target.app.url).pathname).toBe("/admin/login");
      const listed = await visitor.postForm("/admin/orders", { orderId: ids.paid, status: "cancelled" });
      expect([302, 303]).toContain(listed.status);
    }
    const page = await shipPage(ids.paid);
    expect(page).toContain("Mark shipped");
    expect(page).toContain("Pending");
  });

  it("refuses bad tracking input with a clear message and keeps what was typed", async () => {
    const owner = await target.signedIn(admin);
    const cases: [Record<string, string>, string][] = [
      [{ trackingNumber: "1Z 999 AA1" }, TRACKING_MESSAGE],
      [{ trackingNumber: "abc" }, TRACKING_MESSAGE],
      [{ trackingNumber: "<script>alert(1)</script>" }, TRACKING_MESSAGE],
      [{ trackingNumber: "9".repeat(200_000) }, TRACKING_MESSAGE],
      [{ trackingNumber: "" }, "Enter the tracking number"],
      [{ carrier: "pigeon" }, "Choose a carrier"],
      [{ carrier: "other", carrierName: "" }, "Enter the carrier&#x27;s name"],
      [{ intent: "delete" }, "Unknown action"],
    ];
    for (const [fields, message] of cases) {
      const response = await owner.postForm(`/admin/orders/${ids.paid}/ship`, shipForm(fields));
      const body = await response.text();
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(body).toContain(message);
      expect(body).not.toContain("<script>alert(1)</script>");
    }
    expect(await shipPage(ids.paid)).toContain("Mark shipped");
  });

  it("refuses an unpaid, unknown or malformed order id with a 404", async () => {
    const owner = await target.signedIn(admin);
    for (const id of [ids.unpaid, crypto.randomUUID(), "not-an-order"]) {
      const response = await owner.postForm(`/admin/orders/${id}/ship`, shipForm());
      expect(response.status, id).toBe(404);
      await response.text();
    }
    const edit = await owner.postForm(`/admin/orders/${ids.unpaid}/ship`, shipForm({ intent: "edit" }));
    expect(edit.status).toBe(404);
  });

  it("sends a plain 'Shipped' status change to the ship page instead of shipping without tracking", async () => {
    const owner = await target.signedIn(admin);
    const response = await owner.postForm("/admin/orders", { orderId: ids.paid, status: "shipped" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/orders/${ids.paid}/ship`);
    expect(await shipPage(ids.paid)).toContain("Mark shipped");
  });

  it("ships once when the form is posted twice at once: one shipped email", async () => {
    const owner = await target.signedIn(admin);
    const responses = await Promise.all(
      [1, 2].map(() => owner.postForm(`/admin/orders/${ids.race}/ship`, shipForm())),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await shipPage(ids.race)).toContain("Edit tracking");
    const outbox = await (await owner.get("/admin/emails?to=buyer-race@example.com")).text();
    // Counted in the table's markup (the page's data carries each subject a second time).
    expect(outbox.match(/>Order #\d+ has shipped</g)).toHaveLength(1);
  });
});
