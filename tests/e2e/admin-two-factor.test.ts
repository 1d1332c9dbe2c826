import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { signIn, submitAdminSignIn, waitForToast } from "../support/e2e-helpers.ts";
import { totpCode, untilEarlyInTotpStep } from "../support/totp.ts";

const admin = "guarded-owner@example.com";

const e2e = setupE2E({
  prepare: async (db) => {
    await createUser(db, { email: admin, role: "admin", name: "Guarded Owner" });
  },
});

/** Turns on two-factor authentication for the signed-in account; returns the authenticator key. */
async function enableTwoFactor(page: Page) {
  await signIn(page, admin, "/account/two-factor");
  await page.getByLabel("Confirm with your password").fill(DEFAULT_USER_PASSWORD);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.locator("code").innerText()).trim();
  // The previous step's code (still accepted): each code is good once, and the sign-in below uses
  // the current one.
  await untilEarlyInTotpStep();
  await page.getByLabel("Authentication code").fill(totpCode(secret, Date.now() - 30_000));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await page.waitForURL("**/account");
  return secret;
}

/** A 6-digit code that is not the current one (nor the neighbours an app's clock drift allows). */
function wrongCode(secret: string) {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCode(secret, now + shift)));
  let code = 123456;
  while (valid.has(String(code))) code++;
  return String(code);
}

describe("admin login with two-factor authentication", () => {
  it("asks for the authenticator code after the password, refuses a wrong one, lets the right one in", async () => {
    const secret = await enableTwoFactor(await e2e.newPage());

    const page = await e2e.newPage();
    await submitAdminSignIn(page, admin, DEFAULT_USER_PASSWORD);
    const code = page.getByLabel("Authentication code");
    await code.waitFor();
    // The password alone opens nothing.
    const early = await page.request.get("/admin/dashboard", { maxRedirects: 0 });
    expect(early.status()).toBe(302);
    expect(early.headers().location).toMatch(/\/admin\/login$/);
    await expectNoSeriousA11yViolations(page, "admin two-factor step");

    await code.fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await waitForToast(page, "Login failed");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await code.waitFor();

    await code.fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin/dashboard");
    await waitForToast(page, "Login successful");
    await page.getByRole("heading", { name: "Total Orders" }).waitFor();
  });
});
