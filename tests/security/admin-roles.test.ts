import { describe, expect, it } from "vitest";
import { can, type RoleKey, roleKeys, roles } from "../../core/staff/roles.ts";
import { ANY_STAFF, adminRoutePermissions, type RouteRule } from "../../server/staff/route-permissions.ts";
import {
  adminRoutes,
  expectNoSecrets,
  ids,
  matrixAdminEnv,
  matrixStaff,
  prepareMatrix,
} from "../support/admin-route-matrix.ts";
import { damagingForm, dataUrl, expectNothingChanged, onEveryRoute } from "./admin-matrix.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The back office route matrix × every built-in staff role over plain HTTP (the anonymous and
 * customer half: admin-routes.test.ts). Its own app, so the two halves run side by side.
 */
const target = setupTarget({ seed: "none", env: matrixAdminEnv, prepare: prepareMatrix });

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
      await onEveryRoute(async (route) => {
        const rule = adminRoutePermissions[route.pattern]!;
        for (const url of [route.url, dataUrl(route)]) {
          const label = `${role} GET ${url}`;
          const response = await staff.get(url);
          await (allowed(role, rule, true)
            ? expectLetThrough(label, response)
            : expectForbidden(label, response));
        }
        // Signing out is every staff member's; posting it would end this session (tested below).
        if (!route.hasAction || route.url === "/admin/sign-out") return;
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
      });
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
