import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupE2E } from "../support/browser.ts";
import { postgresUrl } from "../support/database.ts";
import { adminEnv, signInAsAdmin, waitForToast } from "../support/e2e-helpers.ts";

/**
 * Each admin screen says what the spec says when its list cannot be loaded. The tables are renamed
 * under the running app, so this needs its database: PostgreSQL only (PGlite allows one process).
 */
describe.runIf(postgresUrl)("admin screens when the database fails", () => {
  const e2e = setupE2E({ seed: "none", env: adminEnv });
  const tables = [
    "products",
    "blog_posts",
    "validity_codes",
    "coupons",
    "content_creators",
    "testimonials",
    "partners",
    "certificates",
    "contact_messages",
    "orders",
  ];

  async function renameTables(from: (t: string) => string, to: (t: string) => string) {
    const db = e2e.app.database!.db;
    for (const t of tables) await db.execute(sql.raw(`alter table "${from(t)}" rename to "${to(t)}"`));
  }

  async function alertOn(page: Page, path: string, text: string) {
    await page.goto(path);
    await page.getByRole("alert").filter({ hasText: text }).waitFor();
  }

  it("shows each screen's load failure message instead of a server error", async () => {
    const page = await e2e.newPage();
    await signInAsAdmin(page, "/admin/products");
    await renameTables(
      (t) => t,
      (t) => `${t}_gone`,
    );
    try {
      await page.goto("/admin/dashboard");
      await waitForToast(page, "Error fetching dashboard data");
      await alertOn(page, "/admin/products", "Failed to fetch products");
      expect(await page.getByText("No products yet").count()).toBe(0);
      await alertOn(page, "/admin/blog", "Failed to fetch blog posts");
      expect(await page.getByText("No blog posts yet.").count()).toBe(0);
      // Validity codes show the server's own message.
      await alertOn(page, "/admin/validity", 'relation "validity_codes" does not exist');
      expect(await page.getByText("No validity codes found").count()).toBe(0);
      await alertOn(page, "/admin/coupons", "Error loading coupons. Please try again.");
      await alertOn(page, "/admin/content-creators", "Error loading content creators. Please try again.");
      await alertOn(page, "/admin/testimonials", "Failed to fetch testimonials");
      await alertOn(page, "/admin/partners", "Failed to fetch partners");
      await alertOn(page, "/admin/certificates", "Failed to fetch certificates");
      await alertOn(page, "/admin/orders", "Error loading orders. Please try refreshing the page.");
      await page.goto("/admin/contacts");
      await waitForToast(page, "Error fetching contacts");
    } finally {
      await renameTables(
        (t) => `${t}_gone`,
        (t) => t,
      );
    }
    await page.goto("/admin/products");
    await page.getByText("No products yet").waitFor();
  });
});
