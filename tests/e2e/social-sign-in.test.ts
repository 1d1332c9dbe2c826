import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/accounts.ts";
import { FakeGoogle } from "../fakes/google-server.ts";
import type { StartAppOptions } from "../support/app.ts";
import { setupE2E } from "../support/browser.ts";
import { waitForToast } from "../support/e2e-helpers.ts";

const customer = "google-customer@example.com";

describe("without Google or Apple keys", () => {
  const e2e = setupE2E({ seed: "none" });

  it("offers neither button", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue with Apple" }).count()).toBe(0);
  });
});

describe("with Google pointed at a local Google, and Apple keys", () => {
  const fake = new FakeGoogle();
  const options: StartAppOptions & { env: Record<string, string> } = {
    seed: "none",
    env: {},
    prepare: async (db) => {
      await createUser(db, { email: customer, name: "Gus Google" });
    },
  };
  // Registered before setupE2E's hook, so the app starts with GOOGLE_* pointing at the fake.
  beforeAll(async () => {
    await fake.start();
    // Apple configured too (its button shows; it is not followed: there is no fake Apple).
    Object.assign(options.env, fake.env(), {
      APPLE_CLIENT_ID: "com.example.web",
      APPLE_CLIENT_SECRET: "jwt",
    });
    fake.users = [{ sub: "google-gus", email: customer, emailVerified: true, name: "Gus Google" }];
  });
  const e2e = setupE2E(options);
  afterAll(() => fake.stop());

  it('"Continue with Google" signs the customer in and lands on their account', async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Apple" }).waitFor();
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("heading", { name: "Choose an account" }).waitFor();
    await page.getByRole("button", { name: `Sign in as ${customer}` }).click();
    await page.waitForURL("**/account");
    await waitForToast(page, "Welcome!");
    await page.getByRole("heading", { name: "My Account" }).waitFor();
    await page.getByText(customer).first().waitFor();
  });
});
