/**
 * Shoppers buying over and over through HTTP, as a browser without JavaScript does (add to cart →
 * shipping address at /checkout → pay at /checkout → the sandbox's card page → /payment-success), each request timed.
 * A 503 before paying ends that attempt; after paying, the shopper reloads the return page until
 * it confirms, as the "We'll be right back" page does by itself.
 */

import { shopperAddress } from "../security/shopper.ts";
import { sandboxBuyer } from "../support/sandbox-buyer.ts";

export type Answer = {
  path: string;
  status: number;
  ms: number;
  at: number;
  retryAfter: string | null;
  /** A return page that could not confirm yet and said the payment is safe (it retries). */
  paymentSafe?: boolean;
};

const BUYER = sandboxBuyer("Fault Buyer", "fault-buyer@example.com");

class Unavailable extends Error {}

let shoppers = 0;

export class CheckoutLoop {
  readonly answers: Answer[] = [];
  /** Anything else than an outage that stopped a shopper (the test expects none). */
  readonly failures: string[] = [];
  confirmed = 0;
  private stopped = false;
  private running: Promise<void>[] = [];

  constructor(
    private readonly url: string,
    private readonly productId: string,
  ) {}

  start(concurrency: number) {
    this.running = Array.from({ length: concurrency }, () => this.shop());
  }

  /** Lets every shopper finish the checkout they are in (paid ones until it is confirmed). */
  async stop() {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** Any request, timed and recorded (the body is read: the time is the whole answer's). */
  async request(path: string, init: RequestInit = {}): Promise<{ response: Response; body: string }> {
    const started = performance.now();
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${this.url}${path}`, { redirect: "manual", ...init });
      body = await response.text();
    } catch (error) {
      // A connection closed without an answer: recorded as status 0 (the test expects none).
      const ms = performance.now() - started;
      this.answers.push({ path: path.split("?")[0]!, status: 0, ms, at: Date.now(), retryAfter: null });
      this.failures.push(`${path}: ${(error as Error).cause ?? error}`);
      throw new Unavailable();
    }
    const ms = performance.now() - started;
    const retryAfter = response.headers.get("retry-after");
    this.answers.push({ path: path.split("?")[0]!, status: response.status, ms, at: Date.now(), retryAfter });
    return { response, body };
  }

  private async shop() {
    while (!this.stopped) {
      try {
        await this.checkoutOnce();
        this.confirmed += 1;
      } catch (error) {
        if (!(error instanceof Unavailable)) {
          this.failures.push(String(error));
          return;
        }
        await pause(200);
      }
    }
  }

  private async checkoutOnce() {
    // Each checkout is another shopper: the per-address limits on paying would stop one address.
    shoppers += 1;
    const client = `198.18.${Math.floor(shoppers / 250) % 250}.${(shoppers % 250) + 1}`;
    let cookie = "";
    const post = async (to: string, fields: Record<string, string>) => {
      const answer = await this.request(to, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Origin: this.url, Cookie: cookie, "X-Forwarded-For": client },
      });
      if (answer.response.status === 503) throw new Unavailable();
      return answer;
    };
    const added = await post("/cart", { intent: "add", productId: this.productId, quantity: "1" });
    if (added.response.status !== 200)
      throw new Error(`add to cart answered ${added.response.status}: ${added.body.slice(0, 300)}`);
    cookie = added.response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const addressed = await post("/checkout", { intent: "save-address", ...shopperAddress });
    if (addressed.response.status !== 302)
      throw new Error(`address step answered ${addressed.response.status}: ${addressed.body.slice(0, 300)}`);
    const checkout = await post("/checkout", {
      intent: "pay",
      purchaseType: "one_time",
      paymentMethod: "card",
    });
    const sandbox = checkout.response.headers.get("location");
    if (!sandbox?.startsWith("/sandbox/pay/"))
      throw new Error(
        `checkout answered ${checkout.response.status} ${sandbox}: ${checkout.body.slice(0, 300)}`,
      );
    const paid = await post(sandbox, BUYER);
    const returnPage = paid.response.headers.get("location");
    if (!returnPage?.startsWith("/payment-success"))
      throw new Error(
        `sandbox payment answered ${paid.response.status} ${returnPage}: ${paid.body.slice(0, 300)}`,
      );
    await this.confirm(returnPage, cookie);
  }

  /** The payment is taken: reload the return page until the order is confirmed (at most a minute). */
  private async confirm(returnPage: string, cookie: string) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { response, body } = await this.request(returnPage, { headers: { Cookie: cookie } });
      if (response.status === 200 && body.includes("Payment Successful!")) return;
      if (response.status === 200 && body.includes("Your payment is safe"))
        this.answers.at(-1)!.paymentSafe = true;
      else if (response.status !== 503) throw new Error(`return page answered ${response.status}`);
      await pause(250);
    }
    throw new Error("the return page never confirmed the payment");
  }
}

export function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
