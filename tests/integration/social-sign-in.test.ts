import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../server/auth/auth.ts";
import { requireAdmin } from "../../server/auth/guards.ts";
import { socialButtons, socialProviders } from "../../server/auth/social.ts";
import { loadConfig } from "../../server/config.ts";
import type { RequestContext } from "../../server/context.ts";
import { account, session, user } from "../../server/db/schema/index.ts";
import { createUser } from "../factories/accounts.ts";
import { uniqueSuffix } from "../factories/unique.ts";
import { FakeGoogle, type FakeGoogleUser, fakeGoogleClient } from "../fakes/google-server.ts";
import { clientHeaders, cookieHeader, createTestAuth, TEST_PUBLIC_URL } from "../support/auth.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

// Google sign-in through better-auth against a local Google (tests/fakes/google-server.ts), reached
// over HTTP: the linking rules of server/auth/social.ts.
const fake = new FakeGoogle();
let database: TestDatabase;
let auth: Auth;
let stopMail: () => Promise<void>;

beforeAll(async () => {
  await fake.start();
  database = await createTestDatabase();
  const google = {
    clientId: fakeGoogleClient.id,
    clientSecret: fakeGoogleClient.secret,
    oauthBase: fake.url,
  };
  const created = createTestAuth(database.db, {}, { google, apple: undefined });
  auth = created.auth;
  stopMail = () => created.mailer.stop();
});
afterAll(async () => {
  await stopMail?.();
  await database?.destroy();
  await fake.stop();
});

const person = (email: string, emailVerified: boolean): FakeGoogleUser => ({
  sub: `google-${uniqueSuffix()}`,
  email,
  emailVerified,
  name: "Gail Google",
});

/** "Continue with Google", the consent at the fake, and better-auth's callback; where it lands. */
async function signInWithGoogle(who: FakeGoogleUser) {
  const started = await auth.api.signInSocial({
    body: {
      provider: "google",
      callbackURL: "/auth?social=done",
      errorCallbackURL: "/auth",
      disableRedirect: true,
    },
    headers: clientHeaders(),
    returnHeaders: true,
  });
  const authorize = new URL(started.response.url!);
  expect(authorize.origin).toBe(fake.url);
  const code = fake.issueCode(who, authorize.searchParams);
  const callback = new URL(`${TEST_PUBLIC_URL}/api/auth/callback/google`);
  callback.searchParams.set("code", code);
  callback.searchParams.set("state", authorize.searchParams.get("state")!);
  const answer = await auth.handler(
    new Request(callback, { headers: clientHeaders(undefined, cookieHeader(started.headers)) }),
  );
  const cookie = cookieHeader(answer.headers);
  const signedIn = await auth.api.getSession({ headers: clientHeaders(undefined, cookie) });
  return { status: answer.status, location: answer.headers.get("location") ?? "", signedIn, cookie };
}

const googleAccounts = (userId: string) =>
  database.db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "google")));

const userByEmail = async (email: string) =>
  (await database.db.select().from(user).where(eq(user.email, email)))[0];

