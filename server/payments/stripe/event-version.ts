import type Stripe from "stripe";
import type { Logger } from "../../logger.ts";
import { stripeEventVersions } from "../../observability/metrics.ts";
import { eventVersionRelation, PINNED_STRIPE_API_VERSION } from "./api-version.ts";

/** An event in a shape newer than the shop knows: answered 409, so Stripe delivers it again. */
export class UnreadableEventVersion extends Error {}

/**
 * An event at another API version than the pinned one is never passed over quietly: it is logged
 * and counted (/metrics), and the admin's webhook screen reports it (version-report.ts).
 */
export function noteEventVersion(
  log: Pick<Logger, "warn">,
  event: Pick<Stripe.Event, "id" | "type" | "api_version">,
) {
  const relation = eventVersionRelation(event.api_version);
  if (relation === "pinned") return;
  const handling = relation === "older" ? "read" : "refused";
  stripeEventVersions.inc({ api_version: event.api_version ?? "", handling });
  log.warn(
    {
      eventId: event.id,
      type: event.type,
      apiVersion: event.api_version,
      pinned: PINNED_STRIPE_API_VERSION,
      handling,
    },
    "stripe webhook event at another API version than the pinned one: run npm run stripe:setup",
  );
}

/** Older shapes are read by the handlers; a newer one is refused until the shop knows it. */
export function assertReadableVersion(event: Pick<Stripe.Event, "api_version">) {
  if (eventVersionRelation(event.api_version) === "newer") {
    throw new UnreadableEventVersion(
      `Stripe sent API version ${event.api_version}; this shop reads up to ${PINNED_STRIPE_API_VERSION} (run npm run stripe:setup)`,
    );
  }
}
