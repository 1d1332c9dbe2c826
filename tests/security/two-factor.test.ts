import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { totpCode, untilEarlyInTotpStep } from "../support/totp.ts";
import { setupTarget, type Visitor } from "./support.ts";

const customer = "two-factor-customer@example.com";
const admin = "two-factor-admin@example.com";
const settingUp = "setting-up@example.com";

const target = setupTarget({
  prepare: async (db) => {
    await createUser(db, { email: customer });
    await createUser(db, { email: admin, role: "admin" });
    await createUser(db, { email: settingUp });
  },
});

/** Turns two-factor on through /account/two-factor, as the owner does; returns the app's key. */
async function enrol(email: string): Promise<string> {
  const owner = await target.signedIn({ email, password: DEFAULT_USER_PASSWORD });
  const setup = await owner.postForm("/account/two-factor", {
    intent: "enable",
    password: DEFAULT_USER_PASSWORD,
  });
  const secret = /secret=([A-Z2-7]+)/.exec(await setup.text())?.[1];
  if (!secret) throw new Error("no authenticator key on the setup page");
  // Confirmed with the previous 30 s step's code (still accepted), so the current one is fresh.
  await untilEarlyInTotpStep();
  const confirmed = await owner.postForm("/account/two-factor", {
    intent: "verify",
    code: totpCode(secret, Date.now() - 30_000),
  });
  expect(confirmed.headers.get("location")).toBe("/account");
  return secret;
}

const hasSession = (visitor: Visitor) => [...visitor.cookies.keys()].some((n) => n.endsWith("session_token"));

describe("two-factor code replay", () => {
  it("accepts a customer's code once: someone who saw it cannot sign in with it too", async () => {
    const secret = await enrol(customer);
    const [owner, attacker] = [target.visitor(), target.visitor()];
    for (const visitor of [owner, attacker]) {
      const password = await visitor.postForm("/auth", {
        intent: "signin",
        email: customer,
        password: DEFAULT_USER_PASSWORD,
      });
      expect(password.headers.get("location")).toMatch(/^\/auth\/two-factor/);
    }
    const code = totpCode(secret);
    const first = await owner.postForm("/auth/two-factor", { intent: "totp", code });
    expect(first.status).toBe(302);
    expect(hasSession(owner)).toBe(true);

    const replay = await attacker.postForm("/auth/two-factor", { intent: "totp", code });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain("Invalid code");
    expect(hasSession(attacker)).toBe(false);
  });

  it("accepts an admin's code once on /admin/login", async () => {
    const secret = await enrol(admin);
    const [owner, attacker] = [target.visitor(), target.visitor()];
    for (const visitor of [owner, attacker]) {
      const password = await visitor.postForm("/admin/login", {
        email: admin,
        password: DEFAULT_USER_PASSWORD,
      });
      expect(password.status).toBe(200);
    }
    const code = totpCode(secret);
    const first = await owner.postForm("/admin/login", { intent: "verify-code", code });
    expect(first.headers.get("location")).toBe("/admin");

    const replay = await attacker.postForm("/admin/login", { intent: "verify-code", code });
    expect(replay.status).toBe(401);
    expect(hasSession(attacker)).toBe(false);
    expect((await attacker.get("/admin/dashboard")).headers.get("location")).toBe("/admin/login");
  });
});

describe("two-factor setup input", () => {
  it("answers a tampered enrolment field with the form again, never a 500 or a foreign link", async () => {
    const visitor = await target.signedIn({ email: settingUp, password: DEFAULT_USER_PASSWORD });
    for (const enrolment of ["{", JSON.stringify({ totpURI: "javascript:alert(1)", backupCodes: [] })]) {
      const response = await visitor.postForm("/account/two-factor", {
        intent: "verify",
        code: "12",
        enrolment,
      });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain("Enter the 6-digit code from your authenticator app.");
      expect(page).not.toContain("javascript:alert");
    }
  });
});
