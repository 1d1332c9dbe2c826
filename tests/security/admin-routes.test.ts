import { describe, expect, it } from "vitest";
import {
  createBlogPost,
  createContactMessage,
  createOrder,
  createOutboxMail,
  createPartner,
  createProduct,
  createSubscription,
  createUser,
} from "../factories/index.ts";
import { builtRoutes } from "../support/route-manifest.ts";
import { setupTarget, type Visitor } from "./support.ts";

/**
 * The back office route matrix over plain HTTP: every route under /admin except the login, taken
 * from the built route manifest by its URL (route ids like "admin-blog-new" included), refused to
 * an anonymous visitor and to a signed-in customer — pages, data requests and actions — with none
 * of the back office's data in the answer, and nothing changed.
 */
const admin = { email: "sec-owner@example.com", password: "sec-owner-password-1" };
const customer = { email: "sec-customer@example.com", password: "sec-customer-password-1" };
const secrets = {
  product: "Classified Product Omega",
  contact: "confidential note about my delivery",
  buyer: "Morgan Concealed-Buyer",
  buyerEmail: "morgan.concealed@example.com",
  mail: "Private outbox subject 7731",
  partner: "Hidden Partner Inc",
};
const ids = { order: "", mail: "", post: "", product: "", subscription: "" };

const target = setupTarget({
  seed: "none",
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
  prepare: async (db) => {
    const buyer = await createUser(db, { email: customer.email, password: customer.password });
    ids.subscription = (await createSubscription(db, { userId: buyer.id })).id;
    ids.mail = (await createOutboxMail(db, { subject: secrets.mail })).id;
    ids.post = (await createBlogPost(db)).id;
    ids.product = (await createProduct(db, { name: secrets.product })).id;
    await createContactMessage(db, { message: secrets.contact });
    await createPartner(db, { name: secrets.partner, active: false });
    ids.order = (
      await createOrder(db, { paymentStatus: "paid", name: secrets.buyer, email: secrets.buyerEmail })
    ).id;
  },
});

type AdminRoute = { id: string; url: string; hasAction: boolean };

/** Every route whose URL is under /admin/ (except the login), with its params filled in. */
async function adminRoutes(): Promise<AdminRoute[]> {
  const routes = await builtRoutes();
  const pathOf = (id: string): string => {
    const route = routes[id]!;
    return [route.parentId ? pathOf(route.parentId) : "", route.path ?? ""].join("/").replace(/\/+/g, "/");
  };
  const params: Record<string, string> = {
    ":orderId": ids.order,
    ":subscriptionId": ids.subscription,
    "blog/:id": `blog/${ids.post}`,
    "emails/:id": `emails/${ids.mail}`,
  };
  const fill = (url: string) => Object.entries(params).reduce((u, [from, to]) => u.replace(from, to), url);
  return Object.values(routes)
    .filter((r) => r && (r.path !== undefined || r.index))
    .map((r) => ({ id: r!.id, url: fill(`/${pathOf(r!.id)}`.replace(/\/+/g, "/").replace(/\/$/, "")) }))
    .filter(({ url }) => (url === "/admin" || url.startsWith("/admin/")) && url !== "/admin/login")
    .map(({ id, url }) => ({ id, url, hasAction: Boolean(routes[id]!.hasAction) }));
}

function expectRefused(label: string, response: Response, body: string) {
  for (const secret of Object.values(secrets)) expect(body, label).not.toContain(secret);
  expect(body, label).not.toContain(ids.order);
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
  for (const [name, value] of Object.entries({ ...fields, status: "cancelled", name: "Injected" })) {
    form.append(name, value);
  }
  form.append("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "x.png");
  return form;
}

async function attackEveryRoute(visitor: Visitor) {
  const routes = await adminRoutes();
  for (const route of routes) {
    const dataUrl = `${route.url}.data?_routes=${encodeURIComponent(route.id)}`;
    for (const url of [route.url, dataUrl]) {
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
    const urls = (await adminRoutes()).map((r) => r.url);
    for (const url of ["/admin", "/admin/products", "/admin/orders", "/admin/upload", "/admin/blog/new"]) {
      expect(urls).toContain(url);
    }
    expect(urls).toContain(`/admin/blog/${ids.post}/edit`);
    expect(urls).toContain(`/admin/orders/${ids.order}/print`);
    expect(urls).not.toContain("/admin/login");
  });

  it("refuses every admin page, data request and action to an anonymous visitor", async () => {
    const routes = await attackEveryRoute(target.visitor());
    expect(routes.length).toBeGreaterThan(15);
  });

  it("refuses every admin page, data request and action to a signed-in customer", async () => {
    const visitor = target.visitor();
    await visitor.signIn(customer.email, customer.password);
    await attackEveryRoute(visitor);
    // Still the customer's session: the refusals above were not answered to a signed-out visitor.
    const session = await (await visitor.get("/api/auth/get-session")).json();
    expect(session?.user?.email).toBe(customer.email);
  });

  it("changed nothing, and the admin does reach the same pages", async () => {
    const owner = target.visitor();
    await owner.signIn(admin.email, admin.password);
    const page = async (url: string) => (await owner.get(url)).text();
    expect(await page("/admin/products")).toContain(secrets.product);
    expect(await page("/admin/products")).not.toContain("Injected");
    expect(await page("/admin/contacts")).toContain(secrets.contact);
    expect(await page("/admin/partners")).toContain(secrets.partner);
    expect(await page(`/admin/subscriptions/${ids.subscription}`)).toContain("Renews on");
    const orders = await page("/admin/orders");
    expect(orders).toContain(secrets.buyer);
    expect(orders).toMatch(/<option value="pending" selected=""/);
    expect(await page(`/admin/emails/${ids.mail}`)).toContain(secrets.mail);
  });
});
