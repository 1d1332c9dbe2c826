import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems } from "../../server/db/schema/index.ts";
import {
  createBlogPost,
  createContactMessage,
  createOrder,
  createOutboxMail,
  createPartner,
  createProduct,
  createSubscription,
  createTestimonial,
  createUser,
} from "../factories/index.ts";
import { signIn } from "../support/accounts.ts";
import { type RunningApp, startApp } from "../support/app.ts";
import { builtRoutes } from "../support/route-manifest.ts";

/**
 * Every route module under app/routes/admin/ except the login, taken from the built app's route
 * manifest (so a new admin screen is covered without touching this file): an anonymous visitor and
 * a signed-in customer get a redirect to /admin/login and none of the data, for pages, data
 * requests and every action; and nothing changes.
 */
const admin = { email: "owner@example.com", password: "owner-password-123" };
const customer = { email: "customer@example.com", password: "customer-password-123" };
const secrets = {
  product: "Secret Product Zeta",
  contact: "private message about my order",
  buyer: "Quinn Hidden-Buyer",
  email: "quinn.hidden@example.com",
  mail: "Your secret reset link",
  testimonial: "Secret inactive testimonial",
  partner: "Secret Inactive Partner",
};
let app: RunningApp;
let orderId = "";
let mailId = "";
let postId = "";
let productId = "";
let contactId = "";
let subscriptionId = "";

type AdminRoute = { id: string; path: string; hasLoader: boolean; hasAction: boolean };

async function adminRoutes(): Promise<AdminRoute[]> {
  const routes = await builtRoutes();
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  // A pathless layout is reached through its children: test it at the first child's address.
  const urlOf = (id: string): string => {
    const route = routes[id]!;
    if (route.path === undefined && !route.index) {
      const child = Object.values(routes).find((r) => r?.parentId === id);
      if (!child) throw new Error(`layout ${id} has no child route`);
      return urlOf(child.id);
    }
    return `/${fullPath(id)}`
      .replace(/\/+/g, "/")
      .replace(":orderId", orderId)
      .replace("/blog/:id", `/blog/${postId}`)
      .replace("/emails/:id", `/emails/${mailId}`)
      .replace(":subscriptionId", subscriptionId);
  };
  // Selected by URL, not by id: routes with their own ids (e.g. "admin-blog-new") count too.
  return Object.values(routes)
    .map((r) => ({
      id: r!.id,
      path: urlOf(r!.id),
      hasLoader: Boolean(r!.hasLoader),
      hasAction: Boolean(r!.hasAction),
    }))
    .filter(({ path }) => (path === "/admin" || path.startsWith("/admin/")) && path !== "/admin/login");
}

beforeAll(async () => {
  app = await startApp({
    seed: "none",
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    prepare: async (db) => {
      const buyer = await createUser(db, { email: customer.email, password: customer.password });
      subscriptionId = (await createSubscription(db, { userId: buyer.id })).id;
      mailId = (await createOutboxMail(db, { subject: secrets.mail })).id;
      postId = (await createBlogPost(db)).id;
      productId = (await createProduct(db, { name: secrets.product })).id;
      contactId = (await createContactMessage(db, { message: secrets.contact })).id;
      // Inactive ones are seen only in the back office, never on the storefront.
      await createTestimonial(db, { content: secrets.testimonial, active: false });
      await createPartner(db, { name: secrets.partner, active: false });
      const order = await createOrder(db, {
        paymentStatus: "paid",
        name: secrets.buyer,
        email: secrets.email,
      });
      orderId = order.id;
      await db.insert(orderItems).values({
        orderId,
        name: secrets.product,
        unitPriceCents: 100,
        quantity: 1,
        lineTotalCents: 100,
      });
    },
  });
});
afterAll(() => app?.destroy());

function expectNoSecrets(body: string) {
  for (const secret of Object.values(secrets)) expect(body).not.toContain(secret);
  expect(body).not.toContain(orderId);
}

