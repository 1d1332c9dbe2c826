import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type ContractError, validateStripeParams } from "./contracts/stripe/validate.ts";
import { readBody } from "./http-body.ts";
import { parseStripeForm } from "./stripe-form.ts";

/**
 * A local stand-in for the parts of the Stripe API the shop uses, spoken over HTTP with
 * form-encoded bodies exactly as the official SDK sends them: coupons, Checkout Sessions
 * (create, retrieve, expire), subscriptions (retrieve, update: cancel at period end, pause_collection,
 * items; cancel), products and billing portal sessions. It records every request,
 * honours Idempotency-Key (a replay returns the first answer) and lets tests play the customer
 * (complete a session) and the billing engine (renew, fail a renewal).
 */

type Json = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; body: Json; idempotencyKey?: string };
export type FakeLineItem = { name: string; unitAmount: number; quantity: number; recurring: boolean };
export type FakeSession = Json & {
  id: string;
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  amount_total: number;
  metadata: Record<string, string>;
  subscription: string | null;
};
export type FakeSubscription = Json & { id: string; status: string; cancel_at_period_end: boolean };

export type FakeBuyer = {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; state: string; postal_code: string; country: string };
};

export const fakeBuyer: FakeBuyer = {
  name: "Stripe Buyer",
  email: "stripe.buyer@example.com",
  phone: "+15550100",
  address: { line1: "5 Market St", city: "San Francisco", state: "CA", postal_code: "94105", country: "US" },
};

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString("hex")}`;

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly detail: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  static fromContract(error: ContractError) {
    return new StripeError(400, error.message, "invalid_request_error", {
      ...(error.code && { code: error.code }),
      param: error.param,
    });
  }

  /** The body Stripe answers with: { error: { type, code, message, param, doc_url } }. */
  body() {
    const { code } = this.detail;
    return {
      error: {
        type: this.type,
        message: this.message,
        ...this.detail,
        ...(code && { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` }),
      },
    };
  }
}

/** Stripe's answers to a request it cannot take now: what `failNext` makes the fake send. */
export const stripeFailures = {
  /** Too many requests (Stripe's rate limiter): 429. */
  rateLimit: () =>
    new StripeError(
      429,
      "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
      "invalid_request_error",
      { code: "rate_limit" },
    ),
  /** Something went wrong on Stripe's end: 500. */
  apiError: () => new StripeError(500, "An unknown error occurred", "api_error"),
  /** The card was declined (a charge made through the API, e.g. paying an invoice): 402. */
  cardDeclined: () =>
    new StripeError(402, "Your card was declined.", "card_error", {
      code: "card_declined",
      decline_code: "generic_decline",
    }),
};

