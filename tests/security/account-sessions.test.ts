import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { session } from "../../server/db/schema/index.ts";
import { createUser, DEFAULT_USER_PASSWORD, type User } from "../factories/accounts.ts";
import { setupTarget, type Visitor } from "./support.ts";

const AUTH_SECRET = "security-test-secret-0123456789abcdef";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const users: Record<"customer" | "changer" | "admin" | "oldAdmin" | "oldCustomer", User> = {} as never;

/** A session as a browser would hold it: a row started `ageMs` ago and still used an hour ago. */
async function oldSession(db: Db, owner: User, ageMs: number) {
  const token = crypto.randomUUID().replaceAll("-", "");
  const now = Date.now();
  await db.insert(session).values({
    id: crypto.randomUUID(),
    token,
    userId: owner.id,
    createdAt: new Date(now - ageMs),
    updatedAt: new Date(now - HOUR),
    expiresAt: new Date(now + HOUR),
  });
  return token;
}

const tokens: Record<"oldAdmin" | "oldCustomer", string> = {} as never;

const target = setupTarget({
  env: { AUTH_SECRET },
  prepare: async (db) => {
    users.customer = await createUser(db);
    users.changer = await createUser(db);
    users.admin = await createUser(db, { role: "admin" });
    users.oldAdmin = await createUser(db, { role: "admin" });
    users.oldCustomer = await createUser(db);
    tokens.oldAdmin = await oldSession(db, users.oldAdmin, 8 * DAY);
    tokens.oldCustomer = await oldSession(db, users.oldCustomer, 8 * DAY);
  },
});

/** better-auth's signed cookie value for a session token. */
function withSessionCookie(visitor: Visitor, token: string) {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  visitor.cookies.set("better-auth.session_token", encodeURIComponent(`${token}.${signature}`));
  return visitor;
}

async function sessionOf(visitor: Visitor) {
  const response = await visitor.get("/api/auth/get-session");
  return (await response.json()) as { user: { email: string }; session: { expiresAt: string } } | null;
}

/** Every account here has the default password. */
const signedIn = (email: string) => target.signedIn({ email, password: DEFAULT_USER_PASSWORD });

describe("a GET never signs anybody out", () => {
  it("a link to /admin/login or any admin page leaves a shopper signed in", async () => {
    const shopper = await signedIn(users.customer.email);
    const login = await shopper.get("/admin/login");
    expect(login.status).toBe(200);
    const page = await login.text();
    expect(page).toContain("Access Denied");
    expect(page).toContain(users.customer.email);
    expect((await shopper.get("/admin/orders")).headers.get("location")).toBe("/admin/login");
    expect((await shopper.get("/admin/login")).status).toBe(200);
    expect((await sessionOf(shopper))?.user.email).toBe(users.customer.email);

    // Signing out is a POST (the button on that page).
    const signOut = await shopper.postForm("/admin/login", { intent: "sign-out" });
    expect(signOut.headers.get("location")).toBe("/admin/login");
    expect(await sessionOf(shopper)).toBeNull();
  });
});

describe("session lifetime", () => {
  it("gives admins a 12-hour idle timeout that each request moves, customers 30 days", async () => {
    const admin = await signedIn(users.admin.email);
    const first = new Date((await sessionOf(admin))!.session.expiresAt).getTime();
    expect(first).toBeLessThanOrEqual(Date.now() + 12 * HOUR);
    expect(first).toBeGreaterThan(Date.now() + 11 * HOUR);
    const later = new Date((await sessionOf(admin))!.session.expiresAt).getTime();
    expect(later).toBeGreaterThanOrEqual(first);

    const customer = await signedIn(users.customer.email);
    const customerEnd = new Date((await sessionOf(customer))!.session.expiresAt).getTime();
    expect(customerEnd).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("ends an admin session 7 days after sign-in however busy it is; a customer's lives on", async () => {
    const oldAdmin = withSessionCookie(target.visitor(), tokens.oldAdmin);
    expect((await oldAdmin.get("/admin/dashboard")).headers.get("location")).toBe("/admin/login");
    expect(await sessionOf(oldAdmin)).toBeNull();

    const oldCustomer = withSessionCookie(target.visitor(), tokens.oldCustomer);
    expect((await oldCustomer.get("/account")).status).toBe(200);
    expect((await sessionOf(oldCustomer))?.user.email).toBe(users.oldCustomer.email);
  });
});

describe("changing the password without JavaScript", () => {
  it("keeps this browser signed in with a new session and says so", async () => {
    const changer = await signedIn(users.changer.email);
    const changed = await changer.postForm("/account", {
      intent: "change-password",
      currentPassword: DEFAULT_USER_PASSWORD,
      password: "a-new-password-1",
      confirmPassword: "a-new-password-1",
    });
    expect(changed.status).toBe(302);
    const next = await changer.get(changed.headers.get("location")!);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Your password has been changed.");
    expect((await sessionOf(changer))?.user.email).toBe(users.changer.email);
  });
});
