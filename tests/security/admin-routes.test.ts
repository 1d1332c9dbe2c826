import { describe, expect, it } from "vitest";
import { can, type RoleKey, roleKeys, roles } from "../../core/staff/roles.ts";
import { ANY_STAFF, adminRoutePermissions, type RouteRule } from "../../server/staff/route-permissions.ts";
import {
  type AdminRoute,
  adminRoutes,
  expectNoSecrets,
  ids,
  matrixAdmin,
  matrixAdminEnv,
  matrixCustomer,
  matrixStaff,
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
    await expectNothingChanged(await target.signedIn(matrixAdmin));
  });
});

/** The prepared rows are all still there as they were, and the owner reaches every admin page. */
async function expectNothingChanged(owner: Visitor) {
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
}

/** Whether the role table (core/staff/roles.ts) lets `role` do what `rule` asks for this method. */
function allowed(role: RoleKey, rule: RouteRule, reading: boolean): boolean {
  const needed = reading ? rule.view : rule.act;
  if (needed === undefined) return false;
  return needed === ANY_STAFF || can(roles[role], needed);
}

/** A form no action acts on (no id, no fields): it reaches the action, which refuses or ignores it. */
function probeForm() {
  const form = new FormData();
  form.append("intent", "matrix-probe");
  return form;
}

async function expectForbidden(label: string, response: Response) {
  const body = await response.text();
  expectNoSecrets(label, body);
  expect(response.status, `${label}: ${body.slice(0, 200)}`).toBe(403);
}

async function expectLetThrough(label: string, response: Response) {
  const body = await response.text();
  expect(response.status, `${label}: ${body.slice(0, 200)}`).not.toBe(403);
  expect(response.status, `${label}: ${body.slice(0, 200)}`).toBeLessThan(500);
}

/**
 * Every admin route and action × every built-in role: allowed or refused (403, none of the back
 * office's data) exactly as the role table says. Refused actions are sent forms that would delete
 * or cancel; allowed ones only a probe, so the matrix changes nothing.
 */
describe("admin route matrix × staff roles (plain HTTP)", () => {
  // One session per role for the whole file: sign-ins are rate limited per client.
  const sessions = new Map<RoleKey, Promise<Visitor>>();
  const signedInAs = (role: RoleKey) => {
    if (!sessions.has(role)) sessions.set(role, target.signedIn(matrixStaff[role]));
    return sessions.get(role)!;
  };

  it("every admin route declares its permission (a new screen is closed until it does)", async () => {
    for (const route of await adminRoutes()) {
      expect(
        adminRoutePermissions[route.pattern],
        `${route.pattern} has no permission declared`,
      ).toBeDefined();
      if (route.hasAction)
        expect(adminRoutePermissions[route.pattern]?.act, `${route.pattern} action`).toBeDefined();
    }
  });

  for (const role of roleKeys) {
    it(`${roles[role].name}: every page, data request and action allowed or refused as the role table says`, async () => {
      const staff = await signedInAs(role);
      for (const route of await adminRoutes()) {
        const rule = adminRoutePermissions[route.pattern]!;
        for (const url of [route.url, dataUrl(route)]) {
          const label = `${role} GET ${url}`;
          const response = await staff.get(url);
          await (allowed(role, rule, true)
            ? expectLetThrough(label, response)
            : expectForbidden(label, response));
        }
        // Signing out is every staff member's; posting it would end this session (tested below).
        if (!route.hasAction || route.url === "/admin/sign-out") continue;
        for (const url of [route.url, `${route.url}.data`]) {
          const label = `${role} POST ${url}`;
          if (allowed(role, rule, false))
            await expectLetThrough(label, await staff.request("POST", url, probeForm()));
          else {
            await expectForbidden(label, await staff.request("POST", url, damagingForm("delete")));
            await expectForbidden(
              `${label} (cancel)`,
              await staff.request("DELETE", route.url, damagingForm("cancel")),
            );
          }
        }
      }
      // Still signed in with the same role: nothing above ended the session.
      const session = await (await staff.get("/api/auth/get-session")).json();
      expect(session?.user?.email).toBe(matrixStaff[role].email);
    });
  }

  it("a fulfilment helper ships and prints but never refunds, sees no customers and no staff", async () => {
    const helper = await signedInAs("fulfilment");
    expect((await helper.get(`/admin/orders/${ids.order}/ship`)).status).toBe(200);
    expect((await helper.get(`/admin/orders/${ids.order}/print`)).status).toBe(200);
    const refund = new FormData();
    refund.append("amount", "1.00");
    refund.append("reason", "matrix");
    await expectForbidden(
      "refund",
      await helper.request("POST", `/admin/orders/${ids.order}/refunds`, refund),
    );
    await expectForbidden("customers export", await helper.get("/admin/customers/export.csv"));
    await expectForbidden("staff", await helper.get("/admin/staff"));
    // The back office opens on the first screen the role may use.
    const home = await helper.get("/admin");
    expect(new URL(home.headers.get("location") ?? "", target.app.url).pathname).toBe("/admin/orders");
  });

  it("better-auth's admin endpoints are not served, so no staff member can give themselves a role", async () => {
    const helper = await signedInAs("support");
    for (const path of ["set-role", "set-user-password", "impersonate-user", "list-users", "remove-user"]) {
      const response = await helper.postJson(`/api/auth/admin/${path}`, { userId: "x", role: "admin" });
      expect(response.status, path).toBe(404);
      const listed = await helper.get(`/api/auth/admin/${path}`);
      expect(listed.status, path).toBe(404);
    }
  });

  it("the allowed probes changed nothing either", async () => {
    await expectNothingChanged(await signedInAs("owner"));
  });

  it("every role may sign out", async () => {
    for (const role of roleKeys) {
      const staff = await signedInAs(role);
      const out = await staff.request("POST", "/admin/sign-out", new FormData());
      expect(new URL(out.headers.get("location") ?? "", target.app.url).pathname, role).toBe("/admin/login");
      const session = await (await staff.get("/api/auth/get-session")).json();
      expect(session?.user, role).toBeFalsy();
    }
  });
});
