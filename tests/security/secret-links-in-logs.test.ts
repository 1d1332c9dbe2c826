import { describe, expect, it } from "vitest";
import { createOrder } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * Issue 29, finding 4: the info-level request log carried `/order-status/<token>` (and `.data`) and
 * `/sandbox/pay/<id>` in full, so anyone reading the logs could open a guest's order page (name,
 * address, phone). Every secret link is requested here; neither the log, nor /metrics, nor a
 * Referer the browser would send afterwards may carry its token.
 */
const METRICS_TOKEN = "metrics-token-for-secret-links-0123";
const guest = { statusToken: "" };

const target = setupTarget({
  seed: "none",
  env: { METRICS_TOKEN, LOG_LEVEL: "info" },
  prepare: async (db) => {
    const order = await createOrder(db, {
      paymentStatus: "paid",
      name: "Gwen Guest",
      email: "gwen.guest@example.com",
      phone: "555-0142",
    });
    guest.statusToken = order.statusToken!;
  },
});

const SECRET = "S3cr3tT0kenValue";
const links = () => [
  `/order-status/${guest.statusToken}`,
  `/order-status/${guest.statusToken}.data`,
  `/ORDER-STATUS/${guest.statusToken}`,
  `/sandbox/pay/${SECRET}1`,
  `/sandbox/pay/${SECRET}1.data`,
  `/sandbox/paypal/${SECRET}2`,
  `/cart/restore/${SECRET}3`,
  `/unsubscribe/${SECRET}4.sig`,
  `/newsletter/confirm/${SECRET}5`,
  `/api/auth/reset-password/${SECRET}6?callbackURL=%2Fauth`,
  // A content creator's set-password link (their invitation, or an imported creator's), a staff invitation.
  `/creator/set-password?token=${SECRET}7`,
  `/invitation/${SECRET}8`,
];
const tokens = () => [guest.statusToken, ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${SECRET}${n}`)];

describe("secret links", () => {
  it("reach the pages but never the log or the metrics", async () => {
    const visitor = target.visitor();
    const page = await visitor.get(`/order-status/${guest.statusToken}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Gwen Guest");
    for (const link of links()) await visitor.get(link);
    const metrics = await visitor.get("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    const exposed = [await metrics.text(), target.app.output()].join("\n");
    for (const token of tokens()) expect(exposed).not.toContain(token);
    expect(target.app.output()).toContain('"path":"/order-status/:token"');
    expect(target.app.output()).toContain('"path":"/order-status/:token.data"');
    expect(target.app.output()).toContain('"path":"/sandbox/pay/:token"');
  });

  it("are never sent on as a Referer: the pages they open say no-referrer or same-origin", async () => {
    const visitor = target.visitor();
    for (const link of links()) {
      const response = await visitor.get(link);
      expect(["no-referrer", "same-origin"], link).toContain(response.headers.get("referrer-policy"));
    }
    const status = await visitor.get(`/order-status/${guest.statusToken}`);
    expect(status.headers.get("referrer-policy")).toBe("no-referrer");
  });
});
