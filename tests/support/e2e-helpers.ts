import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DEFAULT_USER_PASSWORD } from "../factories/accounts.ts";
import { waitForRecordedToast } from "./toast-recorder.ts";

/**
 * The steps browser and security tests share: signing in (as a customer or as the admin the app
 * was started with), toasts, confirm dialogs. One definition each; a test file adds only steps
 * of its own screen.
 */

/** The admin account the e2e app is started with (pass `adminEnv` in the app's env). */
export const testAdmin = { email: "owner@example.com", password: "owner-password-123" };
export const adminEnv = { ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password };

/** Opens a page signed out, signs in on /auth and comes back to it. */
export async function signInThrough(page: Page, email: string, path: string) {
  await page.goto(path);
  await page.waitForURL(`**/auth?redirectTo=${encodeURIComponent(path)}`);
  await submitSignIn(page, email);
  await page.waitForURL(`**${path}`);
}

/** Fills and submits the customer sign-in form on the current page (/auth). */
export async function submitSignIn(page: Page, email: string, password = DEFAULT_USER_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs a customer in on /auth and waits until they are sent on to `redirectTo`. */
export async function signIn(page: Page, email: string, redirectTo = "/", password = DEFAULT_USER_PASSWORD) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname + url.search === redirectTo);
}

/** Opens /admin/login and submits it (the answer is left to the caller). */
export async function submitAdminSignIn(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in on /admin/login, then opens `path`. */
export async function signInAsAdmin(page: Page, path = "/admin/dashboard", admin = testAdmin) {
  await submitAdminSignIn(page, admin.email, admin.password);
  await page.waitForURL("**/admin/dashboard");
  if (path !== "/admin/dashboard") await page.goto(path);
}

/** Signs in through the auth API (no browser); returns the session's Cookie header. */
export async function signInOverHttp(baseUrl: string, account: { email: string; password: string }) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The toast (title and description) that shows `text`; look inside it with getByText. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Waits until a toast shows `text` (any of several equal ones will do); see toast-recorder.ts. */
export function waitForToast(page: Page, text: string | RegExp) {
  return waitForRecordedToast(page, text);
}

/** Toasts fade in and out; axe would measure their contrast half-transparent. Waits until they are gone. */
export async function toastsGone(page: Page) {
  // A toast under the pointer stays (sonner pauses it on hover): the pointer moves off first.
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 20_000 }).toBe(0);
}

/** Confirms the open confirm dialog after checking its question. */
export async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(question).waitFor();
  await dialog.getByRole("button", { name: "Delete" }).click();
}

/** Types a US buyer's details on the sandbox card page (the card number is left to the test). */
export async function fillSandboxBuyer(page: Page, name: string, email: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("555-0100");
  await page.getByLabel("Address").fill("1 Main St");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("State").fill("TX");
  await page.getByLabel("ZIP code").fill("78701");
}

/**
 * A per-minute rate limit's refusal: the limits slide (server/rate-limit/rate-limit.ts), so a burst
 * early in a window may have to wait a little over a minute, said in whole minutes.
 */
export const MINUTE_LIMIT_MESSAGE = /Too many attempts\. Please wait (a minute|2 minutes) and try again\./;