function expectLoginRedirect(label: string, response: Response, body: string) {
  if (response.status === 202 || response.status === 200) {
    // A data request (single fetch) answers a redirect inside its body.
    expect(body, label).toContain("/admin/login");
  } else {
    expect([301, 302, 303, 307, 308], `${label}: status ${response.status}`).toContain(response.status);
    expect(new URL(response.headers.get("location") ?? "", app.url).pathname, label).toBe("/admin/login");
  }
}

/** A single-fetch data request for just this route's loader, as the client makes on revalidation. */
const dataUrl = (route: AdminRoute) => `${route.path}.data?_routes=${encodeURIComponent(route.id)}`;

describe("admin authorization", () => {
  it("finds the admin routes in the route manifest", async () => {
    const routes = await adminRoutes();
    const paths = routes.map((r) => r.path);
    for (const p of [
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
      `/admin/blog/${postId}/edit`,
    ]) {
      expect(paths).toContain(p);
    }
    expect(routes.filter((r) => r.hasAction).length).toBeGreaterThanOrEqual(5);
  });

  for (const who of ["anonymous", "customer"] as const) {
    it(`refuses every admin page, data request and action to ${who === "anonymous" ? "an anonymous visitor" : "a signed-in customer"}`, async () => {
      const cookie = who === "customer" ? await signIn(app.url, customer) : "";
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const routes = await adminRoutes();
      for (const route of routes) {
        for (const url of [route.path, dataUrl(route)]) {
          const response = await fetch(app.url + url, { headers, redirect: "manual" });
          const body = await response.text();
          expectLoginRedirect(`GET ${url}`, response, body);
          expectNoSecrets(body);
        }
        // Every action, with a form that would change something if it ran.
        const posts = ["delete", "cancel"].flatMap((intent) =>
          [route.path, `${route.path}.data`].map((url) => ({ url, intent })),
        );
        for (const { url, intent } of posts) {
          const form = new FormData();
          for (const [k, v] of Object.entries({
            intent,
            id: productId,
            orderId,
            subscriptionId,
            status: "cancelled",
          })) {
            form.append(k, v);
          }
          form.append("name", "Injected");
          form.append("price", "1");
          form.append("file", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "x.png");
          const response = await fetch(app.url + url, {
            method: "POST",
            headers: { ...headers, Origin: app.url },
            body: form,
            redirect: "manual",
          });
          const body = await response.text();
          if (!route.hasAction && response.status === 405) continue;
          expectLoginRedirect(`POST ${url}`, response, body);
          expectNoSecrets(body);
        }
      }
      // A customer's visit to the login page signs them out (spec: non-admins are signed out there).
    });
  }

  it("changed nothing: the admin still sees the product, order status and contact message", async () => {
    const cookie = await signIn(app.url, admin);
    const page = async (p: string) => (await fetch(app.url + p, { headers: { Cookie: cookie } })).text();
    expect(await page("/admin/products")).toContain(secrets.product);
    expect(await page("/admin/contacts")).toContain(secrets.contact);
    // The admin-side cancel did not run: the subscription still renews.
    expect(await page(`/admin/subscriptions/${subscriptionId}`)).toContain("Renews on");
    const orders = await page("/admin/orders");
    expect(orders).toContain(secrets.buyer);
    expect(orders).toMatch(/<option value="pending" selected=""/);
    expect(await page("/admin/products")).not.toContain("Injected");
    expect(await page("/admin/testimonials")).toContain(secrets.testimonial);
    expect(await page("/admin/partners")).toContain(secrets.partner);
    // And the admin does reach every page (so the refusals above are real, not 404s).
    for (const route of await adminRoutes()) {
      if (!route.hasLoader || route.path === "/admin/upload" || route.path === "/admin/sign-out") continue;
      const response = await fetch(app.url + route.path, { headers: { Cookie: cookie }, redirect: "manual" });
      expect([200, 302], route.path).toContain(response.status);
    }
    expect(contactId).not.toBe("");
  });
});
