import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import { settle } from "~server/http/error-response.ts";
import { buildVersion } from "~server/observability/build-version.ts";
import { type JobHealth, readSystemHealth } from "~server/observability/system-health.ts";
import type { Route } from "./+types/system";

export function meta() {
  return [{ title: `System | ${brand.name} Admin` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "system health failed", () =>
    readSystemHealth(context.database, { version: buildVersion() }),
  );
  return {
    health: loaded.ok ? loaded.value : null,
    smtp: Boolean(context.config.mail.smtpUrl),
  };
}

export default function System({ loaderData }: Route.ComponentProps) {
  const { health, smtp } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="System"
        subtitle="Background jobs, what waits to be sent or retried, the database and this server"
      />
      {!health ? (
        <FormAlert tone="error">The database did not answer: the figures cannot be read right now.</FormAlert>
      ) : (
        <>
          <section aria-labelledby="backlog" className="grid gap-4 sm:grid-cols-3">
            <h2 id="backlog" className="sr-only">
              Backlog
            </h2>
            <Figure
              label="Emails waiting"
              value={health.outbox.pending}
              note={
                health.outbox.oldestPendingAt
                  ? `oldest from ${formatDateTime(health.outbox.oldestPendingAt)}`
                  : smtp
                    ? "none: everything was sent"
                    : "none (no SMTP_URL: mail is kept in the outbox)"
              }
              to="/admin/emails"
            />
            <Figure
              label="Emails given up"
              value={health.outbox.failed}
              note="delivery failed after every retry"
              to="/admin/emails"
            />
            <Figure
              label="Webhook events failed"
              value={health.webhooks.failed}
              note={
                health.webhooks.oldestFailedAt
                  ? `oldest from ${formatDateTime(health.webhooks.oldestFailedAt)}`
                  : "none to retry"
              }
              to="/admin/webhooks?outcome=failed"
            />
          </section>
          <JobTable jobs={health.jobs} />
          <section aria-labelledby="server" className="flex flex-col gap-2">
            <h2 id="server" className="text-lg font-semibold">
              Server
            </h2>
            <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Database</dt>
              <dd>
                {health.database.kind === "postgres"
                  ? "PostgreSQL server (DATABASE_URL)"
                  : "Embedded (DATA_DIR/db)"}
                {health.database.sizeBytes !== null && `, ${formatBytes(health.database.sizeBytes)}`}
              </dd>
              <dt className="text-muted-foreground">Version</dt>
              <dd>{health.process.version ?? "development (not a build)"}</dd>
              <dt className="text-muted-foreground">Node.js</dt>
              <dd>{health.process.node}</dd>
              <dt className="text-muted-foreground">Up since</dt>
              <dd>
                {formatDateTime(health.process.startedAt)} ({formatDuration(health.process.uptimeSeconds)})
              </dd>
            </dl>
          </section>
        </>
      )}
    </div>
  );
}

function Figure({ label, value, note, to }: { label: string; value: number; note: string; to: string }) {
  return (
    <Link to={to} className="rounded-lg border p-4 hover:bg-muted/50 focus-visible:outline-2">
      <div className="text-sm text-muted-foreground">{label}</div>
      <div className="text-2xl font-semibold tabular-nums">{value}</div>
      <div className="text-xs text-muted-foreground">{note}</div>
    </Link>
  );
}

function JobTable({ jobs }: { jobs: JobHealth[] }) {
  return (
    <section aria-labelledby="jobs" className="flex flex-col gap-2">
      <h2 id="jobs" className="text-lg font-semibold">
        Background jobs
      </h2>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Job</TableHead>
            <TableHead>State</TableHead>
            <TableHead>Last run</TableHead>
            <TableHead>Last success</TableHead>
            <TableHead>On this server since start</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {jobs.length === 0 && (
            <TableMessageRow colSpan={5}>
              No job has run yet: jobs start a minute after the server.
            </TableMessageRow>
          )}
          {jobs.map((job) => (
            <TableRow key={job.name}>
              <TableCell className="font-medium">{job.name}</TableCell>
              <TableCell>
                {job.failing ? (
                  <div className="flex flex-col gap-1">
                    <Badge variant="destructive">Failing</Badge>
                    <span className="max-w-md break-words text-xs text-muted-foreground">
                      {job.lastError}
                    </span>
                  </div>
                ) : (
                  <Badge variant="success">OK</Badge>
                )}
              </TableCell>
              <TableCell>{formatDateTime(job.lastRunAt)}</TableCell>
              <TableCell>{job.lastSuccessAt ? formatDateTime(job.lastSuccessAt) : "never"}</TableCell>
              <TableCell className="tabular-nums">
                {job.here.ok} ok · {job.here.failed} failed · {job.here.skipped} run elsewhere
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function formatBytes(bytes: number) {
  const units = ["B", "KB", "MB", "GB", "TB"];
  const power = Math.min(Math.floor(Math.log(Math.max(bytes, 1)) / Math.log(1024)), units.length - 1);
  return `${(bytes / 1024 ** power).toFixed(power === 0 ? 0 : 1)} ${units[power]}`;
}

function formatDuration(seconds: number) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}
