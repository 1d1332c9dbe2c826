import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { submitSignIn, waitForToast } from "../support/e2e-helpers.ts";
import { mailReader, mailReaderEnv } from "../support/mail.ts";
import { totpCode, untilEarlyInTotpStep } from "../support/totp.ts";

const owner = "owner-2fa@example.com";
const customer = "curious-customer@example.com";
const changer = "changer@example.com";

const e2e = setupE2E({
  env: mailReaderEnv,
  prepare: async (db) => {
    await createUser(db, { email: owner, role: "admin" });
    await createUser(db, { email: customer });
    await createUser(db, { email: changer });
  },
});

describe("two-factor authentication", () => {
  it("is set up from /account with an authenticator code, then asked for at sign-in", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth?redirectTo=%2Faccount");
    await submitSignIn(page, owner);
    await page.waitForURL("**/account");
    await expectNoSeriousA11yViolations(page, "/account");
    await page.getByRole("link", { name: "Set up two-factor authentication" }).click();
    await page.waitForURL("**/account/two-factor");

    await page.getByLabel("Confirm with your password").fill(DEFAULT_USER_PASSWORD);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const secret = (await page.locator("code").innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").count()).toBe(10);
    await expectNoSeriousA11yViolations(page, "two-factor setup");

    await page.getByLabel("Authentication code").fill("123");
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await page.getByText("Enter the 6-digit code from your authenticator app.").first().waitFor();
    // The previous step's code (still accepted): each code is good once; sign-in uses the current one.
    await untilEarlyInTotpStep();
    await page.getByLabel("Authentication code").fill(totpCode(secret, Date.now() - 30_000));
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await page.waitForURL("**/account");
    await waitForToast(page, "Two-factor authentication enabled");

    const next = await e2e.newPage();
    await next.goto("/auth");
    await submitSignIn(next, owner);
    await next.waitForURL("**/auth/two-factor?redirectTo=%2F");
    await expectNoSeriousA11yViolations(next, "two-factor challenge");
    await next.getByLabel("Authentication code").fill("000000");
    await next.getByRole("button", { name: "Verify" }).click();
    await next.getByText("Invalid code").waitFor();
    await next.getByLabel("Authentication code").fill(totpCode(secret));
    await next.getByRole("button", { name: "Verify" }).click();
    await next.waitForURL(`${e2e.app.url}/`);
    await waitForToast(next, "Welcome back!");
    await next.getByRole("button", { name: "Account menu" }).click();
    await next.getByRole("menu").getByText(owner).waitFor();
  });
});

describe("change password", () => {
  it("checks the current password and the new one, then signs out the other devices", async () => {
    const [page, other] = [await e2e.newPage(), await e2e.newPage("mobile")];
    for (const p of [page, other]) {
      await p.goto("/auth?redirectTo=%2Faccount");
      await submitSignIn(p, changer);
      await p.waitForURL("**/account");
    }
    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel("Current Password").fill(current);
      await page.getByLabel("New Password", { exact: true }).fill(next);
      await page.getByLabel("Confirm New Password").fill(confirm);
      await page.getByRole("button", { name: "Update Password" }).click();
    };
    await fill(DEFAULT_USER_PASSWORD, "changed-pass-1", "changed-pass-2");
    await page.getByText("Passwords do not match.").waitFor();
    await fill("not-my-password", "changed-pass-1", "changed-pass-1");
    await page.getByText("Your current password is not correct.").waitFor();
    await fill(DEFAULT_USER_PASSWORD, "changed-pass-1", "changed-pass-1");
    await waitForToast(page, "Password updated!");

    await page.reload();
    await page.getByRole("heading", { name: "My Account" }).waitFor();
    await other.reload();
    await other.waitForURL("**/auth?redirectTo=%2Faccount");
    await submitSignIn(other, changer, "changed-pass-1");
    await other.waitForURL("**/account");
  });
});

describe("admin emails", () => {
  it("lists the outbox by recipient and shows one message rendered in a sandbox and as text", async () => {
    // Two messages to one address: the filter shows both.
    const visitor = await e2e.newPage();
    for (const _ of [1, 2]) {
      await visitor.goto("/auth?mode=forgot");
      await visitor.getByLabel("Email").fill(customer);
      await visitor.getByRole("button", { name: "Send Reset Link" }).click();
      await visitor.getByRole("heading", { name: "Check Your Email" }).waitFor();
    }

    const page = await e2e.newPage();
    await page.goto("/auth");
    await submitSignIn(page, mailReader.email, mailReader.password);
    await page.waitForURL(`${e2e.app.url}/`);
    await page.goto("/admin/emails");
    await page.getByRole("heading", { name: "Emails" }).waitFor();
    const headers = await page.getByRole("columnheader").allInnerTexts();
    expect(headers).toEqual(["To", "Subject", "Time", "Status"]);
    await expectNoSeriousA11yViolations(page, "/admin/emails");

    await page.getByLabel("Recipient").fill(customer);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/to=curious-customer/);
    const rows = page.getByRole("row").filter({ hasText: customer });
    expect(await rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain("Reset your password");
    expect(await rows.first().innerText()).toContain("Stored");

    await rows.first().getByRole("link", { name: "Reset your password" }).click();
    await page.getByRole("heading", { name: "Reset your password", level: 1 }).waitFor();
    const frame = page.getByTitle("Email: Reset your password");
    expect(await frame.getAttribute("sandbox")).toBe("");
    await page.frameLocator("iframe").getByText("Reset Password").first().waitFor();
    const text = await page.getByRole("region", { name: "Plain text" }).innerText();
    expect(text).toMatch(/\/auth\?mode=reset&token=\w+/);
    await expectNoSeriousA11yViolations(page, "/admin/emails/:id");
  });
});
