import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../factories/accounts.ts";
import { FakeApple } from "../fakes/apple-server.ts";
import { FakeGoogle } from "../fakes/google-server.ts";
import type { StartAppOptions } from "../support/app.ts";
import { setupE2E } from "../support/browser.ts";
import { waitForToast } from "../support/e2e-helpers.ts";

const customer = "google-customer@example.com";
const appleCustomer = "apple-customer@example.com";

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

describe("with Google and Apple pointed at a local Google and a local Apple", () => {
  const fake = new FakeGoogle();
  const apple = new FakeApple();
  const options: StartAppOptions & { env: Record<string, string> } = {
    seed: "none",
    env: {},
    prepare: async (db) => {
      await createUser(db, { email: customer, name: "Gus Google" });
      await createUser(db, { email: appleCustomer, name: "Ada Apple" });
    },
  };
  // Registered before setupE2E's hook, so the app starts with GOOGLE_* and APPLE_* pointing at the fakes.
  beforeAll(async () => {
    await Promise.all([fake.start(), apple.start()]);
    Object.assign(options.env, fake.env(), apple.env());
    fake.users = [{ sub: "google-gus", email: customer, emailVerified: true, name: "Gus Google" }];
    apple.users = [
      { sub: "001234.ada", email: appleCustomer, emailVerified: true, firstName: "Ada", lastName: "Apple" },
    ];
  });
  const e2e = setupE2E(options);
  afterAll(() => Promise.all([fake.stop(), apple.stop()]));

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

  it('"Continue with Apple" signs the customer in through Apple\'s form post and lands on their account', async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Apple" }).click();
    await page.getByRole("heading", { name: "Sign in with Apple ID" }).waitFor();
    // The fake's answer is a form posting itself to the shop's callback (response_mode=form_post).
    await page.getByRole("button", { name: `Sign in as ${appleCustomer}` }).click();
    await page.waitForURL("**/account");
    await waitForToast(page, "Welcome!");
    await page.getByRole("heading", { name: "My Account" }).waitFor();
    await page.getByText(appleCustomer).first().waitFor();
  });

  // A click aimed at "Continue with Apple" while the page hydrated once landed on nothing: the
  // passkey button appeared above it and moved it down. Its place is now kept from the first paint.
  it("the buttons stay where the server put them when the page hydrates", async () => {
    const apple = (page: import("playwright-core").Page) =>
      page.getByRole("button", { name: "Continue with Apple" }).boundingBox();
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    const serverOnly = await context.newPage();
    await serverOnly.goto("/auth");
    expect(await serverOnly.getByRole("button", { name: "Use a passkey" }).count()).toBe(0);
    const before = await apple(serverOnly);
    await context.close();

    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Use a passkey" }).waitFor();
    expect(before).not.toBeNull();
    expect(await apple(page)).toEqual(before);
  });
});
