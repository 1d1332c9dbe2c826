import type Stripe from "stripe";
import { PINNED_STRIPE_API_VERSION, STRIPE_WEBHOOK_EVENTS } from "./api-version.ts";

/** Where Stripe delivers the shop's events. */
export const stripeWebhookUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/webhooks/stripe`;

export type EndpointSummary = { id: string; url: string; apiVersion: string | null; status: string };

/**
 * The shop's webhook endpoint at Stripe, as the shop needs it: on the pinned API version (events
 * are rendered at the endpoint's version, fixed when it was made) with exactly the events the shop
 * handles. `problems` says what differs, in words for the admin and the start log.
 */
export type EndpointCheck =
  | { state: "missing"; url: string }
  | { state: "ok"; url: string; endpoint: EndpointSummary }
  | { state: "mismatch"; url: string; endpoint: EndpointSummary; problems: string[] };

export async function checkWebhookEndpoint(stripe: Stripe, publicUrl: string): Promise<EndpointCheck> {
  const url = stripeWebhookUrl(publicUrl);
  const endpoint = await findEndpoint(stripe, url);
  if (!endpoint) return { state: "missing", url };
  const problems = endpointProblems(endpoint);
  const summary = summarize(endpoint);
  return problems.length === 0
    ? { state: "ok", url, endpoint: summary }
    : { state: "mismatch", url, endpoint: summary, problems };
}

export type SetupResult =
  | { action: "unchanged"; endpoint: EndpointSummary }
  | { action: "updated"; endpoint: EndpointSummary; fixed: string[] }
  | { action: "created"; endpoint: EndpointSummary; secret: string; replaced: EndpointSummary | null };

/**
 * Creates or repairs the endpoint (what `npm run stripe:setup` does). The events of an endpoint
 * can be changed in place (its signing secret stays); its API version cannot, so an endpoint on
 * another version is replaced: a new one on the pinned version (a new secret, printed), the old
 * one disabled — deliveries refused meanwhile are retried by Stripe once the new secret is set.
 */
export async function setUpWebhookEndpoint(stripe: Stripe, publicUrl: string): Promise<SetupResult> {
  const url = stripeWebhookUrl(publicUrl);
  const existing = await findEndpoint(stripe, url);
  if (existing && existing.api_version === PINNED_STRIPE_API_VERSION) {
    const fixed = endpointProblems(existing);
    if (fixed.length === 0) return { action: "unchanged", endpoint: summarize(existing) };
    const updated = await stripe.webhookEndpoints.update(existing.id, {
      enabled_events: [...STRIPE_WEBHOOK_EVENTS],
      disabled: false,
    });
    return { action: "updated", endpoint: summarize(updated), fixed };
  }
  const created = await stripe.webhookEndpoints.create({
    url,
    api_version: PINNED_STRIPE_API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
    enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    description: "Shop webhook (npm run stripe:setup)",
  });
  if (!created.secret) throw new Error(`Stripe returned no signing secret for ${created.id}`);
  const replaced = existing
    ? summarize(await stripe.webhookEndpoints.update(existing.id, { disabled: true }))
    : null;
  return { action: "created", endpoint: summarize(created), secret: created.secret, replaced };
}

/** The enabled endpoint for the URL (one on the pinned version first); null when there is none. */
async function findEndpoint(stripe: Stripe, url: string): Promise<Stripe.WebhookEndpoint | null> {
  const matching: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (endpoint.url === url && endpoint.status === "enabled") matching.push(endpoint);
  }
  return (
    matching.find((endpoint) => endpoint.api_version === PINNED_STRIPE_API_VERSION) ?? matching[0] ?? null
  );
}

function endpointProblems(endpoint: Stripe.WebhookEndpoint): string[] {
  const problems: string[] = [];
  if (endpoint.api_version !== PINNED_STRIPE_API_VERSION) {
    problems.push(
      `API version ${endpoint.api_version ?? "of the account's default"} instead of ${PINNED_STRIPE_API_VERSION}`,
    );
  }
  const wanted = new Set<string>(STRIPE_WEBHOOK_EVENTS);
  const enabled = new Set(endpoint.enabled_events);
  const missing = [...wanted].filter((event) => !enabled.has(event));
  const extra = [...enabled].filter((event) => !wanted.has(event));
  if (missing.length > 0) problems.push(`missing events: ${missing.join(", ")}`);
  if (extra.length > 0) problems.push(`events the shop does not handle: ${extra.join(", ")}`);
  return problems;
}

function summarize(endpoint: Stripe.WebhookEndpoint): EndpointSummary {
  return { id: endpoint.id, url: endpoint.url, apiVersion: endpoint.api_version, status: endpoint.status };
}