/** Stripe's limits on line items (Checkout) and subscription items (its API reference). */
export const STRIPE_LIMITS = {
  paymentLineItems: 100,
  subscriptionRecurringLineItems: 20,
  subscriptionItems: 20,
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe() {
  const requests: FakeRequest[] = [];
  const coupons = new Map<string, Json & { amount_off: number }>();
  const sessions = new Map<string, FakeSession>();
  const lineItems = new Map<string, FakeLineItem[]>();
  const subscriptions = new Map<string, FakeSubscription>();
  const products = new Map<string, Json>();
  /** Payment intents of paid sessions and invoices, with what was refunded of each. */
  const paymentIntents = new Map<string, { id: string; amount: number; refunded: number }>();
  const invoices = new Map<string, Json>();
  const refunds: Json[] = [];
  let refundRefusal: string | null = null;
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  let baseUrl = "";
  /** Set by refuseNextSession: the next session request is answered with this error. */
  let refusal: string | null = null;
  /** Set by failNext: the next requests are answered with these errors, in order. */
  const failures: StripeError[] = [];
  const webhookEndpoints = new Map<string, Json>();
  /** The account's default API version: what an endpoint created without one is pinned to. */
  let accountApiVersion = "2024-06-20";

  function createCoupon(body: Json) {
    const amountOff = Number(body.amount_off);
    if (!Number.isInteger(amountOff) || amountOff <= 0) throw new StripeError(400, "Invalid amount_off");
    const coupon = { id: newId("coupon"), object: "coupon", ...body, amount_off: amountOff };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  function createSession(body: Json): FakeSession {
    if (refusal) {
      const message = refusal;
      refusal = null;
      throw new StripeError(400, message);
    }
    const mode = body.mode;
    if (mode !== "payment" && mode !== "subscription") throw new StripeError(400, "Invalid mode");
    if (!body.success_url || !body.cancel_url)
      throw new StripeError(400, "Missing success_url or cancel_url");
    const created = now();
    const expiresAt = Number(body.expires_at ?? created + DAY);
    if (expiresAt < created + 30 * 60 || expiresAt > created + DAY) {
      throw new StripeError(400, "expires_at must be between 30 minutes and 24 hours after creation");
    }
    const items = ((body.line_items as Json[] | undefined) ?? []).map((line) => {
      const price = line.price_data as Json;
      const product = price.product_data as Json;
      return {
        name: String(product.name),
        unitAmount: Number(price.unit_amount),
        quantity: Number(line.quantity),
        recurring: Boolean(price.recurring),
      };
    });
    if (items.length === 0) throw new StripeError(400, "line_items required");
    if (items.some((item) => item.recurring !== (mode === "subscription"))) {
      throw new StripeError(400, "Recurring prices go with subscription mode only");
    }
    assertLineItemLimits(mode, items);
    const discounts = (body.discounts as Json[] | undefined) ?? [];
    const discount = discounts.reduce((sum, d) => {
      const coupon = coupons.get(String(d.coupon));
      if (!coupon) throw new StripeError(400, `No such coupon: '${d.coupon}'`);
      return sum + coupon.amount_off;
    }, 0);
    const subtotal = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const id = newId("cs");
    const session: FakeSession = {
      ...body,
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      currency: "usd",
      created,
      expires_at: expiresAt,
      amount_subtotal: subtotal,
      amount_total: Math.max(0, subtotal - discount),
      total_details: { amount_discount: Math.min(discount, subtotal), amount_shipping: 0, amount_tax: 0 },
      metadata: (body.metadata as Record<string, string>) ?? {},
      customer_details: null,
      collected_information: null,
      subscription: null,
      url: `${baseUrl}/c/pay/${id}`,
    };
    delete session.line_items;
    sessions.set(id, session);
    lineItems.set(id, items);
    return session;
  }

  function expireSession(id: string) {
    const session = findSession(id);
    if (session.status !== "open") {
      throw new StripeError(400, `Only Checkout Sessions with a status of 'open' can be expired.`);
    }
    session.status = "expired";
    return session;
  }

  function findSession(id: string) {
    const session = sessions.get(id);
    if (!session) throw new StripeError(404, `No such checkout.session: '${id}'`);
    return session;
  }

  function findSubscription(id: string) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new StripeError(404, `No such subscription: '${id}'`);
    return subscription;
  }

  function updateSubscription(id: string, body: Json) {
    const subscription = findSubscription(id);
    if (subscription.status === "canceled") {
      throw new StripeError(
        400,
        "A canceled subscription can only update its cancellation_details and metadata.",
      );
    }
    if ("cancel_at_period_end" in body) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
      subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
    }
    // pause_collection="" clears it; otherwise { behavior, resumes_at }.
    if ("pause_collection" in body) {
      const pause = body.pause_collection as Json | string;
      subscription.pause_collection =
        typeof pause === "object" ? { behavior: pause.behavior, resumes_at: Number(pause.resumes_at) } : null;
    }
    if (Array.isArray(body.items)) replaceItems(subscription, body.items as Json[]);
    return subscription;
  }

  /**
   * Items: `{ id, deleted }` removes one, `{ id, price_data, quantity }` changes one in place,
   * `{ price_data, quantity }` adds one (its product must exist). At most 20 entries per request
   * and 20 items on the subscription (Stripe: "A list of up to 20 subscription items").
   */
  function replaceItems(subscription: FakeSubscription, changes: Json[]) {
    if (changes.length > STRIPE_LIMITS.subscriptionItems) {
      throw new StripeError(
        400,
        `You may only pass up to ${STRIPE_LIMITS.subscriptionItems} items.`,
        undefined,
        {
          param: "items",
        },
      );
    }
    const list = subscription.items as { data: Json[] };
    const period = list.data[0] ?? { current_period_start: now(), current_period_end: now() + 30 * DAY };
    for (const change of changes) {
      if (change.deleted === "true") {
        list.data = list.data.filter((item) => item.id !== change.id);
        continue;
      }
      const price = change.price_data as Json;
      if (!products.has(String(price.product)))
        throw new StripeError(400, `No such product: '${price.product}'`);
      const item = {
        id: newId("si"),
        object: "subscription_item",
        quantity: Number(change.quantity),
        price: {
          unit_amount: Number(price.unit_amount),
          product: price.product,
          recurring: { interval: "month" },
        },
        current_period_start: period.current_period_start,
        current_period_end: period.current_period_end,
      };
      const existing = change.id ? list.data.find((entry) => entry.id === change.id) : undefined;
      if (change.id && !existing) throw new StripeError(400, `No such subscription_item: '${change.id}'`);
      if (existing) Object.assign(existing, { ...item, id: existing.id });
      else list.data.push(item);
    }
    if (list.data.length === 0) throw new StripeError(400, "A subscription needs at least one item");
    if (list.data.length > STRIPE_LIMITS.subscriptionItems) {
      throw new StripeError(
        400,
        `A subscription may have at most ${STRIPE_LIMITS.subscriptionItems} items.`,
        undefined,
        { param: "items" },
      );
    }
  }

  function cancelSubscription(id: string) {
    const subscription = findSubscription(id);
    if (subscription.status === "canceled") {
      throw new StripeError(400, "This subscription has already been canceled.");
    }
    Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
    return subscription;
  }

  function createPortalSession(body: Json) {
    if (!String(body.customer ?? "").startsWith("cus_")) throw new StripeError(400, "Missing customer");
    const id = newId("bps");
    return {
      id,
      object: "billing_portal.session",
      customer: body.customer,
      return_url: body.return_url,
      url: `${baseUrl}/p/session/${id}`,
    };
  }

  function newPaymentIntent(amount: number) {
    const intent = { id: newId("pi"), amount, refunded: 0 };
    paymentIntents.set(intent.id, intent);
    return intent.id;
  }

  /** POST /v1/refunds on a payment intent: at most what is left of it. */
  function createRefund(body: Json, source: "api" | "dashboard" = "api"): Json {
    if (refundRefusal) {
      const message = refundRefusal;
      refundRefusal = null;
      throw new StripeError(400, message);
    }
    const intent = paymentIntents.get(String(body.payment_intent));
    if (!intent) throw new StripeError(404, `No such payment_intent: '${body.payment_intent}'`);
    const amount = body.amount === undefined ? intent.amount - intent.refunded : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw new StripeError(400, "Invalid positive integer");
    if (amount > intent.amount - intent.refunded) {
      throw new StripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge`);
    }
    intent.refunded += amount;
    const refund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: "usd",
      payment_intent: intent.id,
      status: "succeeded",
      reason: body.reason ?? null,
      metadata: (body.metadata as Json | undefined) ?? {},
      created: now(),
      source,
    };
    refunds.push(refund);
    return refund;
  }

  function findInvoice(id: string) {
    const invoice = invoices.get(id);
    if (!invoice) throw new StripeError(404, `No such invoice: '${id}'`);
    return invoice;
  }

  /** Webhook endpoints (stripe:setup); the signing secret is shown only in the create answer. */
  function createWebhookEndpoint(body: Json) {
    const endpoint = {
      id: newId("we"),
      object: "webhook_endpoint",
      api_version: (body.api_version as string | undefined) ?? accountApiVersion,
      application: null,
      created: now(),
      description: body.description ?? null,
      enabled_events: body.enabled_events,
      livemode: false,
      metadata: (body.metadata as Json | undefined) ?? {},
      status: "enabled",
      url: body.url,
    };
    webhookEndpoints.set(endpoint.id, endpoint);
    return { ...endpoint, secret: `whsec_${randomBytes(16).toString("hex")}` };
  }

  function updateWebhookEndpoint(id: string, body: Json) {
    const endpoint = webhookEndpoints.get(id);
    if (!endpoint) throw new StripeError(404, `No such webhook_endpoint: '${id}'`);
    if ("enabled_events" in body) endpoint.enabled_events = body.enabled_events;
    if ("disabled" in body) endpoint.status = body.disabled === "true" ? "disabled" : "enabled";
    if ("url" in body) endpoint.url = body.url;
    return endpoint;
  }

  function route(method: string, path: string, body: Json): unknown {
    const parts = path.split("/").filter(Boolean);
    if (parts[1] === "webhook_endpoints") {
      if (method === "GET" && parts.length === 2) {
        return { object: "list", data: [...webhookEndpoints.values()], has_more: false, url: path };
      }
      if (method === "POST" && parts.length === 2) return createWebhookEndpoint(body);
      if (method === "POST" && parts.length === 3) return updateWebhookEndpoint(parts[2]!, body);
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(body);
    if (method === "GET" && parts[1] === "invoices" && parts[2]) return findInvoice(parts[2]);
    if (method === "POST" && path === "/v1/coupons") return createCoupon(body);
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(body);
    if (parts[1] === "checkout" && parts[2] === "sessions" && parts[3]) {
      if (method === "GET" && parts.length === 4) return findSession(parts[3]);
      if (method === "POST" && parts[4] === "expire") return expireSession(parts[3]);
    }
    if (parts[1] === "subscriptions" && parts[2] && parts.length === 3) {
      if (method === "GET") return findSubscription(parts[2]);
      if (method === "POST") return updateSubscription(parts[2], body);
      if (method === "DELETE") return cancelSubscription(parts[2]);
    }
    if (method === "POST" && path === "/v1/products") {
      const product = { id: newId("prod"), object: "product", ...body };
      products.set(product.id, product);
      return product;
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") return createPortalSession(body);
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", baseUrl);
    if (req.method === "GET" && url.pathname.startsWith("/c/pay/"))
      return hostedPage(res, url.pathname.slice(7));
    const raw = await readBody(req);
    const body = parseStripeForm(req.method === "GET" ? url.searchParams.toString() : raw);
    const key = header(req, "idempotency-key");
    requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey: key });
    if (!header(req, "authorization")?.startsWith("Bearer sk_")) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    const failure = failures.shift();
    if (failure) return send(res, failure.status, failure.body());
    const invalid = validateStripeParams(req.method ?? "GET", url.pathname, body);
    if (invalid) return send(res, 400, StripeError.fromContract(invalid).body());
    const replay = key ? idempotent.get(key) : undefined;
    if (replay) {
      if (replay.body !== raw) {
        return send(res, 400, {
          error: {
            type: "idempotency_error",
            message:
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          },
        });
      }
      return send(res, replay.status, replay.answer, { "Idempotent-Replayed": "true" });
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = route(req.method ?? "GET", url.pathname, body);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      answer = error.body();
    }
    if (key && req.method === "POST") idempotent.set(key, { body: raw, status, answer });
    send(res, status, answer);
  }

  /** The page a browser lands on from session.url (the buyer "pays" through the test helpers). */
  function hostedPage(res: ServerResponse, id: string) {
    const session = sessions.get(id);
    res.writeHead(session ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><main><h1>Fake Stripe Checkout</h1>` +
        `<p>Session ${id}: ${session ? `${session.status}, total ${session.amount_total} cents` : "unknown"}</p></main></html>`,
    );
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: "api_error", message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    /** The requests to one endpoint, e.g. ("POST", "/v1/checkout/sessions"). */
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path === path),
    session: (id: string) => findSession(id),
    lineItems: (id: string) => lineItems.get(id) ?? [],
    subscription: (id: string) => findSubscription(id),

    /**
     * The buyer pays: the session completes; in subscription mode Stripe's subscription starts.
     * `paymentStatus: "unpaid"` is a delayed payment method (bank debit): the session is complete
     * but the money is not there yet; `settleAsyncPayment` is Stripe confirming it later.
     */
    completeSession(
      id: string,
      buyer: FakeBuyer = fakeBuyer,
      options: { paymentStatus?: "paid" | "unpaid" | "no_payment_required" } = {},
    ): FakeSession {
      const session = findSession(id);
      if (session.status !== "open") throw new Error(`session ${id} is ${session.status}`);
      session.status = "complete";
      session.payment_status = options.paymentStatus ?? "paid";
      session.customer_details = {
        name: buyer.name,
        email: buyer.email,
        phone: buyer.phone,
        address: buyer.address,
      };
      session.collected_information = { shipping_details: { name: buyer.name, address: buyer.address } };
      if (session.mode === "subscription") {
        const subscription = startSubscription(session, lineItems.get(id) ?? []);
        session.subscription = subscription.id;
        session.invoice = invoiceFor(subscription, "paid", session.amount_total).id;
      } else {
        session.payment_intent = newPaymentIntent(session.amount_total);
      }
      return session;
    },

    /** A delayed payment of a complete session arrived (checkout.session.async_payment_succeeded). */
    settleAsyncPayment(id: string): FakeSession {
      const session = findSession(id);
      if (session.status !== "complete" || session.payment_status !== "unpaid") {
        throw new Error(`session ${id} has no payment pending`);
      }
      session.payment_status = "paid";
      return session;
    },

    /**
     * The next `count` API calls get one of Stripe's failure answers (429 rate limit, 500 API
     * error, 402 card declined) instead of being handled.
     */
    failNext(kind: keyof typeof stripeFailures, count = 1) {
      for (let i = 0; i < count; i++) failures.push(stripeFailures[kind]());
    },

    /** Webhook endpoints as created through the API (stripe:setup). */
    webhookEndpoints: () => [...webhookEndpoints.values()],
    /** The account's default API version (Dashboard → Developers): endpoints without one get it. */
    setAccountApiVersion(version: string) {
      accountApiVersion = version;
    },
    /** An endpoint made in the Dashboard (no API version given: the account's). */
    addDashboardEndpoint: (url: string, events: string[]) =>
      createWebhookEndpoint({ url, enabled_events: events }),

    /** Refunds made (by the shop's API calls or in the dashboard). */
    refunds,
    paymentIntent: (id: string) => paymentIntents.get(id),
    /** Stripe refuses the next refund request. */
    refuseNextRefund(message = "Charge has been disputed") {
      refundRefusal = message;
    },
    /** A refund made in Stripe's dashboard (no metadata): the object refund.created carries. */
    refundInDashboard: (paymentIntent: string, amount: number) =>
      createRefund({ payment_intent: paymentIntent, amount }, "dashboard"),

    /** Stripe refuses the next checkout session (as for an account or API problem). */
    refuseNextSession(message = "Your account cannot currently make live charges.") {
      refusal = message;
    },

    /** Stripe's side of an expiry (the session's time ran out). */
    expireSession,

    /** Changes a subscription as Stripe would (status, cancellation); returns it. */
    setSubscription(id: string, patch: Partial<FakeSubscription>): FakeSubscription {
      return Object.assign(findSubscription(id), patch);
    },

    /**
     * A monthly cycle charged: the period moves a month on; returns the paid invoice, rendered at
     * `apiVersion` (an endpoint pinned before 2025-03-31.basil gets the old invoice shape).
     */
    renew(id: string, options: { apiVersion?: string } = {}): Json {
      const subscription = findSubscription(id);
      const item = (subscription.items as { data: Json[] }).data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = Number(item.current_period_end) + 30 * DAY;
      return renderInvoice(invoiceFor(subscription, "paid"), options.apiVersion);
    },

    /**
     * A monthly charge declined (card_declined): the subscription is past due; returns the open
     * invoice with the decline, rendered at `apiVersion` as `renew` does.
     */
    failRenewal(id: string, options: { apiVersion?: string } = {}): Json {
      const subscription = findSubscription(id);
      subscription.status = "past_due";
      const invoice = invoiceFor(subscription, "open");
      invoice.attempt_count = 1;
      invoice.last_finalization_error = null;
      invoice.next_payment_attempt = now() + 3 * DAY;
      return renderInvoice(invoice, options.apiVersion);
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function startSubscription(session: FakeSession, items: FakeLineItem[]): FakeSubscription {
    const start = now();
    const subscription: FakeSubscription = {
      id: newId("sub"),
      object: "subscription",
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata: session.metadata,
      customer: newId("cus"),
      customer_email: (session.customer_details as Json).email,
      pause_collection: null,
      items: {
        object: "list",
        data: items.map((item) => ({
          id: newId("si"),
          object: "subscription_item",
          quantity: item.quantity,
          price: { unit_amount: item.unitAmount, recurring: { interval: "month" } },
          current_period_start: start,
          current_period_end: start + 30 * DAY,
        })),
      },
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function invoiceFor(subscription: FakeSubscription, status: "paid" | "open", charged?: number): Json {
    const items = (subscription.items as { data: { quantity: number; price: { unit_amount: number } }[] })
      .data;
    const amount = charged ?? items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const id = newId("in");
    const payment =
      status === "paid"
        ? [{ status: "paid", payment: { type: "payment_intent", payment_intent: newPaymentIntent(amount) } }]
        : [];
    const invoice: Json = {
      id,
      object: "invoice",
      status,
      billing_reason: "subscription_cycle",
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      customer_email: subscription.customer_email,
      hosted_invoice_url: `${baseUrl}/i/${id}`,
      status_transitions: { paid_at: status === "paid" ? now() : null },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      payments: { object: "list", data: payment },
    };
    invoices.set(id, invoice);
    return invoice;
  }
}

/**
 * Checkout's limits: in payment mode at most 100 line items; in subscription mode at most 20 with
 * recurring prices (and 20 one-time ones).
 */
function assertLineItemLimits(mode: "payment" | "subscription", items: FakeLineItem[]) {
  const recurring = items.filter((item) => item.recurring).length;
  const limit =
    mode === "payment" ? STRIPE_LIMITS.paymentLineItems : STRIPE_LIMITS.subscriptionRecurringLineItems;
  const count = mode === "payment" ? items.length : recurring;
  if (count > limit) {
    throw new StripeError(
      400,
      mode === "payment"
        ? `You may only specify up to ${limit} line items in \`payment\` mode.`
        : `You may only specify up to ${limit} line items with recurring prices in \`subscription\` mode.`,
      undefined,
      { param: "line_items" },
    );
  }
}

/** Versions before 2025-03-31.basil render an invoice with `subscription` and `payment_intent`, no `parent`. */
export function isPreBasil(apiVersion: string) {
  return apiVersion < "2025-03-31";
}

function renderInvoice(invoice: Json, apiVersion: string | undefined): Json {
  if (!apiVersion || !isPreBasil(apiVersion)) return invoice;
  const { parent, payments, ...rest } = invoice;
  const subscription = (parent as { subscription_details: { subscription: string } }).subscription_details
    .subscription;
  const payment = (payments as { data: { payment: { payment_intent: string } }[] }).data[0];
  return { ...rest, subscription, payment_intent: payment?.payment.payment_intent ?? null, charge: null };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req"), ...headers });
  res.end(JSON.stringify(body));
}
