import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createUser } from "../factories/index.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Issue 29, finding 1: deleting one account at /account/privacy erased other people's email. A
 * customer named like an email subject ("Verify your email address") or like the shop ("Peak
 * Shilajit", in every email) deleted their account; every message whose text contained that name
 * went, other customers' unsent verification emails included. Erasure now goes by identifiers.
 */
const admin = { email: "scope-admin@example.com", password: "scope-admin-pass-1" };
const attackers = [
  { name: "Verify your email address", email: "verify.attacker@example.com", password: "attacker-pass-123" },
  { name: "Peak Shilajit", email: "brand.attacker@example.com", password: "attacker-pass-456" },
];
/** Signed up over HTTP: their verification emails wait unsent in the outbox. */
const victims = [
  { name: "Vera Victim", email: "vera.victim@example.com", password: "vera-password-123" },
  { name: "Peak Shilajit Fan", email: "fan.victim@example.com", password: "fan-password-123" },
];

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    for (const person of attackers) {
      const account = await createUser(db, person);
      await createOrder(db, {
        paymentStatus: "paid",
        userId: account.id,
        name: person.name,
        email: person.email,
      });
    }
  },
});

let office: Visitor;
beforeAll(async () => {
  for (const victim of victims) {
    const response = await target.visitor().postJson("/api/auth/sign-up/email", victim);
    expect(response.status).toBe(200);
  }
  office = await target.signedIn(admin);
});

/** The outbox's page for one address, as the admin sees it (subjects and count). */
async function outboxOf(email: string) {
  const response = await office.get(`/admin/emails?to=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.split("Verify your email address").length - 1;
}

describe("deleting an account at /account/privacy", () => {
  it("leaves the other customers' unsent emails in the outbox, whatever the deleted name", async () => {
    const before = await Promise.all(victims.map((v) => outboxOf(v.email)));
    expect(before.every((n) => n > 0)).toBe(true);
    for (const attacker of attackers) {
      const visitor = await target.signedIn(attacker);
      const erased = await visitor.postForm("/account/privacy", {
        password: attacker.password,
        confirm: "on",
      });
      expect([302, 303]).toContain(erased.status);
      expect((await target.visitor().postJson("/api/auth/sign-in/email", attacker)).status).not.toBe(200);
      expect(await Promise.all(victims.map((v) => outboxOf(v.email)))).toEqual(before);
    }
  });

  it("lists what only mentions the deleted name for the admin, without deleting it", async () => {
    const html = await (await office.get("/admin/privacy")).text();
    expect(html).toMatch(/\d+ rows? mentions? them/);
    expect(html).toContain('href="/admin/emails/');
  });
});
