import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../server/auth/common-passwords.ts";
import { createUser, DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { createOrder } from "../factories/orders.ts";
import { expectNoSeriousA11yViolations } from "../support/axe.ts";
import { setupE2E } from "../support/browser.ts";
import { submitSignIn, waitForToast } from "../support/e2e-helpers.ts";
import { latestEmailTo, linkIn, mailReaderEnv } from "../support/mail.ts";
import { failReadsWhen } from "../support/page.ts";

// Accounts prepared before the app starts: verified customers with the default password.
const users = {
  signedIn: "signed-in@example.com",
  orders: "orders@example.com",
  forgetful: "forgetful@example.com",
  mobile: "mobile@example.com",
  devices: "devices@example.com",
  customer: "plain-customer@example.com",
  noScript: "no-script@example.com",
  brokenOrders: "broken-orders@example.com",
};

const e2e = setupE2E({
  env: mailReaderEnv,
  prepare: async (db) => {
    for (const email of Object.values(users)) {
      const user = await createUser(db, { email });
      // This customer's orders cannot be read: /orders must report it, not crash.
      if (email === users.brokenOrders) {
        await createOrder(db, { userId: user.id, paymentStatus: "paid" });
        await failReadsWhen(db, "orders", `user_id = '${user.id}'`);
      }
    }
  },
});

describe("sign up", () => {
  it("shows each validation error, creates the account, and requires the emailed verification", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const submit = page.getByRole("button", { name: "Sign Up", exact: true });

    await submit.click();
    await page.getByText("Please enter your full name.").waitFor();
    await page.getByText("Please enter your email address.").waitFor();
    await page.getByText("Please enter your password.").waitFor();
    expect(await page.getByLabel("Full Name").getAttribute("aria-invalid")).toBe("true");
    await expectNoSeriousA11yViolations(page, "/auth sign-up with errors");

    await page.getByLabel("Full Name").fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await submit.click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.getByText("Password must be at least 6 characters long.").waitFor();
    expect(await page.getByText("Please enter your full name.").count()).toBe(0);
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Ada Lovelace");

    const email = "ada@example.com";
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("password");
    await submit.click();
    await page.getByText(COMMON_PASSWORD_MESSAGE).waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await page.getByLabel("Password").fill("analytical");
    await submit.click();
    await page.getByRole("status").getByText("Please check your email to verify your account.").waitFor();
    await waitForToast(page, "Account created!");

    // Not verified yet: sign-in says so and offers the email again.
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await submitSignIn(page, email, "analytical");
    await page.getByRole("alert").getByText("Please verify your email address before signing in.").waitFor();
    await waitForToast(page, "Sign in failed");
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await page.getByRole("status").getByText("a new verification link is on its way").waitFor();

    const mail = await latestEmailTo(e2e, email, "Verify your email address");
    // The address is not proven yet, so the name typed at sign-up stays out of the email.
    expect(mail.text).toContain("Hello,");
    expect(mail.text).not.toContain("Ada Lovelace");
    // Following the link verifies the address and signs the customer in.
    await page.goto(linkIn(mail, "/verify-email"));
    await page.waitForURL(`${e2e.app.url}/`);
    await waitForToast(page, "Email verified");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByText(email).waitFor();
  });
});

describe("sign in", () => {
  it("refuses a wrong password with 'Sign in failed' and keeps the email", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await submitSignIn(page, users.signedIn, "wrong-password");
    await page.getByRole("alert").getByText("Invalid email or password").waitFor();
    await waitForToast(page, "Sign in failed");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(users.signedIn);
    expect(page.url()).toContain("/auth");
  });

  it("checks required fields, signs in, and then keeps a signed-in user away from /auth (not from reset mode)", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await expectNoSeriousA11yViolations(page, "/auth sign-in");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Please enter your email address.").waitFor();
    await page.getByText("Please enter your password.").waitFor();

    await submitSignIn(page, users.signedIn);
    await page.waitForURL(`${e2e.app.url}/`);
    await waitForToast(page, "Welcome back!");
    await page.goto("/auth");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/auth?mode=reset&token=abc");
    await page.getByRole("heading", { name: "Reset Your Password" }).waitFor();
  });
});

