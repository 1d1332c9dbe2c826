import { FormAlert } from "~/components/ui/input-field.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import type { StripeWebhookStatus } from "~server/payments/stripe/endpoint-status.ts";
import type { VersionSighting } from "~server/payments/stripe/version-report.ts";

type Props = {
  status: StripeWebhookStatus;
  pinned: string;
  sightings: VersionSighting[];
  days: number;
};

const FIX =
  "Run npm run stripe:setup on the server (docs/payments.md) and restart the shop with the secret it prints.";

/**
 * The admin's view of the Stripe webhook endpoint (asked of Stripe, at most once a minute) and of
 * events that arrived at another API version than the shop's: what the start log warns about.
 */
export function StripeWebhookPanel({ status, pinned, sightings, days }: Props) {
  if (status.state === "not_configured") return null;
  return (
    <section aria-labelledby="stripe-endpoint" className="flex flex-col gap-2">
      <h2 id="stripe-endpoint" className="text-base font-semibold">
        Stripe endpoint
      </h2>
      <EndpointState status={status} pinned={pinned} />
      {!status.secretSet && (
        <FormAlert>STRIPE_WEBHOOK_SECRET is not set: Stripe's deliveries are answered 503. {FIX}</FormAlert>
      )}
      {sightings.map((sighting) => (
        <FormAlert key={sighting.apiVersion}>
          {sighting.events} Stripe {sighting.events === 1 ? "event" : "events"} in the last {days} days came
          at API version {sighting.apiVersion} (the shop is pinned to {pinned}; last{" "}
          {formatDateTime(sighting.lastAt)} UTC).{" "}
          {sighting.apiVersion < pinned
            ? "They were read in their older shape."
            : "They were refused and Stripe retries them."}{" "}
          {FIX}
        </FormAlert>
      ))}
    </section>
  );
}

function EndpointState({
  status,
  pinned,
}: {
  status: Exclude<StripeWebhookStatus, { state: "not_configured" }>;
  pinned: string;
}) {
  switch (status.state) {
    case "ok":
      return (
        <FormAlert tone="success">
          Endpoint {status.endpoint.id} for {status.url} is on API version {pinned} with the events the shop
          handles.
        </FormAlert>
      );
    case "missing":
      return (
        <FormAlert>
          Stripe has no webhook endpoint for {status.url}: no event reaches the shop. {FIX}
        </FormAlert>
      );
    case "mismatch":
      return (
        <FormAlert>
          Endpoint {status.endpoint.id} for {status.url} has {status.problems.join("; ")}. {FIX}
        </FormAlert>
      );
    case "unreachable":
      return <FormAlert>Could not check the Stripe webhook endpoint: {status.message}</FormAlert>;
  }
}
