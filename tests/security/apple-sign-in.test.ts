import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/accounts.ts";
import { FakeApple, type FakeAppleUser } from "../fakes/apple-server.ts";
import type { StartAppOptions } from "../support/app.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * "Continue with Apple" over HTTP, against a local Apple (tests/fakes/apple-server.ts): Apple's
 * answer is a form post from Apple's own origin (response_mode=form_post), which only the Apple
 * callback accepts from another origin; it completes the sign-in, and a forged state is refused
 * without a 500.
 */
const customer = "apple-customer@example.com";
const fake = new FakeApple();
const options: StartAppOptions & { env: Record<string, string> } = {
  env: { LOG_LEVEL: "warn" },
  prepare: async (db) => {
    await createUser(db, { email: customer, name: "Ada Apple" });
  },
};
// Registered before setupTarget's hook, so the app starts with APPLE_* pointing at the fake.
beforeAll(async () => {
  await fake.start();
  Object.assign(options.env, fake.env());
});
const target = setupTarget(options);
afterAll(() => fake.stop());

const ada: FakeAppleUser = {
  sub: "001234.ada",
  email: customer,
  emailVerified: true,
  firstName: "Ada",
  lastName: "Apple",
};

/** Presses "Continue with Apple" (a no-JS form post): the fake's authorization URL. */
async function startApple(visitor: Visitor) {
  const response = await visitor.postForm("/auth", { intent: "apple" });
  expect(response.status).toBe(302);
  const authorize = new URL(response.headers.get("location")!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/auth/authorize`);
  expect(authorize.searchParams.get("response_mode")).toBe("form_post");
  return authorize;
}

/** Apple's page posting its answer to the callback, from the fake's origin; then the redirect followed. */
async function postBack(visitor: Visitor, fields: Record<string, string>) {
  const posted = await visitor.postForm("/api/auth/callback/apple", fields, { origin: fake.url });
  expect(posted.status).toBe(302);
  const again = posted.headers.get("location")!;
  expect(new URL(again, target.app.url).pathname).toBe("/api/auth/callback/apple");
  return visitor.get(again);
}

async function signedInAs(visitor: Visitor): Promise<string | null> {
  const session = (await (await visitor.get("/api/auth/get-session")).json()) as {
    user?: { email: string };
  } | null;
  return session?.user?.email ?? null;
}

describe("Apple sign-in", () => {
  it("Apple's cross-origin form post to the callback completes the sign-in", async () => {
    const visitor = target.visitor();
    const authorize = await startApple(visitor);
    const fields = await fake.approve(ada, authorize.searchParams);
    expect(fields.user).toBeDefined(); // the first sign-in carries the name
    const answer = await postBack(visitor, fields);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).not.toMatch(/error=/);
    expect(await signedInAs(visitor)).toBe(customer);
  });

  it("a callback with a forged state is refused without a 500", async () => {
    const visitor = target.visitor();
    const authorize = await startApple(visitor);
    const fields = await fake.approve(ada, authorize.searchParams);
    const forged = await postBack(visitor, { ...fields, state: "forged-state" });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/\/auth\?error=/);
    expect(await signedInAs(visitor)).toBeNull();
    // Another browser (no state cookie) posting the real answer gets nothing either.
    const other = target.visitor();
    const replayed = await postBack(other, fields);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toMatch(/\/auth\?error=/);
    expect(await signedInAs(other)).toBeNull();
  });

  it("the form post from any other origin is refused, and the CSP lets the button go to the fake", async () => {
    const refused = await target
      .visitor()
      .postForm("/api/auth/callback/google", { code: "c", state: "s" }, { origin: fake.url });
    expect(refused.status).toBe(403);
    const formAction = (await target.visitor().get("/auth")).headers
      .get("content-security-policy")!
      .split(";")
      .find((d) => d.trim().startsWith("form-action"));
    expect(formAction).toContain(fake.url);
  });
});
