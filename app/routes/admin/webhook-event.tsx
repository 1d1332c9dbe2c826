import { ArrowLeft, RotateCcw } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { providerName, WebhookOutcomeBadge } from "~/components/admin/webhook-outcome-badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import { actionToast } from "~core/toast.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { getWebhookEvent } from "~server/webhooks/admin-events.ts";
import { replayWebhookEvent } from "~server/webhooks/replay.ts";
import type { Route } from "./+types/webhook-event";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data ? data.event.type : "Webhook event"} | ${brand.name} Admin` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const event = await getWebhookEvent(context.database.db, params.eventId);
  if (!event) throw data("Webhook event not found", { status: 404 });
  return { event };
}

/** Replay: runs our handler again on the stored payload and records the outcome. */
export async function action({ context, params }: Route.ActionArgs) {
  const replayed = await settle(context.log, "webhook replay failed", () =>
    replayWebhookEvent(context, params.eventId),
  );
  if (!replayed.ok) return failureData(replayed, { ok: false });
  context.log.info({ webhookEvent: params.eventId, outcome: replayed.value }, "webhook event replayed");
  return {
    ok: true,
    toast: actionToast({
      title: "Event replayed",
      description: `Our handler ran again: ${replayed.value}.`,
      variant: "success",
    }),
  };
}

export default function WebhookEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  const replaying = useNavigation().state === "submitting";
  useFlashToast(actionData?.toast);
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/webhooks" className="inline-flex items-center gap-1 self-start text-sm text-primary">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Webhooks
      </Link>
      <PageHeader title={event.type} subtitle={`${providerName(event.provider)} event ${event.eventId}`}>
        <Form method="post">
          <Button type="submit" disabled={replaying || event.payloadText === null}>
            <RotateCcw aria-hidden />
            Replay
          </Button>
        </Form>
      </PageHeader>
      {actionData?.toast && (
        <FormAlert tone={actionData.ok ? "success" : "error"}>
          {actionData.toast.title}: {actionData.toast.description}
        </FormAlert>
      )}
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Outcome</dt>
        <dd>
          <WebhookOutcomeBadge outcome={event.outcome} />
        </dd>
        {event.error && (
          <>
            <dt className="text-muted-foreground">Error</dt>
            <dd className="break-all">{event.error}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Received</dt>
        <dd>{formatDateTime(event.receivedAt)}</dd>
        <dt className="text-muted-foreground">Deliveries</dt>
        <dd>
          {event.deliveries} (last {formatDateTime(event.lastReceivedAt)})
        </dd>
        <dt className="text-muted-foreground">Handler runs</dt>
        <dd>{event.attempts}</dd>
        <dt className="text-muted-foreground">Last replay</dt>
        <dd>{event.replayedAt ? formatDateTime(event.replayedAt) : "never"}</dd>
      </dl>
      <section aria-labelledby="payload-heading" className="flex flex-col gap-2">
        <h2 id="payload-heading" className="font-display text-xl font-semibold">
          Payload
        </h2>
        {event.payloadText === null ? (
          <p className="text-sm text-muted-foreground">
            Not kept: the body was {event.payloadBytes.toLocaleString("en-US")} bytes, above the stored limit.
          </p>
        ) : (
          <pre className="max-h-[32rem] overflow-auto rounded-md border bg-muted p-4 text-xs">
            {event.payloadText}
          </pre>
        )}
      </section>
    </div>
  );
}
