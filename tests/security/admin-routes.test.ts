import { describe, expect, it } from "vitest";
import {
  type AdminRoute,
  adminRoutes,
  expectNoSecrets,
  ids,
  matrixAdmin,
  matrixAdminEnv,
  matrixCustomer,
  prepareMatrix,
  secrets,
} from "../support/admin-route-matrix.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The back office route matrix over plain HTTP: every route under /admin except the login
 * (tests/support/admin-route-matrix.ts), refused to an anonymous visitor and to a signed-in
 * customer — pages, data requests and actions, by POST, PUT, PATCH and DELETE — with none of the
 * back office's data in the answer, and nothing changed.
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

/** A multipart form that would change something if an action ran it (delete, cancel, upload). */
function damagingForm(intent: string) {
  const form = new FormData();
  const fields = { intent, id: ids.product, orderId: ids.order, subscriptionId: ids.subscription };
  for (const [name, value] of Object.entries({
    ...fields,
    status: "cancelled",
    name: "Injected",
    price: "1",
  })) {
    form.append(name, value);
  }
  form.append("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "x.png");
  return form;
}

/** A single-fetch data request for just this route's loader, as the client makes on revalidation. */
const dataUrl = (route: AdminRoute) => `${route.url}.data?_routes=${encodeURIComponent(route.id)}`;

async function attackEveryRoute(visitor: Visitor) {
  const routes = await adminRoutes();
  for (const route of routes) {
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
  }
  return routes;
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
    const owner = await target.signedIn(matrixAdmin);
    const page = async (url: string) => (await owner.get(url)).text();
    expect(await page("/admin/products")).toContain(secrets.product);
    expect(await page("/admin/products")).not.toContain("Injected");
    expect(await page("/admin/contacts")).toContain(secrets.contact);
    expect(await page("/admin/testimonials")).toContain(secrets.testimonial);
    expect(await page("/admin/partners")).toContain(secrets.partner);
    // The admin-side cancel did not run: the subscription still renews.
    expect(await page(`/admin/subscriptions/${ids.subscription}`)).toContain("Renews on");
    const orders = await page("/admin/orders");
    expect(orders).toContain(secrets.buyer);
    expect(orders).toMatch(/<option value="pending" selected=""/);
    expect(await page(`/admin/emails/${ids.mail}`)).toContain(secrets.mail);
    // The admin reaches every page, so the refusals above are real, not 404s.
    for (const route of await adminRoutes()) {
      if (!route.hasLoader || route.url === "/admin/upload" || route.url === "/admin/sign-out") continue;
      expect([200, 302], route.url).toContain((await owner.get(route.url)).status);
    }
  });
});
