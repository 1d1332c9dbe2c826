import { describe, expect, it } from "vitest";
import {
  adminRoutes,
  expectNoSecrets,
  ids,
  matrixAdmin,
  matrixAdminEnv,
  matrixCustomer,
  prepareMatrix,
} from "../support/admin-route-matrix.ts";
import { damagingForm, dataUrl, expectNothingChanged, onEveryRoute } from "./admin-matrix.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The back office route matrix over plain HTTP: every route under /admin except the login
 * (tests/support/admin-route-matrix.ts), refused to an anonymous visitor and to a signed-in
 * customer — pages, data requests and actions, by POST, PUT, PATCH and DELETE — with none of the
 * back office's data in the answer, and nothing changed. Each staff role: admin-roles.test.ts.
 */
const target = setupTarget({ seed: "none", env: matrixAdminEnv, prepare: prepareMatrix });

function expectRefused(label: string, response: Response, body: string) {
  expectNoSecrets(label, body);
  if (response.status === 200 || response.status === 202) {
    // A single-fetch data request carries its redirect inside the body.
    expect(body, label).toContain("/admin/login");
    return;
  }
  expect([302, 303, 307], `${label}: status ${response.status}`).toContain(response.status);
  expect(new URL(response.headers.get("location") ?? "", target.app.url).pathname, label).toBe(
    "/admin/login",
  );
}

function attackEveryRoute(visitor: Visitor) {
  return onEveryRoute(async (route) => {
    for (const url of [route.url, dataUrl(route)]) {
      const response = await visitor.get(url);
      expectRefused(`GET ${url}`, response, await response.text());
    }
    for (const intent of ["delete", "cancel", "update-status"]) {
      for (const url of [route.url, `${route.url}.data`]) {
        const response = await visitor.request("POST", url, damagingForm(intent));
        const body = await response.text();
        if (!route.hasAction && response.status === 405) continue;
        expectRefused(`POST ${url} (${intent})`, response, body);
      }
    }
    // Other methods also reach an action in React Router.
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await visitor.request(method, route.url, damagingForm("delete"));
      const body = await response.text();
      if (!route.hasAction && response.status === 405) continue;
      expectRefused(`${method} ${route.url}`, response, body);
    }
  });
}

describe("admin route matrix (plain HTTP)", () => {
  it("finds the back office routes in the built manifest, the editor's own route ids included", async () => {
    const routes = await adminRoutes();
    const urls = routes.map((r) => r.url);
    for (const url of [
      "/admin",
      "/admin/dashboard",
      "/admin/products",
      "/admin/orders",
      "/admin/contacts",
      "/admin/testimonials",
      "/admin/partners",
      "/admin/certificates",
      "/admin/upload",
      "/admin/blog/new",
      `/admin/blog/${ids.post}/edit`,
      `/admin/orders/${ids.order}/print`,
    ]) {
      expect(urls).toContain(url);
    }
    expect(urls).not.toContain("/admin/login");
    expect(routes.filter((r) => r.hasAction).length).toBeGreaterThanOrEqual(5);
  });

  it("refuses every admin page, data request and action to an anonymous visitor", async () => {
    const routes = await attackEveryRoute(target.visitor());
    expect(routes.length).toBeGreaterThan(15);
  });

  it("refuses every admin page, data request and action to a signed-in customer", async () => {
    const visitor = await target.signedIn(matrixCustomer);
    await attackEveryRoute(visitor);
    // Still the customer's session: the refusals above were not answered to a signed-out visitor.
    const session = await (await visitor.get("/api/auth/get-session")).json();
    expect(session?.user?.email).toBe(matrixCustomer.email);
  });

  it("changed nothing, and the admin does reach the same pages", async () => {
    await expectNothingChanged(await target.signedIn(matrixAdmin));
  });
});
