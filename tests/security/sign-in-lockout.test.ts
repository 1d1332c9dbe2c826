import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { setupTarget, type Visitor } from "./support.ts";

const owner = { email: "locked-owner@example.com", password: "owner-password-123" };
const customer = "locked-customer@example.com";

// Behind a reverse proxy (TRUST_PROXY=true) each request says where it comes from.
const target = setupTarget({
  env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, TRUST_PROXY: "true" },
  prepare: async (db) => {
    await createUser(db, { email: customer });
  },
});

const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });

function adminLogin(visitor: Visitor, address: string, password: string) {
  return visitor.postForm("/admin/login", { email: owner.email, password }, from(address));
}

function customerSignIn(visitor: Visitor, address: string, password: string) {
  return visitor.postForm("/auth", { intent: "signin", email: customer, password }, from(address));
}

describe("sign-in lockout", () => {
  it("10 wrong admin passwords from one address do not lock the admin out", async () => {
    const attacker = target.visitor();
    for (let i = 0; i < 10; i++) {
      expect((await adminLogin(attacker, "203.0.113.66", `guess-${i}`)).status).toBe(401);
    }
    // The guessing address is stopped, even with the right password...
    const stopped = await adminLogin(attacker, "203.0.113.66", owner.password);
    expect(await stopped.text()).toContain("Too many attempts. Please wait");
    expect(stopped.headers.get("location")).toBeNull();
    // ...while the admin, from an address that has not been failing, signs in.
    const signedIn = await adminLogin(target.visitor(), "198.51.100.7", owner.password);
    expect(signedIn.headers.get("location")).toBe("/admin");
  });

  it("10 wrong customer passwords do not lock the customer out, and successes never count", async () => {
    const attacker = target.visitor();
    for (let i = 0; i < 10; i++) {
      expect((await customerSignIn(attacker, "203.0.113.99", `guess-${i}`)).status).toBe(401);
    }
    expect((await customerSignIn(attacker, "203.0.113.99", DEFAULT_USER_PASSWORD)).status).toBe(429);

    // The customer signs in again and again from home: only failures are counted.
    for (let i = 0; i < 12; i++) {
      const home = await customerSignIn(target.visitor(), "198.51.100.20", DEFAULT_USER_PASSWORD);
      expect(home.status).toBe(302);
    }
  });
});
