import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { MailStatusBadge } from "~/components/admin/mail-status-badge.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import { getOutboxMessage } from "~server/mail/outbox.ts";
import type { Route } from "./+types/email";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.message.subject ?? "Email"} | ${brand.name} Admin` }];
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ context, params }: Route.LoaderArgs) {
  const message = uuid.test(params.id) ? await getOutboxMessage(context.database.db, params.id) : null;
  if (!message) throw data("Email not found", { status: 404 });
  return { message };
}

export default function Email({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={message.subject} />
      <Link to="/admin/emails" className="inline-flex items-center gap-1 self-start text-sm text-primary">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Emails
      </Link>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd className="break-all">{message.to}</dd>
        <dt className="text-muted-foreground">Time</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <MailStatusBadge status={message.status} />
          {message.attempts > 0 && (
            <span className="text-muted-foreground">{message.attempts} attempt(s)</span>
          )}
          {message.sentAt && (
            <span className="text-muted-foreground">sent {formatDateTime(message.sentAt)}</span>
          )}
        </dd>
        {message.lastError && (
          <>
            <dt className="text-muted-foreground">Last error</dt>
            <dd className="break-all text-destructive-text">{message.lastError}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="html-heading" className="flex flex-col gap-3">
        <h2 id="html-heading" className="font-display text-xl font-semibold">
          As the recipient sees it
        </h2>
        {/* sandbox="" : no scripts, no forms, no same-origin access — the HTML is shown, never run. */}
        <iframe
          title={`Email: ${message.subject}`}
          srcDoc={message.html}
          sandbox=""
          className="h-[36rem] w-full rounded-lg border bg-white"
        />
      </section>
      <section aria-labelledby="text-heading" className="flex flex-col gap-3">
        <h2 id="text-heading" className="font-display text-xl font-semibold">
          Plain text
        </h2>
        <Card>
          <CardContent>
            <pre className="font-mono text-sm whitespace-pre-wrap break-words">{message.text}</pre>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