describe("Google sign-in: linking only through a verified email", () => {
  it("links to the existing customer when Google says the address is verified", async () => {
    const customer = await createUser(database.db);
    const result = await signInWithGoogle(person(customer.email, true));
    expect(result.location).toBe("/auth?social=done");
    expect(result.signedIn?.user.id).toBe(customer.id);
    expect(result.signedIn?.session.signInMethod).toBe("social");
    expect(await googleAccounts(customer.id)).toHaveLength(1);
  });

  it("does not link, nor sign in, when Google says the address is unverified", async () => {
    const customer = await createUser(database.db);
    const result = await signInWithGoogle(person(customer.email, false));
    expect(result.location).toBe("/auth?error=account_not_linked");
    expect(result.signedIn).toBeNull();
    expect(await googleAccounts(customer.id)).toHaveLength(0);
  });

  it("does not link to an account whose own address was never verified here", async () => {
    // Someone signed up with this address and never proved it: the real owner's Google must not join it.
    const squatter = await createUser(database.db, { emailVerified: false });
    const result = await signInWithGoogle(person(squatter.email, true));
    expect(result.location).toBe("/auth?error=account_not_linked");
    expect(result.signedIn).toBeNull();
    expect(await googleAccounts(squatter.id)).toHaveLength(0);
  });

  it("creates a verified, signed-in customer for a new address Google verified", async () => {
    const email = `new-google${uniqueSuffix()}@example.com`;
    const result = await signInWithGoogle(person(email, true));
    expect(result.location).toBe("/auth?social=done");
    const created = await userByEmail(email);
    expect(created).toMatchObject({ emailVerified: true, role: "customer" });
    expect(result.signedIn?.user.id).toBe(created!.id);
  });

  it("creates an unverified customer, not signed in, for a new address Google did not verify", async () => {
    const email = `unverified-google${uniqueSuffix()}@example.com`;
    const result = await signInWithGoogle(person(email, false));
    expect(result.location).toBe("/auth?error=email_not_verified");
    expect(result.signedIn).toBeNull();
    expect(await userByEmail(email)).toMatchObject({ emailVerified: false });
  });

  it("refuses a staff account: no session without the staff's second factor", async () => {
    const staff = await createUser(database.db, { role: "admin" });
    const result = await signInWithGoogle(person(staff.email, true));
    expect(result.location).toContain("/auth?error=STAFF_USE_ADMIN_LOGIN");
    expect(result.signedIn).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.userId, staff.id))).toEqual([]);
  });

  it("a Google session is never an admin session, even after its customer is made staff", async () => {
    const customer = await createUser(database.db);
    const { cookie } = await signInWithGoogle(person(customer.email, true));
    await database.db
      .update(user)
      .set({ role: "admin", twoFactorEnabled: true })
      .where(eq(user.id, customer.id));
    const context = { auth, database, config: { requireAdmin2fa: false }, log: pino({ level: "silent" }) };
    const request = new Request("http://shop.test/admin/orders", {
      headers: clientHeaders(undefined, cookie),
    });
    const refused = await requireAdmin(context as unknown as RequestContext, request).then(
      () => undefined,
      (thrown: Response) => thrown,
    );
    expect(refused?.status).toBe(302);
    expect(refused?.headers.get("location")).toBe("/admin/login");
  });

  it("a staff account's Google session cannot add a passkey (it would count as their second factor)", async () => {
    const registerOptions = (cookie: string) =>
      auth.handler(
        new Request(`${TEST_PUBLIC_URL}/api/auth/passkey/generate-register-options`, {
          headers: clientHeaders(undefined, cookie),
        }),
      );
    const customer = await createUser(database.db);
    const { cookie } = await signInWithGoogle(person(customer.email, true));
    // As a customer, the same session may add one.
    expect((await registerOptions(cookie)).status).toBe(200);
    await database.db.update(user).set({ role: "admin" }).where(eq(user.id, customer.id));
    const refused = await registerOptions(cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "PASSKEY_STAFF_SOCIAL_SESSION" });
  });

  it("refuses a code Google does not know (invalid_grant) without signing anyone in", async () => {
    const started = await auth.api.signInSocial({
      body: {
        provider: "google",
        callbackURL: "/auth?social=done",
        errorCallbackURL: "/auth",
        disableRedirect: true,
      },
      headers: clientHeaders(),
      returnHeaders: true,
    });
    const state = new URL(started.response.url!).searchParams.get("state")!;
    const callback = `${TEST_PUBLIC_URL}/api/auth/callback/google?code=forged&state=${encodeURIComponent(state)}`;
    const answer = await auth.handler(
      new Request(callback, { headers: clientHeaders(undefined, cookieHeader(started.headers)) }),
    );
    expect(answer.headers.get("location")).toBe("/auth?error=invalid_code");
    expect(fake.refusals).toContain("invalid_grant");
  });
});

describe("which providers are configured", () => {
  const base = { AUTH_SECRET: "x".repeat(32) };

  it("offers neither without keys, and each one only with both of its keys", () => {
    expect(socialButtons(loadConfig(base).social)).toEqual({ google: false, apple: false });
    const both = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      APPLE_CLIENT_ID: "com.example.web",
      APPLE_CLIENT_SECRET: "jwt",
    });
    expect(socialButtons(both.social)).toEqual({ google: true, apple: true });
    expect(() => loadConfig({ ...base, APPLE_CLIENT_ID: "com.example.web" })).toThrow(
      "APPLE_CLIENT_SECRET: required when APPLE_CLIENT_ID is set",
    );
  });

  it("gives Apple the same rules: a session only for an address Apple verified", async () => {
    const config = loadConfig({ ...base, APPLE_CLIENT_ID: "com.example.web", APPLE_CLIENT_SECRET: "jwt" });
    const providers = socialProviders(config.social);
    expect(providers?.apple).toMatchObject({ requireEmailVerification: true, disableIdTokenSignIn: true });
    expect(providers?.google).toBeUndefined();
    // Built into an auth, Apple is offered and Google is not.
    const { auth: appleAuth, mailer } = createTestAuth(database.db, {}, config.social);
    const context = await appleAuth.$context;
    expect(context.socialProviders.map((p) => p.id)).toEqual(["apple"]);
    expect(context.options.account?.accountLinking).toMatchObject({ trustedProviders: [] });
    // Apple's form post back to the callback comes from Apple's origin.
    expect(context.trustedOrigins).toContain("https://appleid.apple.com");
    await mailer.stop();
  });
});
