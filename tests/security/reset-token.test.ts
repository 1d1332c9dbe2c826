import { describe, expect, it } from "vitest";
import { verification } from "../../server/db/schema/index.ts";
import { createUser, daysFromNow } from "../factories/index.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * Password reset links: one use only (also when two tabs submit it at once), refused once expired,
 * and a reset ends the sessions signed in before it. The link is read from the outbox at
 * /admin/emails, as the admin, over HTTP (works on PGlite and PostgreSQL alike).
 */
const admin = { email: "reset-admin@example.com", password: "reset-admin-pass-1" };
const original = "original-password-1";
const users = {
  reuse: "reset-reuse@example.com",
  race: "reset-race@example.com",
  expired: "reset-old@example.com",
};
const expiredToken = "expiredResetTokenForTests1";
const freshToken = "freshResetTokenForTests22";
const invalidLink = "This password reset link is invalid or has expired. Please request a new one.";

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    await createUser(db, { email: users.reuse, password: original });
    await createUser(db, { email: users.race, password: original });
    await createUser(db, { email: "reset-holder@example.com", password: original });
    const owner = await createUser(db, { email: users.expired, password: original });
    // Links as better-auth stores them: one expired (links live 1 hour), and a fresh one that
    // shows the stored form is right (so the refusal is about the time, not the format).
    for (const [token, expiresAt] of [
      [expiredToken, daysFromNow(-1)],
      [freshToken, daysFromNow(1)],
    ] as const) {
      const identifier = `reset-password:${token}`;
      await db
        .insert(verification)
        .values({ id: crypto.randomUUID(), identifier, value: owner.id, expiresAt });
    }
  },
});

let adminVisitor: Visitor | undefined;
/** The token of the newest reset mail to `email`, read from the admin's outbox pages. */
async function resetToken(email: string): Promise<string> {
  if (!adminVisitor) {
    adminVisitor = await target.signedIn(admin);
  }
  const list = await (await adminVisitor.get(`/admin/emails?to=${encodeURIComponent(email)}`)).text();
  const id = list.match(/\/admin\/emails\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`no mail to ${email}`);
  const mail = await (await adminVisitor.get(`/admin/emails/${id}`)).text();
  const token = mail.match(/mode=reset(?:&amp;|&)token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link in the mail to ${email}`);
  return token;
}

async function requestReset(email: string) {
  const response = await target.visitor().postForm("/auth", { intent: "forgot", email });
  expect(response.status).toBe(200);
  return resetToken(email);
}

const reset = (token: string, password: string) =>
  target.visitor().postForm("/auth", { intent: "reset", token, password, confirmPassword: password });

async function canSignIn(email: string, password: string) {
  const response = await target.visitor().postJson("/api/auth/sign-in/email", { email, password });
  return response.ok;
}

describe("password reset links", () => {
  it("work once: a used link cannot set the password again, by form or API", async () => {
    const token = await requestReset(users.reuse);
    const first = await reset(token, "first-new-password-1");
    expect(first.status).toBe(302);

    const again = await reset(token, "attacker-password-2");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(invalidLink);
    const api = await target
      .visitor()
      .postJson("/api/auth/reset-password", { token, newPassword: "attacker-password-3" });
    expect(api.status).toBe(400);

    expect(await canSignIn(users.reuse, "first-new-password-1")).toBe(true);
    expect(await canSignIn(users.reuse, "attacker-password-2")).toBe(false);
    expect(await canSignIn(users.reuse, "attacker-password-3")).toBe(false);
  });

  it("work once when two requests use the same link at the same moment", async () => {
    const token = await requestReset(users.race);
    const answers = await Promise.all([
      reset(token, "race-password-one-1"),
      reset(token, "race-password-two-2"),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    const winners = [
      await canSignIn(users.race, "race-password-one-1"),
      await canSignIn(users.race, "race-password-two-2"),
    ];
    expect(winners.filter(Boolean)).toHaveLength(1);
  });

  it("refuse an expired link and leave the password as it was", async () => {
    const response = await reset(expiredToken, "late-password-1");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(invalidLink);
    expect(await canSignIn(users.expired, original)).toBe(true);
    expect(await canSignIn(users.expired, "late-password-1")).toBe(false);
    expect((await reset(freshToken, "timely-password-1")).status).toBe(302);
    expect(await canSignIn(users.expired, "timely-password-1")).toBe(true);
  });

  it("end the sessions that were signed in before the reset", async () => {
    const email = "reset-holder@example.com";
    const before = await target.signedIn({ email, password: original });
    expect((await (await before.get("/api/auth/get-session")).json())?.user?.email).toBe(email);
    expect((await reset(await requestReset(email), "after-reset-password-1")).status).toBe(302);
    expect(await (await before.get("/api/auth/get-session")).json()).toBeNull();
  });
});
