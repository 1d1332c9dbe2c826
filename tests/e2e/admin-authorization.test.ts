import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  adminRoutes,
  expectNoSecrets,
  matrixAdminEnv,
  matrixCustomer,
  prepareMatrix,
} from "../support/admin-route-matrix.ts";
import { setupE2E } from "../support/browser.ts";
import { signIn } from "../support/e2e-helpers.ts";

/**
 * The back office as a browser sees it: every admin page of the built route manifest
 * (tests/support/admin-route-matrix.ts), opened by an anonymous visitor and by a signed-in
 * customer, ends on the admin login with none of the back office's data on screen. The same
 * matrix is attacked over plain HTTP, every method and data request, in
 * tests/security/admin-routes.test.ts.
 */
const e2e = setupE2E({ seed: "none", env: matrixAdminEnv, prepare: prepareMatrix });

async function expectEveryPageRefused(page: Page) {
  const pages = (await adminRoutes()).filter((route) => route.hasPage);
  expect(pages.length).toBeGreaterThan(15);
  for (const route of pages) {
    await page.goto(route.url);
    await page.waitForURL((url) => url.pathname === "/admin/login");
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    expectNoSecrets(`${route.url} in the browser`, await page.content());
  }
}

describe("admin authorization in the browser", () => {
  it("sends an anonymous visitor from every admin page to the login, showing nothing", async () => {
    await expectEveryPageRefused(await e2e.newPage());
  });

  it("sends a signed-in customer from every admin page to the login, showing nothing", async () => {
    const page = await e2e.newPage();
    await signIn(page, matrixCustomer.email, "/", matrixCustomer.password);
    await expectEveryPageRefused(page);
  });
});
