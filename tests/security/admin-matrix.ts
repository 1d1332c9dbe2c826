import { expect } from "vitest";
import type { AdminRoute } from "../support/admin-route-matrix.ts";
import { adminRoutes, ids, secrets } from "../support/admin-route-matrix.ts";
import type { Visitor } from "./support.ts";

/*
 * What the two back office matrices share (admin-routes.test.ts: anonymous and customer;
 * admin-roles.test.ts: every staff role): the requests they send and what "nothing changed" means.
 */

/** A multipart form that would change something if an action ran it (delete, cancel, upload). */
export function damagingForm(intent: string) {
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
export const dataUrl = (route: AdminRoute) => `${route.url}.data?_routes=${encodeURIComponent(route.id)}`;

/**
 * Runs `attack` on every admin route, a few routes at a time: the requests of one route stay in
 * order, and a failure names its route and method. Overlapping them keeps the matrix (over a
 * thousand requests a visitor) from waiting on each round trip in turn.
 */
export async function onEveryRoute(attack: (route: AdminRoute) => Promise<void>, lanes = 6) {
  const routes = await adminRoutes();
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < routes.length) await attack(routes[next++]!);
    }),
  );
  return routes;
}

/** The prepared rows are all still there as they were, and `owner` reaches every admin page. */
export async function expectNothingChanged(owner: Visitor) {
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
  // The admin reaches every page, so the refusals elsewhere are real, not 404s.
  await onEveryRoute(async (route) => {
    if (!route.hasLoader || route.url === "/admin/upload" || route.url === "/admin/sign-out") return;
    expect([200, 302], route.url).toContain((await owner.get(route.url)).status);
  });
}
