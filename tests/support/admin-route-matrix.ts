import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { type RoleKey, roleKeys } from "../../core/staff/roles.ts";
import type { Db } from "../../server/db/client.ts";
import { bulkOrderRequests, customers, orderItems } from "../../server/db/schema/index.ts";
import { recordDelivery } from "../../server/webhooks/log.ts";
import {
  createBatch,
  createBlogPost,
  createCollection,
  createContactMessage,
  createContentCreator,
  createOrder,
  createOutboxMail,
  createPartner,
  createProduct,
  createReview,
  createSubscription,
  createTestimonial,
  createUser,
} from "../factories/index.ts";
import { builtRoutes } from "./route-manifest.ts";

/**
 * The back office route matrix: every route whose URL is under /admin except the login, read
 * from the built route manifest (so a new admin screen is covered without touching a test), and
 * the data it must never show to anyone but an admin. The HTTP attacks
 * (tests/security/admin-routes.test.ts) and the browser check (tests/e2e/admin-authorization.test.ts)
 * share it.
 */
export const matrixAdmin = { email: "matrix-owner@example.com", password: "matrix-owner-password-1" };
export const matrixCustomer = {
  email: "matrix-customer@example.com",
  password: "matrix-customer-password-1",
};
export const matrixAdminEnv = { ADMIN_EMAIL: matrixAdmin.email, ADMIN_PASSWORD: matrixAdmin.password };

/** One staff account per built-in role (core/staff/roles.ts), for the route matrix × roles. */
export const matrixStaff = Object.fromEntries(
  roleKeys.map((role) => [
    role,
    { email: `matrix-${role}@example.com`, password: `matrix-${role}-password-1` },
  ]),
) as Record<RoleKey, { email: string; password: string }>;

/**
 * Text only the back office may show; inactive testimonials and partners, unpublished
 * collections and pending reviews never reach the storefront.
 */
export const secrets = {
  product: "Classified Product Omega",
  contact: "confidential note about my delivery",
  buyer: "Morgan Concealed-Buyer",
  buyerEmail: "morgan.concealed@example.com",
  mail: "Private outbox subject 7731",
  testimonial: "Secret inactive testimonial",
  partner: "Hidden Partner Inc",
  collection: "Unreleased Collection Sigma",
  webhook: "Confidential webhook payload 4417",
  review: "Unmoderated review text 5521",
};

/** Ids of the prepared rows (filled by prepareMatrix, before the app starts). */
export const ids = {
  order: "",
  mail: "",
  post: "",
  product: "",
  contact: "",
  subscription: "",
  webhookEvent: "",
  batch: "",
  creator: "",
  customer: "",
  bulkRequest: "",
};

/** Creates the customer and one row of each kind the back office lists (pass as `prepare`). */
export async function prepareMatrix(db: Db) {
  const buyer = await createUser(db, matrixCustomer);
  for (const role of roleKeys) await createUser(db, { ...matrixStaff[role], role: "admin", staffRole: role });
  ids.subscription = (await createSubscription(db, { userId: buyer.id })).id;
  // The customers triggers made the buyer's customer row.
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.userId, buyer.id));
  ids.customer = customer!.id;
  ids.mail = (await createOutboxMail(db, { subject: secrets.mail })).id;
  ids.post = (await createBlogPost(db)).id;
  ids.batch = (await createBatch(db)).id;
  ids.creator = (await createContentCreator(db)).id;
  ids.product = (await createProduct(db, { name: secrets.product })).id;
  ids.contact = (await createContactMessage(db, { message: secrets.contact })).id;
  await createReview(db, {
    productId: ids.product,
    userId: buyer.id,
    body: secrets.review,
    status: "pending",
  });
  await createTestimonial(db, { content: secrets.testimonial, active: false });
  await createPartner(db, { name: secrets.partner, active: false });
  await createCollection(db, { name: secrets.collection, published: false, productIds: [ids.product] });
  const order = await createOrder(db, {
    paymentStatus: "paid",
    name: secrets.buyer,
    email: secrets.buyerEmail,
  });
  ids.order = order.id;
  const [bulk] = await db
    .insert(bulkOrderRequests)
    .values({ idempotencyKey: "matrix-bulk", kind: "status", status: "shipped", state: "done", total: 0 })
    .returning({ id: bulkOrderRequests.id });
  ids.bulkRequest = bulk!.id;
  const line = {
    orderId: order.id,
    name: secrets.product,
    unitPriceCents: 100,
    quantity: 1,
    lineTotalCents: 100,
  };
  await db.insert(orderItems).values(line);
  const event = { id: "evt_matrix", type: "customer.updated", data: { object: { note: secrets.webhook } } };
  ids.webhookEvent = (
    await recordDelivery(db, {
      provider: "stripe",
      eventId: event.id,
      type: event.type,
      rawBody: JSON.stringify(event),
    })
  ).id;
}

export type AdminRoute = {
  id: string;
  /** Its URL pattern as in app/routes.ts (`/admin/orders/:orderId/ship`): the key of its permission. */
  pattern: string;
  /** Where the route is reached, params filled with the prepared rows. */
  url: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** A page (renders a screen) rather than a resource route. */
  hasPage: boolean;
};

/** Every route whose URL is /admin or under /admin/, except the login. */
export async function adminRoutes(): Promise<AdminRoute[]> {
  const routes = await builtRoutes();
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  // A pathless layout is reached through its children: it is tested at its first child's address.
  const patternOf = (id: string): string => {
    const route = routes[id]!;
    if (route.path === undefined && !route.index) {
      const child = Object.values(routes).find((r) => r?.parentId === id);
      if (!child) throw new Error(`layout ${id} has no child route`);
      return patternOf(child.id);
    }
    return `/${fullPath(id)}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
  };
  const urlOf = (id: string): string =>
    patternOf(id)
      .replace(":orderId", ids.order)
      .replace(/\/products\/:id\/(stock|label)$/, `/products/${ids.product}/$1`)
      .replace("/blog/:id", `/blog/${ids.post}`)
      .replace("/emails/:id", `/emails/${ids.mail}`)
      .replace(":subscriptionId", ids.subscription)
      .replace(":eventId", ids.webhookEvent)
      .replace(":batchId", ids.batch)
      .replace(":creatorId", ids.creator)
      .replace(":customerId", ids.customer)
      .replace(":requestId", ids.bulkRequest)
      .replace("/policies/:slug", "/policies/terms");
  // Selected by URL, not by id: routes with their own ids (e.g. "admin-blog-new") count too.
  return Object.values(routes)
    .map((r) => ({
      id: r!.id,
      pattern: patternOf(r!.id),
      url: urlOf(r!.id),
      hasLoader: Boolean(r!.hasLoader),
      hasAction: Boolean(r!.hasAction),
      hasPage: Boolean(r!.hasDefaultExport),
    }))
    .filter(({ url }) => (url === "/admin" || url.startsWith("/admin/")) && url !== "/admin/login");
}

/** None of the back office's data in what a refused visitor received. */
export function expectNoSecrets(label: string, text: string) {
  for (const secret of Object.values(secrets)) expect(text, label).not.toContain(secret);
  expect(text, label).not.toContain(ids.order);
}
