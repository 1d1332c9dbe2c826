import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../server/auth/auth.ts";
import { account, user } from "../../server/db/schema/index.ts";
import { createUser } from "../factories/accounts.ts";
import { uniqueSuffix } from "../factories/unique.ts";
import { FakeApple, type FakeAppleUser, fakeAppleClient } from "../fakes/apple-server.ts";
import { clientHeaders, cookieHeader, createTestAuth, TEST_PUBLIC_URL } from "../support/auth.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

// Apple sign-in through better-auth against a local Apple (tests/fakes/apple-server.ts), reached
// over HTTP: Apple's form post, better-auth's redirect to itself, the code exchange, the id token
// verified against the fake's keys, and the linking rules of server/auth/social.ts.
const fake = new FakeApple();
let database: TestDatabase;
let auth: Auth;
let stopMail: () => Promise<void>;

beforeAll(async () => {
  await fake.start();
  database = await createTestDatabase();
  const apple = {
    clientId: fakeAppleClient.id,
    clientSecret: fakeAppleClient.secret,
    oauthBase: fake.url,
    appBundleIdentifier: undefined,
  };
  const created = createTestAuth(database.db, {}, { google: undefined, apple });
  auth = created.auth;
  stopMail = () => created.mailer.stop();
});
afterAll(async () => {
  await stopMail?.();
  await database?.destroy();
  await fake.stop();
});

const person = (email: string, emailVerified: boolean): FakeAppleUser => ({
  sub: `001234.${uniqueSuffix()}`,
  email,
  emailVerified,
  firstName: "Ada",
  lastName: "Apple",
});

/** Starts "Continue with Apple": the fake's authorization URL and the browser's state cookie. */
async function startApple() {
  const started = await auth.api.signInSocial({
    body: {
      provider: "apple",
      callbackURL: "/auth?social=done",
      errorCallbackURL: "/auth",
      disableRedirect: true,
    },
    headers: clientHeaders(),
    returnHeaders: true,
  });
  const authorize = new URL(started.response.url!);
  return { authorize, cookie: cookieHeader(started.headers) };
}

/**
 * Apple's page posts `fields` back to the callback from Apple's origin; a browser sends no
 * SameSite=Lax cookie with that cross-site post, so better-auth redirects to itself, and the
 * browser follows with its cookies. Where it lands, and the session it got.
 */
async function postBack(fields: Record<string, string>, cookie: string) {
  const posted = await auth.handler(
    new Request(`${TEST_PUBLIC_URL}/api/auth/callback/apple`, {
      method: "POST",
      headers: { origin: fake.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  );
  expect(posted.status).toBe(302);
  const again = new URL(posted.headers.get("location")!, TEST_PUBLIC_URL);
  expect(again.pathname).toBe("/api/auth/callback/apple");
  const answer = await auth.handler(new Request(again, { headers: clientHeaders(undefined, cookie) }));
  const session = cookieHeader(answer.headers);
  const signedIn = await auth.api.getSession({ headers: clientHeaders(undefined, session) });
  return { location: answer.headers.get("location") ?? "", signedIn };
}

async function signInWithApple(who: FakeAppleUser) {
  const { authorize, cookie } = await startApple();
  expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/auth/authorize`);
  expect(authorize.searchParams.get("response_mode")).toBe("form_post");
  return postBack(await fake.approve(who, authorize.searchParams), cookie);
}

const appleAccounts = (userId: string) =>
  database.db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "apple")));

const userByEmail = async (email: string) =>
  (await database.db.select().from(user).where(eq(user.email, email)))[0];

describe("Apple sign-in: linking only through a verified email", () => {
  it("links to the existing verified customer when Apple says the address is verified", async () => {
    const customer = await createUser(database.db);
    const result = await signInWithApple(person(customer.email, true));
    expect(result.location).toBe("/auth?social=done");
    expect(result.signedIn?.user.id).toBe(customer.id);
    expect(result.signedIn?.session.signInMethod).toBe("social");
    expect(await appleAccounts(customer.id)).toHaveLength(1);
  });

  it("does not link, nor sign in, when Apple says the address is unverified", async () => {
    const customer = await createUser(database.db);
    const result = await signInWithApple(person(customer.email, false));
    expect(result.location).toBe("/auth?error=account_not_linked");
    expect(result.signedIn).toBeNull();
    expect(await appleAccounts(customer.id)).toHaveLength(0);
  });

  it("creates a verified, signed-in customer for a new address Apple verified, named as Apple posted", async () => {
    const email = `new-apple${uniqueSuffix()}@privaterelay.appleid.com`;
    const result = await signInWithApple({ ...person(email, true), isPrivateEmail: true });
    expect(result.location).toBe("/auth?social=done");
    const created = await userByEmail(email);
    expect(created).toMatchObject({ emailVerified: true, role: "customer", name: "Ada Apple" });
    expect(result.signedIn?.user.id).toBe(created!.id);
  });

  it("creates an unverified customer, not signed in, for a new address Apple did not verify", async () => {
    const email = `unverified-apple${uniqueSuffix()}@example.com`;
    const result = await signInWithApple(person(email, false));
    expect(result.location).toBe("/auth?error=email_not_verified");
    expect(result.signedIn).toBeNull();
    expect(await userByEmail(email)).toMatchObject({ emailVerified: false });
  });

  it("signs a returning person in again, though Apple no longer posts their name", async () => {
    const who = person(`returning-apple${uniqueSuffix()}@example.com`, true);
    const first = await signInWithApple(who);
    const { authorize, cookie } = await startApple();
    const fields = await fake.approve(who, authorize.searchParams);
    expect(fields.user).toBeUndefined();
    const second = await postBack(fields, cookie);
    expect(second.signedIn?.user.id).toBe(first.signedIn?.user.id);
  });

  it("refuses a code Apple does not know, or one already used (invalid_grant), signing nobody in", async () => {
    const { authorize, cookie } = await startApple();
    const forged = await postBack({ code: "forged", state: authorize.searchParams.get("state")! }, cookie);
    expect(forged.location).toBe("/auth?error=invalid_code");
    expect(forged.signedIn).toBeNull();
    expect(fake.refusals).toContain("invalid_grant");

    const who = person(`reused-apple${uniqueSuffix()}@example.com`, true);
    const used = await startApple();
    const fields = await fake.approve(who, used.authorize.searchParams);
    expect((await postBack(fields, used.cookie)).signedIn).not.toBeNull();
    const refusals = fake.refusals.length;
    const replay = await startApple();
    const replayed = await postBack(
      { ...fields, state: replay.authorize.searchParams.get("state")! },
      replay.cookie,
    );
    expect(replayed.location).toBe("/auth?error=invalid_code");
    expect(replayed.signedIn).toBeNull();
    expect(fake.refusals.slice(refusals)).toEqual(["invalid_grant"]);
  });
});
