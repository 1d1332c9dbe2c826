import { describe, expect, it } from "vitest";
import { createProductSubscription, createSubscription, createUser } from "../factories/index.ts";
import { setupTarget } from "./support.ts";

/**
 * The subscription self-service routes (/account/subscriptions/:id and …/cancel) attacked over
 * HTTP: signed out, another customer's id, malformed months, quantities and variants, and a
 * cancellation sent twice. Every refusal is a clear 4xx that changes nothing, never a 500.
 */
const owner = { email: "owner.subs@example.com", password: "owner-password-123" };
const intruder = { email: "intruder.subs@example.com", password: "intruder-password-123" };
const ids = { victim: "", own: "", twice: "", variant: "" };

const target = setupTarget({
  seed: "none",
  prepare: async (db) => {
    const a = await createUser(db, { ...owner, name: "Sub Owner" });
    const b = await createUser(db, { ...intruder, name: "Sub Intruder" });
    const victim = await createProductSubscription(db, { userId: a.id }, { name: "Attack Resin" });
    ids.victim = victim.sub.id;
    ids.variant = victim.variant.id;
    const items = victim.sub.items;
    ids.own = (await createSubscription(db, { userId: b.id, items })).id;
    ids.twice = (await createSubscription(db, { userId: b.id, items })).id;
  },
});

const page = (id: string) => `/account/subscriptions/${id}`;

describe("subscription self-service attacks", () => {
  it("signed out: every page and change goes to sign-in and changes nothing", async () => {
    const anonymous = target.visitor();
    for (const path of [page(ids.victim), `${page(ids.victim)}/cancel`]) {
      const shown = await anonymous.get(path);
      expect([302, 303], path).toContain(shown.status);
      expect(shown.headers.get("location"), path).toContain("/auth");
      const posted = await anonymous.postForm(path, { intent: path.endsWith("cancel") ? "cancel" : "skip" });
      expect([302, 303], path).toContain(posted.status);
      expect(posted.headers.get("location"), path).toContain("/auth");
    }
    const mine = await (await (await target.signedIn(owner)).get(page(ids.victim))).text();
    expect(mine).toContain("Renews on");
  });

  it("another customer's subscription id is not found, for reading and for every change", async () => {
    const visitor = await target.signedIn(intruder);
    for (const path of [page(ids.victim), `${page(ids.victim)}/cancel`, `${page(ids.victim)}.data`]) {
      expect((await visitor.get(path)).status, path).toBe(404);
    }
    const changes: [string, Record<string, string>][] = [
      [page(ids.victim), { intent: "skip" }],
      [page(ids.victim), { intent: "pause", months: "2" }],
      [
        page(ids.victim),
        { intent: "items", variantId: ids.variant, quantity: "5", addVariantId: "", addQuantity: "" },
      ],
      [page(ids.victim), { intent: "payment-method" }],
      [`${page(ids.victim)}/cancel`, { intent: "cancel" }],
    ];
    for (const [path, form] of changes) {
      const response = await visitor.postForm(path, form);
      expect(response.status, form.intent).toBe(404);
      expect(await response.text()).toContain("We could not find that subscription");
    }
    for (const id of [crypto.randomUUID(), "not-a-uuid", "%00"]) {
      expect((await visitor.postForm(`${page(id)}/cancel`, { intent: "cancel" })).status, id).toBe(404);
    }
    const victim = await (await (await target.signedIn(owner)).get(page(ids.victim))).text();
    expect(victim).toContain("Renews on");
    expect(victim).toContain("Attack Resin");
  });

  it("invalid months, quantities and variants are refused with a message (400), never a 500", async () => {
    const visitor = await target.signedIn(intruder);
    for (const months of ["0", "4", "-1", "1.5", "abc", "", "9".repeat(500)]) {
      const response = await visitor.postForm(page(ids.own), { intent: "pause", months });
      expect(response.status, months).toBe(400);
      expect(await response.text()).toContain("Choose a pause of 1 to 3 months.");
    }
    const items = (fields: Record<string, string>) =>
      visitor.postForm(page(ids.own), { intent: "items", addVariantId: "", addQuantity: "", ...fields });
    for (const quantity of ["-1", "100", "1e3", "abc", "2.5"]) {
      const response = await items({ variantId: ids.variant, quantity });
      expect(response.status, quantity).toBe(400);
      expect(await response.text()).toContain("Enter a whole number from 0");
    }
    const none = await items({ variantId: ids.variant, quantity: "0" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Keep at least one item");
    const malformed = await items({ variantId: "../../etc", quantity: "1" });
    expect(malformed.status).toBe(400);
    const unknown = await items({ variantId: crypto.randomUUID(), quantity: "1" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("no longer sold");
    expect((await visitor.postForm(page(ids.own), { intent: "bogus" })).status).toBe(400);
    expect(await (await visitor.get(page(ids.own))).text()).toContain("Renews on");
  });

  it("cancelling twice: the first ends it, the second is told it already ended", async () => {
    const visitor = await target.signedIn(intruder);
    const first = await visitor.postForm(`${page(ids.twice)}/cancel`, { intent: "cancel" });
    expect([302, 303]).toContain(first.status);
    expect(first.headers.get("location")).toBe("/account/subscriptions");
    const second = await visitor.postForm(`${page(ids.twice)}/cancel`, { intent: "cancel" });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("This subscription has already ended.");
    expect(await (await visitor.get(`${page(ids.twice)}/cancel`)).text()).toContain("already ended");
  });
});
