import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser } from "../factories/accounts.ts";
import { setupE2E } from "../support/browser.ts";
import { signIn, waitForToast } from "../support/e2e-helpers.ts";

const customer = "passkey-customer@example.com";
const staff = "passkey-staff@example.com";

// WebAuthn needs a name for the site, never an IP address: the shop runs as http://localhost:PORT.
// Staff must use two-factor here, so the passkey sign-in has to count as it.
const e2e = setupE2E({
  publicHost: "localhost",
  env: { REQUIRE_ADMIN_2FA: "true" },
  prepare: async (db) => {
    await createUser(db, { email: customer, name: "Pia Passkey" });
    await createUser(db, { email: staff, role: "admin", name: "Sam Staff" });
  },
});

/** Chromium's virtual authenticator: a platform passkey that verifies the person (PIN/biometrics). */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function addPasskey(page: Page, email: string, name: string) {
  await signIn(page, email, "/account/passkeys");
  await page.getByText("You have no passkeys yet.").waitFor();
  await page.getByLabel("Name for a new passkey (optional)").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await waitForToast(page, "Passkey added");
  await page.getByRole("list", { name: "Your passkeys" }).getByText(name).waitFor();
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

describe("passkeys", () => {
  it("a customer adds a passkey, signs in with it alone, and a removed passkey no longer works", async () => {
    const page = await e2e.newPage();
    await addAuthenticator(page);
    await addPasskey(page, customer, "My laptop");

    await signOut(page);
    await page.goto("/auth?redirectTo=/account");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL("**/account");
    await waitForToast(page, "Welcome back!");
    await page.getByText(`Signed in as ${customer}`).waitFor();

    await page.goto("/account/passkeys");
    await page.getByRole("button", { name: "Remove passkey My laptop" }).click();
    await waitForToast(page, "Passkey removed");
    await page.getByText("You have no passkeys yet.").waitFor();

    // The device still holds the key, but the shop forgot it: no sign-in.
    await signOut(page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByText("This passkey could not sign you in.").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("a staff member who must use two-factor gets into the back office with a passkey", async () => {
    const page = await e2e.newPage();
    await addAuthenticator(page);
    await addPasskey(page, staff, "Work laptop");

    // A password-only session is sent to set up two-factor first.
    await page.goto("/admin/dashboard");
    await page.waitForURL("**/account/two-factor");

    await signOut(page);
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/admin") && url.pathname !== "/admin/login");
    await waitForToast(page, "Login successful");
    await page.goto("/admin/dashboard");
    await page.getByRole("heading", { name: "Total Orders" }).waitFor();
  });
});