describe("without JavaScript", () => {
  it("switches tabs by link, validates, signs up and signs in with plain form posts", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/auth");
      await page.getByRole("link", { name: "New here? Create an account" }).click();
      await page.getByLabel("Full Name").waitFor();
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await page.getByText("Please enter your full name.").waitFor();
      await page.getByLabel("Full Name").fill("Noah Script");
      await page.getByLabel("Email", { exact: true }).fill("no-script-new@example.com");
      await page.getByLabel("Password").fill("plain-forms");
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await page.getByRole("status").getByText("Please check your email to verify your account.").waitFor();

      await submitSignIn(page, users.noScript);
      await page.waitForURL(`${e2e.app.url}/`);
      await page.goto("/orders");
      await page.getByRole("heading", { name: "My Orders" }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("customer pages", () => {
  it("/orders sends a signed-out visitor to /auth and back after sign-in", async () => {
    const page = await e2e.newPage();
    await page.goto("/orders");
    await page.waitForURL("**/auth?redirectTo=%2Forders");
    await submitSignIn(page, users.orders);
    await page.waitForURL("**/orders");
    await page.getByRole("heading", { name: "My Orders" }).waitFor();
    await page.getByText("No orders yet").waitFor();
    expect(await page.getByRole("link", { name: "Start Shopping" }).getAttribute("href")).toBe("/products");
  });

  it("/orders reports a load error with the 'Error loading orders' toast, not an error page", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth?redirectTo=%2Forders");
    await submitSignIn(page, users.brokenOrders);
    await page.waitForURL("**/orders");
    await page.getByRole("heading", { name: "My Orders" }).waitFor();
    await waitForToast(page, "Error loading orders");
    await page.getByRole("alert").getByText("Your orders could not be loaded").waitFor();
    expect(await page.getByText("No orders yet").count()).toBe(0);
  });
});

describe("sign out", () => {
  it("ends the session on the server and reloads at /", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await submitSignIn(page, users.customer);
    await page.waitForURL(`${e2e.app.url}/`);
    const sessionCookies = await page.context().cookies();
    // A marker on the window survives client-side navigation but not a full document load.
    await page.evaluate(() => Object.assign(window, { beforeSignOut: true }));

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.evaluate(() => "beforeSignOut" in window)).toBe(false);

    // The old cookie is worthless now: the server deleted its session.
    const other = await e2e.newPage();
    await other.context().addCookies(sessionCookies);
    await other.goto("/orders");
    await other.waitForURL("**/auth?redirectTo=%2Forders");
  });

  it("shows the signed-in state in the mobile menu and signs out from there", async () => {
    const page = await e2e.newPage("mobile");
    await page.goto("/auth");
    await submitSignIn(page, users.mobile);
    await page.waitForURL(`${e2e.app.url}/`);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByText(`Signed in as: ${users.mobile}`).waitFor();
    expect(await menu.getByRole("link", { name: "My Orders" }).getAttribute("href")).toBe("/orders");
    // By keyboard: in a busy headless run the sliding sheet can starve the pointer's stability check.
    await menu.getByRole("button", { name: "Sign Out" }).press("Enter");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Sign In" }).waitFor();
  });

  it("signs a customer out of all devices from /account", async () => {
    const laptop = await e2e.newPage();
    const phone = await e2e.newPage("mobile");
    for (const page of [laptop, phone]) {
      await page.goto("/auth?redirectTo=%2Faccount");
      await submitSignIn(page, users.devices);
      await page.waitForURL("**/account");
    }
    await laptop.getByRole("button", { name: "Sign out of all devices" }).click();
    await laptop.waitForURL(`${e2e.app.url}/`);
    await waitForToast(laptop, "Signed out everywhere");
    await phone.reload();
    await phone.waitForURL("**/auth?redirectTo=%2Faccount");
  });
});

describe("forgot and reset password", () => {
  it("emails a reset link, checks the new password, and signs in with it", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/auth?mode=forgot");
    await expectNoSeriousA11yViolations(page, "/auth forgot password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Please enter your email address.").waitFor();
    await page.getByLabel("Email", { exact: true }).fill(users.forgetful);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await waitForToast(page, "Password reset email sent");
    await expectNoSeriousA11yViolations(page, "/auth check your email");

    const mail = await latestEmailTo(e2e, users.forgetful, "Reset your password");
    const resetLink = linkIn(mail, "mode=reset");
    await page.goto(resetLink);
    await page.getByRole("heading", { name: "Reset Your Password" }).waitFor();
    await expectNoSeriousA11yViolations(page, "/auth reset password");

    const update = page.getByRole("button", { name: "Update Password" });
    await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm New Password").fill("brand-new-typo");
    await update.click();
    await page.getByText("Passwords do not match.").waitFor();
    await page.getByLabel("New Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm New Password").fill("short");
    await update.click();
    await page.getByText("Password must be at least 6 characters long.").waitFor();
    await page.getByLabel("New Password", { exact: true }).fill("letmein1");
    await page.getByLabel("Confirm New Password").fill("letmein1");
    await update.click();
    await page.getByText(COMMON_PASSWORD_MESSAGE).waitFor();

    await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
    await page.getByLabel("Confirm New Password").fill("brand-new-pass");
    await update.click();
    await page.waitForURL(`${e2e.app.url}/`);
    await waitForToast(page, "Password updated!");

    // The link worked once only.
    await page.goto(resetLink);
    await page.getByLabel("New Password", { exact: true }).fill("another-pass");
    await page.getByLabel("Confirm New Password").fill("another-pass");
    await update.click();
    await page.getByRole("alert").getByText("This password reset link is invalid or has expired.").waitFor();

    await page.goto("/auth");
    await submitSignIn(page, users.forgetful, DEFAULT_USER_PASSWORD);
    await page.getByRole("alert").getByText("Invalid email or password").waitFor();
    await submitSignIn(page, users.forgetful, "brand-new-pass");
    await page.waitForURL(`${e2e.app.url}/`);
    await waitForToast(page, "Welcome back!");
  });

  it("accepts the recovery link form type=recovery", async () => {
    const page = await e2e.newPage();
    await page.goto("/auth?type=recovery&token=whatever");
    await page.getByRole("heading", { name: "Reset Your Password" }).waitFor();
    await page.getByRole("link", { name: "Back to Sign In" }).waitFor();
  });
});

describe("admin emails page", () => {
  it("sends signed-out visitors and customers to /admin/login", async () => {
    const page = await e2e.newPage();
    await page.goto("/admin/emails");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.goto("/auth");
    await submitSignIn(page, users.signedIn);
    await page.waitForURL(`${e2e.app.url}/`);
    await page.goto("/admin/emails");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await waitForToast(page, "Access Denied");
  });
});
