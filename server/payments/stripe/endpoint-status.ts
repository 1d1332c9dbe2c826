import type { Config } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import { PINNED_STRIPE_API_VERSION } from "./api-version.ts";
import { stripeGateway } from "./gateway.ts";
import { checkWebhookEndpoint, type EndpointCheck } from "./webhook-endpoint.ts";

/** What the shop knows of its Stripe webhook endpoint: Stripe's answer, or why there is none. */
export type StripeWebhookStatus =
  | { state: "not_configured" }
  | (EndpointCheck & { secretSet: boolean })
  | { state: "unreachable"; url: string; message: string; secretSet: boolean };

type StatusServices = { config: Pick<Config, "stripe" | "publicUrl">; log: Pick<Logger, "info" | "warn"> };

/** Answers older than this are asked again (the admin screen; Stripe is not asked per page view). */
const STATUS_MAX_AGE_MS = 60_000;
const STATUS_TIMEOUT_MS = 5_000;
let cached: { at: number; publicUrl: string; status: Promise<StripeWebhookStatus> } | null = null;

/** The endpoint's state at Stripe, asked at most once a minute and never longer than 5 s. */
export function stripeWebhookStatus(
  services: StatusServices,
  now = Date.now(),
): Promise<StripeWebhookStatus> {
  if (cached && cached.publicUrl === services.config.publicUrl && now - cached.at < STATUS_MAX_AGE_MS) {
    return cached.status;
  }
  const status = askStripe(services);
  cached = { at: now, publicUrl: services.config.publicUrl, status };
  return status;
}

/** Forgets the last answer (after stripe:setup from the shop, and in tests). */
export function forgetStripeWebhookStatus() {
  cached = null;
}

async function askStripe({ config }: StatusServices): Promise<StripeWebhookStatus> {
  if (!config.stripe) return { state: "not_configured" };
  const secretSet = Boolean(config.stripe.webhookSecret);
  const { client } = stripeGateway(config.stripe, config.publicUrl);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("Stripe did not answer within 5 seconds")), STATUS_TIMEOUT_MS);
  });
  try {
    const check = await Promise.race([checkWebhookEndpoint(client, config.publicUrl), timeout]);
    return { ...check, secretSet };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { state: "unreachable", url: `${config.publicUrl}/webhooks/stripe`, message, secretSet };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * At every start with Stripe keys: asks Stripe for the webhook endpoint and logs what is wrong
 * with it (missing, another API version, other events, no STRIPE_WEBHOOK_SECRET) with the fix.
 * Never delays or stops the start: Stripe being unreachable is a warning too.
 */
export async function checkStripeAtStart(services: StatusServices): Promise<StripeWebhookStatus> {
  forgetStripeWebhookStatus();
  const status = await stripeWebhookStatus(services);
  const { log } = services;
  const fix = "run npm run stripe:setup (docs/payments.md)";
  if (status.state === "not_configured") return status;
  if (!status.secretSet) log.warn("STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are answered 503");
  if (status.state === "ok") {
    log.info(
      { endpoint: status.endpoint.id, apiVersion: PINNED_STRIPE_API_VERSION },
      "stripe webhook endpoint ok",
    );
  } else if (status.state === "missing") {
    log.warn({ url: status.url }, `no Stripe webhook endpoint for ${status.url}: ${fix}`);
  } else if (status.state === "mismatch") {
    log.warn(
      { endpoint: status.endpoint.id, problems: status.problems },
      `Stripe webhook endpoint ${status.endpoint.id} has ${status.problems.join("; ")}: ${fix}`,
    );
  } else {
    log.warn({ err: status.message }, "could not check the Stripe webhook endpoint at start");
  }
  return status;
}
