import type { Page } from "playwright-core";

/** The admin account the e2e app is started with (pass `adminEnv` to setupE2E). */
export const testAdmin = { email: "owner@example.com", password: "owner-password-123" };
export const adminEnv = { ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password };

/** Signs in on /admin/login, then opens `path`. */
export async function signInAsAdmin(page: Page, path = "/admin/dashboard") {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(testAdmin.email);
  await page.getByLabel("Password").fill(testAdmin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/admin/dashboard");
  if (path !== "/admin/dashboard") await page.goto(path);
}

export function waitForToast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

/** Confirms the open confirm dialog after checking its question. */
export async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(question).waitFor();
  await dialog.getByRole("button", { name: "Delete" }).click();
}
