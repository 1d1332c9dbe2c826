import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type RunningApp, restartApp } from "../support/app.ts";
import { setupE2E } from "../support/browser.ts";

/**
 * A newcomer's first start (no ADMIN_EMAIL, no SMTP, the demo seed on an empty embedded database):
 * the banner says where everything is and prints the demo admin's and demo customer's passwords
 * once; those open the back office and My Orders, which show the sample sales; a sign-up's
 * verification link is printed to the console and signs the new customer in.
 */
const e2e = setupE2E({ env: { LOG_LEVEL: "warn" } });

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The printed sign-in of the banner line that starts with `label` ("admin", "customer"). */
function printedAccount(output: string, label: string) {
  const match = output.match(new RegExp(`^  ${label} +\\S+  (\\S+@\\S+) / (\\S+)$`, "m"));
  if (!match) throw new Error(`no ${label} sign-in in the start output:\n${output}`);
  return { email: match[1]!, password: match[2]! };
}

async function signIn(page: Page, path: string, account: { email: string; password: string }) {
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("first start on a fresh demo database", { timeout: 120_000 }, () => {
  it("prints a short banner: URL, embedded database folder, mail and payment modes", () => {
    const output = e2e.app.output();
    expect(output).toContain(`Peak Shilajit shop is running at ${e2e.app.url}\n`);
    const url = e2e.app.database?.url ? new URL(e2e.app.database.url) : undefined;
    const database = url
      ? `PostgreSQL at ${url.host}${url.pathname}`
      : `embedded PostgreSQL (PGlite) in ${e2e.app.dataDir}/db`;
    expect(output).toContain(`  database  ${database} (demo data)\n`);
    expect(output).toMatch(/^ {2}mail {6}kept in the outbox \(no SMTP_URL\).*links are also printed here$/m);
    expect(output).toMatch(/^ {2}payments {2}built-in sandbox/m);
    expect(output).toContain("These passwords are shown only now. To change one, see docs/admins.md.");
  });

  it("lets the printed demo admin password into /admin, where the dashboard and orders show sample sales", async () => {
    const admin = printedAccount(e2e.app.output(), "admin");
    expect(admin.email).toBe("admin@demo.example.com");
    const page = await e2e.newPage();
    await signIn(page, "/admin/login", admin);
    await page.waitForURL("**/admin/dashboard");
    const chart = page.getByRole("img", { name: /^Last 30 days: \$[\d,.]+ revenue from \d+ orders$/ });
    const [, orders] = (await chart.getAttribute("aria-label"))?.match(/from (\d+) orders/) ?? [];
    expect(Number(orders)).toBeGreaterThan(20);

    await page.goto("/admin/orders");
    await page.getByRole("heading", { name: "Orders Management" }).waitFor();
    expect(await page.getByRole("row").count()).toBeGreaterThan(10);
    await page
      .getByRole("cell", { name: /@demo\.example\.com/ })
      .first()
      .waitFor();
  });

  it("lets the printed demo customer see their orders and active subscription", async () => {
    const customer = printedAccount(e2e.app.output(), "customer");
    const page = await e2e.newPage();
    await signIn(page, "/auth", customer);
    await page.waitForURL(`${e2e.app.url}/`);
    await page.goto("/orders");
    await page.getByRole("heading", { name: "My Orders" }).waitFor();
    expect(await page.getByRole("article").count()).toBe(3);
    await page.goto("/account/subscriptions");
    const subscription = page.getByRole("article");
    await subscription.getByText("Active").waitFor();
    await subscription.getByText(/Gold Grade Shilajit Resin/).waitFor();
  });

  it("prints a sign-up's verification link; following it signs the new customer in", async () => {
    const email = "first.visitor@example.com";
    const page = await e2e.newPage();
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("First Visitor");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("first-visit-1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("status").getByText("Please check your email to verify your account.").waitFor();

    const linkLine = new RegExp(`^Verification link for ${email.replace(".", "\\.")}: (\\S+)$`, "m");
    await expect.poll(() => linkLine.test(e2e.app.output()), { timeout: 10_000 }).toBe(true);
    const link = e2e.app.output().match(linkLine)![1]!;
    expect(link.startsWith(`${e2e.app.url}/api/auth/verify-email?token=`)).toBe(true);

    await page.goto(link);
    await page.waitForURL(`${e2e.app.url}/`);
    await toast(page, "Email verified").waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByText(email).waitFor();
  });

  it("on a restart prints no password again and no second seed", async () => {
    await e2e.app.stop();
    let again: RunningApp | undefined;
    try {
      again = await restartApp(e2e.app, { LOG_LEVEL: "warn" });
      const output = again.output();
      expect(output).toContain("(demo data)");
      expect(output).toMatch(/^ {2}admin +\S+ {2}admin@demo\.example\.com$/m);
      expect(output).not.toContain("shown only now");
      expect(output).not.toMatch(/^ {2}customer/m);
    } finally {
      await again?.stop();
    }
  });
});
