import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./http-body.ts";
import { checkPaypalRequest, loadPaypalContract, unprocessable } from "./paypal-contract.ts";
import {
  type FakePaypalOrder,
  type FakePaypalSale,
  type FakePaypalSubscription,
  fakeCredentials,
  fakePayer,
  fakeWebhookId,
} from "./paypal-data.ts";

/**
 * A local stand-in for PayPal's REST API, speaking the endpoints the shop uses: OAuth token,
 * Orders v2 (create / get / capture, PayPal-Request-Id replays), catalog products, billing plans,
 * subscriptions (create / get / cancel / suspend / activate) and verify-webhook-signature, plus the buyer's approval
 * pages. Webhook events are "signed" with an HMAC only this fake knows, so a forged or altered
 * event fails verification exactly as it would at PayPal.
 */

type Json = Record<string, unknown>;
type Reply = { status: number; body?: unknown };

export { type FakePaypalOrder, type FakePaypalSubscription, fakeCredentials, fakePayer, fakeWebhookId };

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString("hex").toUpperCase()}`;
const error = (status: number, name: string, issue: string): Reply => ({
  status,
  body: { name, details: [{ issue }] },
});

export class FakePaypal {
  url = "";
  readonly orders = new Map<string, FakePaypalOrder>();
  readonly subscriptions = new Map<string, FakePaypalSubscription>();
  readonly plans = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  /** Capture calls that reached the fake (replays included) and captures actually made. */
  captureCalls = 0;
  capturesMade = 0;
  /** Subscription payments PayPal collected (first cycles and renewals). */
  readonly sales = new Map<string, FakePaypalSale>();
  /** Refunds made, by the shop's API calls or by refundInDashboard (PayPal's own dashboard). */
  readonly refunds: Json[] = [];
  private refuseRefunds = 0;
  tokensIssued = 0;
  /** Every API request received (after the token), and the ones the contract refused. */
  readonly requests: { method: string; path: string; body: Json }[] = [];
  readonly refusals: ({ path: string } & Reply)[] = [];
  private readonly injected: { method: string; path: RegExp; reply: Reply }[] = [];
  /** Every PayPal-Request-Id received, with the path it came with ("POST /v2/checkout/orders id"). */
  readonly requestIds: string[] = [];
  private loseCaptureAnswers = 0;
  private pendingCaptures = 0;
  private readonly validTokens = new Set<string>();
  private readonly replays = new Map<string, Reply>();
  private readonly signingKey = randomBytes(16);
  private readonly held: ServerResponse[] = [];
  private server: Server | undefined;

  async start(): Promise<this> {
    loadPaypalContract(); // compiled before the first request, not inside a caller's timeout
    this.server = createServer((req, res) => void this.route(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Every access token stops working (as when PayPal revokes them before they expire). */
  revokeTokens(): void {
    this.validTokens.clear();
  }

  /** The next capture is PENDING (the money has not cleared) until clearCapture. */
  holdNextCapture(): void {
    this.pendingCaptures++;
  }

  /** A held capture clears (PayPal then sends PAYMENT.CAPTURE.COMPLETED). */
  clearCapture(orderId: string): string {
    const order = this.orders.get(orderId)!;
    order.captureStatus = "COMPLETED";
    return order.captureId!;
  }

  /** The next refund request is refused (e.g. the capture is too old to refund). */
  refuseNextRefund(): void {
    this.refuseRefunds++;
  }

  /** A refund made in PayPal's dashboard: the resource PAYMENT.CAPTURE.REFUNDED carries. */
  refundInDashboard(captureId: string, cents: number): Json {
    const reply = this.refund(captureId, {
      amount: { value: (cents / 100).toFixed(2), currency_code: "USD" },
    });
    if (reply.status >= 300) throw new Error(`fake PayPal refused the refund: ${JSON.stringify(reply.body)}`);
    return reply.body as Json;
  }

  /** The next capture happens but its answer never comes (the caller times out). */
  loseNextCaptureAnswer(): void {
    this.loseCaptureAnswers++;
  }

  /**
   * The next request matching `method` and `path` gets `reply` instead of being handled (nothing
   * happens at "PayPal"): PayPal's real failure shapes, e.g. paypalFailures.rateLimited.
   */
  failNext(method: string, path: RegExp, reply: Reply): void {
    this.injected.push({ method, path, reply });
  }

  /** The next capture is declined: PayPal's 422 INSTRUMENT_DECLINED (the order stays APPROVED). */
  declineNextCapture(
    issue: "INSTRUMENT_DECLINED" | "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING" = "INSTRUMENT_DECLINED",
  ) {
    this.failNext("POST", /^\/v2\/checkout\/orders\/[^/]+\/capture$/, paypalFailures.declined(issue));
  }

  private takeInjected(method: string, path: string): Reply | undefined {
    const index = this.injected.findIndex((i) => i.method === method && i.path.test(path));
    if (index < 0) return undefined;
    return this.injected.splice(index, 1)[0]!.reply;
  }

  /** What the buyer does at PayPal: approves the order, with their address. */
  approveOrder(id: string, payer = fakePayer): void {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no fake PayPal order ${id}`);
    const [given_name, surname] = payer.name.split(" ");
    order.status = "APPROVED";
    // PayPal's current shape: the buyer under payment_source.paypal (`payer` is deprecated).
    order.payer = { name: { given_name, surname }, email_address: payer.email, account_id: "FAKEPAYER" };
    order.shipping = { name: { full_name: payer.name }, address: payer.address };
  }

  /**
   * The buyer approved, but PayPal activates the subscription (charging the first cycle) only a
   * moment later: the next `reads` reads still answer APPROVED.
   */
  approveSubscription(id: string, reads: number): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no fake PayPal subscription ${id}`);
    subscription.status = "APPROVED";
    subscription.readsUntilActive = reads;
  }

  /**
   * The buyer approves the subscription and PayPal activates it, charging the first cycle (a sale,
   * billing_info.last_payment). With `firstPayment: "pending"` it is ACTIVE but nothing is collected
   * yet (PayPal's "ACTIVE is not paid" case) until collectFirstPayment.
   */
  activateSubscription(
    id: string,
    payer = fakePayer,
    now = new Date(),
    options: { firstPayment?: "paid" | "pending" } = {},
  ): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no fake PayPal subscription ${id}`);
    const [given_name, surname] = payer.name.split(" ");
    const next = new Date(now);
    next.setMonth(next.getMonth() + 1);
    Object.assign(subscription, {
      status: "ACTIVE",
      startTime: now.toISOString(),
      statusUpdateTime: now.toISOString(),
      nextBillingTime: next.toISOString(),
      subscriber: {
        name: { given_name, surname },
        email_address: payer.email,
        shipping_address: { name: { full_name: payer.name }, address: payer.address },
      },
    });
    if (options.firstPayment !== "pending") this.collectFirstPayment(id, now);
  }

  /** PayPal collects the first cycle: its sale (for PAYMENT.SALE.COMPLETED) is returned. */
  collectFirstPayment(id: string, at = new Date()): FakePaypalSale {
    const subscription = this.subscriptions.get(id)!;
    const sale = this.collect(subscription, 0, at);
    subscription.firstSaleId = sale.id;
    return sale;
  }

  /** A renewal PayPal collected a month (or more) on: the sale; the next billing moves a month. */
  collectRenewal(id: string, at: Date): FakePaypalSale {
    const subscription = this.subscriptions.get(id)!;
    const regular = this.cyclePrices(subscription).length - 1;
    const sale = this.collect(subscription, regular, at);
    const next = new Date(at);
    next.setMonth(next.getMonth() + 1);
    subscription.nextBillingTime = next.toISOString();
    return sale;
  }

  private cyclePrices(subscription: FakePaypalSubscription): string[] {
    const plan = this.plans.get(subscription.planId) as { billing_cycles: Json[] };
    return plan.billing_cycles.map(
      (cycle) => ((cycle.pricing_scheme as Json).fixed_price as { value: string }).value,
    );
  }

  private collect(subscription: FakePaypalSubscription, cycle: number, at: Date): FakePaypalSale {
    const value = this.cyclePrices(subscription)[cycle]!;
    const sale: FakePaypalSale = {
      id: newId("SALE"),
      state: "completed",
      amount: { total: value, currency: "USD" },
      billing_agreement_id: subscription.id,
      create_time: at.toISOString(),
    };
    this.sales.set(sale.id, sale);
    subscription.lastPayment = { value, time: at.toISOString() };
    subscription.failedPayments = 0;
    delete subscription.lastFailedPayment;
    return sale;
  }

  /**
   * A renewal PayPal could not collect: failed_payments_count goes up and PayPal retries in 5 days,
   * until the plan's payment_failure_threshold, when it suspends the subscription. Returns the
   * subscription as BILLING.SUBSCRIPTION.PAYMENT.FAILED carries it.
   */
  failPayment(id: string, at = new Date()): Json {
    const subscription = this.subscriptions.get(id)!;
    const plan = this.plans.get(subscription.planId) as { payment_preferences?: Json };
    const threshold = Number(plan.payment_preferences?.payment_failure_threshold ?? 0);
    subscription.failedPayments++;
    const last = threshold > 0 && subscription.failedPayments >= threshold;
    const retry = new Date(at.getTime() + 5 * 24 * 60 * 60 * 1000);
    const prices = this.cyclePrices(subscription);
    subscription.lastFailedPayment = {
      amount: { currency_code: "USD", value: prices[prices.length - 1] },
      time: at.toISOString(),
      reason_code: "PAYMENT_DENIED",
      ...(!last && { next_payment_retry_time: retry.toISOString() }),
    };
    if (last) this.setSubscriptionStatus(id, "SUSPENDED", at);
    return this.subscriptionView(subscription);
  }

  /** A sale refunded in PayPal's dashboard: the refund PAYMENT.SALE.REFUNDED carries. */
  refundSale(saleId: string, cents?: number): Json {
    return this.saleRefund(saleId, cents, "completed");
  }

  /** A sale reversed by PayPal (a chargeback or a buyer's bank): PAYMENT.SALE.REVERSED's resource. */
  reverseSale(saleId: string): Json {
    return { ...this.saleRefund(saleId, undefined, "completed"), reason_code: "CHARGEBACK" };
  }

  private saleRefund(saleId: string, cents: number | undefined, state: string): Json {
    const sale = this.sales.get(saleId);
    if (!sale) throw new Error(`no fake PayPal sale ${saleId}`);
    const total = cents === undefined ? sale.amount.total : (cents / 100).toFixed(2);
    return {
      id: newId("RFD"),
      state,
      amount: { total, currency: "USD" },
      sale_id: saleId,
      parent_payment: `PAYID-${saleId}`,
      create_time: new Date().toISOString(),
      links: [
        { href: `${this.url}/v1/payments/refund/${saleId}`, rel: "self", method: "GET" },
        { href: `${this.url}/v1/payments/sale/${saleId}`, rel: "sale", method: "GET" },
      ],
    };
  }

  /** A capture PayPal reversed (a chargeback): the resource of PAYMENT.CAPTURE.REVERSED. */
  reverseCapture(captureId: string): Json {
    const order = [...this.orders.values()].find((o) => o.captureId === captureId)!;
    const amount = (order.request.purchase_units as Json[])[0]!.amount as Json;
    return {
      id: newId("REV"),
      status: "COMPLETED",
      amount: { currency_code: "USD", value: amount.value },
      note_to_payer: "Payment reversed",
      links: [
        { rel: "self", href: `${this.url}/v2/payments/refunds/REV`, method: "GET" },
        { rel: "up", href: `${this.url}/v2/payments/captures/${captureId}`, method: "GET" },
      ],
    };
  }

  setSubscriptionStatus(id: string, status: FakePaypalSubscription["status"], at = new Date()) {
    const subscription = this.subscriptions.get(id)!;
    subscription.status = status;
    subscription.statusUpdateTime = at.toISOString();
  }

  /** A webhook event as PayPal would POST it: the body and its transmission headers. */
  signedEvent(eventType: string, resource: Json, webhookId = fakeWebhookId) {
    const body = JSON.stringify({
      id: newId("WH-EVT-"),
      event_type: eventType,
      resource_type: eventType.split(".")[1]?.toLowerCase(),
      create_time: new Date().toISOString(),
      resource,
    });
    const transmissionId = newId("");
    const transmissionTime = new Date().toISOString();
    const headers = new Headers({
      "content-type": "application/json",
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${this.url}/v1/notifications/certs/CERT-FAKE`,
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": transmissionTime,
      "paypal-transmission-sig": this.signature(transmissionId, transmissionTime, webhookId, body),
    });
    return { body, headers };
  }

  private signature(transmissionId: string, time: string, webhookId: string, body: string) {
    return createHmac("sha256", this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${body}`)
      .digest("hex"); // letters and digits, as the verify call's transmission_sig pattern wants
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const raw = await readBody(req);
    if (url.pathname.startsWith("/checkoutnow") || url.pathname.startsWith("/webapps/")) {
      return this.approvalPage(req, res, url, raw);
    }
    if (url.pathname === "/v1/oauth2/token") return send(res, this.token(req));
    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    if (!bearer || !this.validTokens.has(bearer)) {
      return send(res, error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN"));
    }
    const body = raw ? (JSON.parse(raw) as Json) : {};
    this.requests.push({ method: req.method ?? "GET", path: url.pathname, body });
    const injected = this.takeInjected(req.method ?? "GET", url.pathname);
    if (injected) return send(res, injected);
    // What PayPal refuses, the fake refuses: the published request contract (paypal-contract.ts).
    const refusal = checkPaypalRequest(req.method ?? "GET", url.pathname, raw ? body : undefined);
    if (refusal) {
      this.refusals.push({ path: url.pathname, ...refusal });

      return send(res, refusal);
    }
    const requestId = req.headers["paypal-request-id"];
    const replayKey = typeof requestId === "string" ? `${req.method} ${url.pathname} ${requestId}` : null;
    if (replayKey) this.requestIds.push(replayKey);
    const replay = replayKey ? this.replays.get(replayKey) : undefined;
    if (url.pathname.endsWith("/capture")) this.captureCalls++;
    if (replay) return send(res, replay);
    const reply = this.api(req.method ?? "GET", url.pathname, body, raw);
    if (replayKey && reply.status < 300) this.replays.set(replayKey, reply);
    if (url.pathname.endsWith("/capture") && reply.status < 300 && this.loseCaptureAnswers > 0) {
      this.loseCaptureAnswers--;
      this.held.push(res); // the capture is done; its answer is lost
      return;
    }
    send(res, reply);
  }

  private token(req: IncomingMessage): Reply {
    const expected = `Basic ${Buffer.from(`${fakeCredentials.clientId}:${fakeCredentials.clientSecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return { status: 401, body: { error: "invalid_client" } };
    this.tokensIssued++;
    const token = `fake-access-token-${this.tokensIssued}`;
    this.validTokens.add(token);
    return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: 32400 } };
  }

  private api(method: string, path: string, body: Json, raw: string): Reply {
    const parts = path.split("/").filter(Boolean);
    const key = `${method} /${parts.slice(0, 3).join("/")}`;
    const id = parts[3];
    const action = parts[4];
    if (key === "POST /v2/checkout/orders" && id && action === "capture") return this.capture(id);
    if (key === "POST /v2/checkout/orders" && !id) return this.createOrder(body);
    if (key === "GET /v2/checkout/orders" && id) return this.getOrder(id);
    if (key === "POST /v2/payments/captures" && id && action === "refund") return this.refund(id, body);
    if (key === "GET /v1/catalogs/products" && id) {
      const product = this.products.get(id);
      return product
        ? { status: 200, body: product }
        : error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    }
    if (key === "POST /v1/catalogs/products") {
      this.products.set(String(body.id), body);
      return { status: 201, body };
    }
    if (key === "POST /v1/billing/plans") {
      const plan = { ...body, id: newId("P-") };
      this.plans.set(plan.id, plan);
      return { status: 201, body: plan };
    }
    if (key === "POST /v1/billing/subscriptions" && id && action === "cancel") return this.cancel(id);
    if (key === "POST /v1/billing/subscriptions" && id && action === "suspend") return this.suspend(id);
    if (key === "POST /v1/billing/subscriptions" && id && action === "activate") return this.activate(id);
    if (key === "POST /v1/billing/subscriptions" && !id) return this.createSubscription(body);
    if (key === "GET /v1/billing/subscriptions" && id) return this.getSubscription(id);
    if (key === "POST /v1/notifications/verify-webhook-signature") return this.verify(body, raw);
    return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  }

  private createOrder(body: Json): Reply {
    const order: FakePaypalOrder = { id: newId("ORD"), status: "PAYER_ACTION_REQUIRED", request: body };
    this.orders.set(order.id, order);
    return { status: 200, body: this.orderView(order) };
  }

  private getOrder(id: string): Reply {
    const order = this.orders.get(id);
    return order
      ? { status: 200, body: this.orderView(order) }
      : error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  }

  private capture(id: string): Reply {
    const order = this.orders.get(id);
    if (!order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (order.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
    if (order.status !== "APPROVED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
    order.status = "COMPLETED";
    order.captureId = newId("CAP");
    order.captureStatus = this.pendingCaptures > 0 ? "PENDING" : "COMPLETED";
    if (this.pendingCaptures > 0) this.pendingCaptures--;
    this.capturesMade++;
    return { status: 201, body: this.orderView(order) };
  }

  /** Refunds part or all of a capture; never more than is left of it. */
  private refund(captureId: string, body: Json): Reply {
    const order = [...this.orders.values()].find((o) => o.captureId === captureId);
    if (!order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (this.refuseRefunds > 0) {
      this.refuseRefunds--;
      return error(422, "UNPROCESSABLE_ENTITY", "TRANSACTION_REFUSED");
    }
    const unit = (order.request.purchase_units as Json[])[0]!;
    const captured = Math.round(Number((unit.amount as Json).value) * 100);
    const done = this.refunds
      .filter((r) => r.capture_id === captureId)
      .reduce((sum, r) => sum + Math.round(Number((r.amount as Json).value) * 100), 0);
    const amount = (body.amount as Json | undefined) ?? {
      value: ((captured - done) / 100).toFixed(2),
      currency_code: "USD",
    };
    const cents = Math.round(Number(amount.value) * 100);
    if (!(cents > 0) || cents > captured - done) {
      return error(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
    }
    const refund: Json = {
      id: newId("REF"),
      status: "COMPLETED",
      amount,
      custom_id: body.custom_id,
      capture_id: captureId,
      links: [{ rel: "up", href: `${this.url}/v2/payments/captures/${captureId}`, method: "GET" }],
    };
    this.refunds.push(refund);
    return { status: 201, body: refund };
  }

  private orderView(order: FakePaypalOrder) {
    const unit = (order.request.purchase_units as Json[])[0]!;
    return {
      id: order.id,
      status: order.status,
      intent: order.request.intent,
      ...(order.payer && { payment_source: { paypal: order.payer } }),
      purchase_units: [
        {
          reference_id: unit.reference_id,
          custom_id: unit.custom_id,
          amount: unit.amount,
          shipping: order.shipping,
          payments: order.captureId
            ? { captures: [{ id: order.captureId, status: order.captureStatus, amount: unit.amount }] }
            : undefined,
        },
      ],
      links: [
        { rel: "self", href: `${this.url}/v2/checkout/orders/${order.id}`, method: "GET" },
        { rel: "payer-action", href: `${this.url}/checkoutnow?token=${order.id}`, method: "GET" },
      ],
    };
  }

  private createSubscription(body: Json): Reply {
    if (!this.plans.has(String(body.plan_id))) return error(422, "UNPROCESSABLE_ENTITY", "INVALID_PLAN_ID");
    const now = new Date().toISOString();
    const subscription: FakePaypalSubscription = {
      id: newId("I-"),
      status: "APPROVAL_PENDING",
      planId: String(body.plan_id),
      customId: String(body.custom_id),
      request: body,
      startTime: now,
      statusUpdateTime: now,
      failedPayments: 0,
    };
    this.subscriptions.set(subscription.id, subscription);
    return { status: 201, body: this.subscriptionView(subscription) };
  }

  private getSubscription(id: string): Reply {
    const subscription = this.subscriptions.get(id);
    if (subscription?.status === "APPROVED" && subscription.readsUntilActive !== undefined) {
      if (subscription.readsUntilActive-- <= 0) this.activateSubscription(id);
    }
    return subscription
      ? { status: 200, body: this.subscriptionView(subscription) }
      : error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  }

  private cancel(id: string): Reply {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (subscription.status !== "ACTIVE" && subscription.status !== "SUSPENDED")
      return error(422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
    this.setSubscriptionStatus(id, "CANCELLED");
    delete subscription.nextBillingTime;
    return { status: 204 };
  }

  /** Suspend: only an ACTIVE subscription; billing stops until it is activated. */
  private suspend(id: string): Reply {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (subscription.status !== "ACTIVE")
      return error(422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
    this.setSubscriptionStatus(id, "SUSPENDED");
    return { status: 204 };
  }

  /** Activate a SUSPENDED subscription again. */
  private activate(id: string): Reply {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (subscription.status !== "SUSPENDED")
      return error(422, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID");
    this.setSubscriptionStatus(id, "ACTIVE");
    return { status: 204 };
  }

  private subscriptionView(subscription: FakePaypalSubscription) {
    return {
      id: subscription.id,
      status: subscription.status,
      plan_id: subscription.planId,
      custom_id: subscription.customId,
      start_time: subscription.startTime,
      status_update_time: subscription.statusUpdateTime,
      subscriber: subscription.subscriber,
      billing_info: {
        outstanding_balance: { currency_code: "USD", value: "0.00" },
        failed_payments_count: subscription.failedPayments,
        ...(subscription.nextBillingTime && { next_billing_time: subscription.nextBillingTime }),
        ...(subscription.lastPayment && {
          last_payment: {
            amount: { currency_code: "USD", value: subscription.lastPayment.value },
            time: subscription.lastPayment.time,
          },
        }),
        ...(subscription.lastFailedPayment && { last_failed_payment: subscription.lastFailedPayment }),
      },
      links: [
        {
          rel: "approve",
          href: `${this.url}/webapps/billing/subscriptions?ba_token=BA-${subscription.id}`,
          method: "GET",
        },
      ],
    };
  }

  /** SUCCESS only for the configured webhook id, an untouched event and its own signature. */
  private verify(body: Json, raw: string): Reply {
    const event = extractEvent(raw);
    const expected = this.signature(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      event,
    );
    const ok = body.webhook_id === fakeWebhookId && body.transmission_sig === expected;
    return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
  }

  /** The buyer's side: a page with one button that approves and returns to the shop. */
  private approvalPage(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const orderId = url.searchParams.get("token");
    const subscriptionId = url.searchParams.get("ba_token")?.replace(/^BA-/, "");
    if (req.method === "POST") {
      const returnTo = new URL(String(new URLSearchParams(raw).get("return")));
      if (orderId) {
        this.approveOrder(orderId);
        returnTo.search = new URLSearchParams({ token: orderId, PayerID: "FAKEPAYER" }).toString();
      } else if (subscriptionId) {
        this.activateSubscription(subscriptionId);
        returnTo.search = new URLSearchParams({
          subscription_id: subscriptionId,
          ba_token: `BA-${subscriptionId}`,
          token: newId("EC-"),
        }).toString();
      }
      res.writeHead(302, { Location: returnTo.toString() }).end();
      return;
    }
    const context = orderId
      ? ((this.orders.get(orderId)?.request.payment_source as Json)?.paypal as Json)?.experience_context
      : (this.subscriptions.get(subscriptionId ?? "")?.request.application_context as Json);
    const returnUrl = String((context as Json | undefined)?.return_url ?? "");
    // PayPal's "Cancel and return": cancel_url plus the order's token (or the subscription's ids).
    const cancelUrl = new URL(String((context as Json | undefined)?.cancel_url ?? this.url));
    const appended = orderId
      ? { token: orderId }
      : { subscription_id: subscriptionId ?? "", ba_token: `BA-${subscriptionId}` };
    for (const [name, value] of Object.entries(appended)) cancelUrl.searchParams.set(name, value);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><head><title>Fake PayPal</title></head><body><main>
<h1>Fake PayPal approval</h1>
<form method="post"><input type="hidden" name="return" value="${returnUrl}">
<button type="submit">Approve payment</button></form>
<a href="${cancelUrl}">Cancel and return to the shop</a></main></body></html>`,
    );
  }
}

/** The webhook_event value exactly as sent inside the verification request. */
function extractEvent(raw: string): string {
  const marker = '"webhook_event":';
  const start = raw.indexOf(marker);
  return start < 0 ? "" : raw.slice(start + marker.length, raw.lastIndexOf("}"));
}

/** PayPal's answers when something goes wrong, in its published shapes. */
export const paypalFailures = {
  /** A capture the funding source refused; the buyer must choose another at PayPal. */
  declined: (issue: "INSTRUMENT_DECLINED" | "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING"): Reply =>
    unprocessable(
      issue,
      "",
      issue === "INSTRUMENT_DECLINED"
        ? "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment."
        : "Processor or bank declined funding instrument or it can't be used for this payment.",
    ),
  rateLimited: (): Reply => ({
    status: 429,
    body: { name: "RATE_LIMIT_REACHED", message: "Too many requests. Blocked due to rate limiting." },
  }),
  serverError: (status = 500): Reply => ({
    status,
    body: {
      name: status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_SERVER_ERROR",
      message: "An internal server error occurred.",
    },
  }),
};

function send(res: ServerResponse, reply: Reply) {
  if (reply.body === undefined) return void res.writeHead(reply.status).end();
  res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.body));
}
