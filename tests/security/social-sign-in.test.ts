import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../server/db/schema/index.ts";
import { createUser } from "../factories/accounts.ts";
import { FakeGoogle, type FakeGoogleUser } from "../fakes/google-server.ts";
import type { StartAppOptions } from "../support/app.ts";
import { describeOnPostgres } from "../support/database.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * "Continue with Google" attacked over HTTP, against a local Google (tests/fakes/google-server.ts):
 * a provider vouching for nothing cannot sign in as a customer with the same address, and a
 * callback with a forged state is refused without a 500.
 */
const customer = "social-victim@example.com";
const staff = "social-staff@example.com";
const promoted = "social-promoted@example.com";
let promotedId = "";
const fake = new FakeGoogle();
const options: StartAppOptions & { env: Record<string, string> } = {
  env: { LOG_LEVEL: "warn" },
  prepare: async (db) => {
    await createUser(db, { email: customer, name: "Vera Victim" });
    promotedId = (await createUser(db, { email: promoted, name: "Paula Promoted" })).id;
    await createUser(db, { email: staff, name: "Stan Staff", role: "admin", twoFactorEnabled: true });
  },
};
// Registered before setupTarget's hook, so the app starts with GOOGLE_* pointing at the fake.
beforeAll(async () => {
  await fake.start();
  Object.assign(options.env, fake.env());
});
const target = setupTarget(options);
afterAll(() => fake.stop());

/** Presses "Continue with Google" (a no-JS form post): the fake's authorization URL. */
async function startGoogle(visitor: Visitor) {
  const response = await visitor.postForm("/auth", { intent: "google" });
  expect(response.status).toBe(302);
  const authorize = new URL(response.headers.get("location")!);
  expect(authorize.origin).toBe(fake.url);
  return authorize;
}

function callback(authorize: URL, code: string, state = authorize.searchParams.get("state")!) {
  return `/api/auth/callback/google?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
}

async function signedInAs(visitor: Visitor): Promise<string | null> {
  const session = (await (await visitor.get("/api/auth/get-session")).json()) as {
    user?: { email: string };
  } | null;
  return session?.user?.email ?? null;
}

const attacker = (emailVerified: boolean): FakeGoogleUser => ({
  sub: `attacker-${emailVerified}`,
  email: customer,
  emailVerified,
  name: "Mallory",
});

describe("Google sign-in", () => {
  it("an unverified provider address equal to a customer's does not sign in as that customer", async () => {
    const visitor = target.visitor();
    const authorize = await startGoogle(visitor);
    const code = fake.issueCode(attacker(false), authorize.searchParams);
    const answer = await visitor.get(callback(authorize, code));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toContain("error=account_not_linked");
    expect(await signedInAs(visitor)).toBeNull();
    // The refusal is said on /auth, without a session.
    const page = await visitor.get(answer.headers.get("location")!);
    expect(page.status).toBe(302);
    expect(await signedInAs(visitor)).toBeNull();
  });

  it("a callback whose state this browser did not start is refused without a 500", async () => {
    const victim = target.visitor();
    const authorize = await startGoogle(victim);
    const code = fake.issueCode(attacker(true), authorize.searchParams);
    // Another browser (no state cookie) replays the victim's callback.
    const other = target.visitor();
    const replayed = await other.get(callback(authorize, code));
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toMatch(/\/auth\?error=/);
    expect(await signedInAs(other)).toBeNull();
    // A state nobody issued, with the right browser's cookies.
    const forged = await victim.get(callback(authorize, code, "forged-state"));
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/\/auth\?error=/);
    expect(await signedInAs(victim)).toBeNull();
  });

  it("a code the provider refuses (invalid_grant) signs nobody in", async () => {
    const visitor = target.visitor();
    const authorize = await startGoogle(visitor);
    const answer = await visitor.get(callback(authorize, "not-a-code"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/\/auth\?error=invalid_code/);
    expect(fake.refusals).toContain("invalid_grant");
    expect(await signedInAs(visitor)).toBeNull();
  });

  it("a staff account's verified Google address gets no session (staff use their second factor)", async () => {
    const visitor = target.visitor();
    const authorize = await startGoogle(visitor);
    const who = { sub: "staff-google", email: staff, emailVerified: true, name: "Stan" };
    const answer = await visitor.get(callback(authorize, fake.issueCode(who, authorize.searchParams)));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toContain("error=STAFF_USE_ADMIN_LOGIN");
    expect(await signedInAs(visitor)).toBeNull();
    expect((await visitor.get("/admin/dashboard")).headers.get("location")).toBe("/admin/login");
  });

  it("the Content-Security-Policy lets the button's form post go on to the provider", async () => {
    const page = await target.visitor().get("/auth");
    const formAction = page.headers
      .get("content-security-policy")!
      .split(";")
      .find((d) => d.trim().startsWith("form-action"));
    expect(formAction).toContain(fake.url);
    expect(formAction).toContain("https://accounts.google.com");
    expect(formAction).not.toContain("https://appleid.apple.com");
  });

  it("only Apple's callback takes a form post from another origin, and it only redirects", async () => {
    const apple = { origin: "https://appleid.apple.com" };
    const posted = await target
      .visitor()
      .postForm("/api/auth/callback/apple", { code: "c", state: "s" }, apple);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/\/api\/auth\/callback\/apple\?/);
    const elsewhere = await target
      .visitor()
      .postForm("/api/auth/callback/google", { code: "c", state: "s" }, apple);
    expect(elsewhere.status).toBe(403);
  });

  it("Apple is not offered without its keys", async () => {
    const response = await target.visitor().postForm("/auth", { intent: "apple" });
    expect(response.status).toBe(400);
  });
});

// The account is made staff behind the app's back (the staff screen would end its sessions at
// once), so the test needs the app's database: PostgreSQL.
describeOnPostgres("a Google session of an account that became staff", () => {
  it("cannot add a passkey, which the back office would count as the second factor", async () => {
    const visitor = target.visitor();
    const authorize = await startGoogle(visitor);
    const who = { sub: "promoted-google", email: promoted, emailVerified: true, name: "Paula" };
    await visitor.get(callback(authorize, fake.issueCode(who, authorize.searchParams)));
    expect(await signedInAs(visitor)).toBe(promoted);
    expect((await visitor.get("/api/auth/passkey/generate-register-options")).status).toBe(200);
    await target.app.database!.db.update(user).set({ role: "admin" }).where(eq(user.id, promotedId));
    const refused = await visitor.get("/api/auth/passkey/generate-register-options");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "PASSKEY_STAFF_SOCIAL_SESSION" });
  });
});
