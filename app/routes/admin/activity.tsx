import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AuditChanges } from "~/components/admin/audit-changes.tsx";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { fieldClass, Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { parseForm } from "~/lib/forms.ts";
import { SYSTEM_ACTOR } from "~core/audit-actor.ts";
import { brand } from "~core/brand.ts";
import { can } from "~core/staff/roles.ts";
import {
  type ActivityFilters,
  activityChoices,
  activityQuerySchema,
  listActivity,
} from "~server/audit/query.ts";
import { getAuditSettings, retentionDaysSchema, saveAuditSettings } from "~server/audit/retention.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/activity";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

export function meta() {
  return [{ title: `Activity Log | ${brand.name} Admin` }];
}

const PATH = "/admin/activity";

/**
 * The audit log (docs/admins.md): every back office change, newest first, 50 a page by keyset;
 * filters live in the URL so a filtered view can be bookmarked, shared or exported as CSV.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const query = activityQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { after, ...filters } = query;
  const canSetRetention = can(context.get(adminUser).access, "edit:settings");
  const loaded = await settle(context.log, "loading the activity log failed", async () => ({
    ...(await listActivity(db, query)),
    choices: await activityChoices(db),
    retentionDays: (await getAuditSettings(db)).retentionDays,
  }));
  const empty = {
    rows: [],
    next: null,
    choices: { people: [], entities: [], actions: [] },
    retentionDays: 0,
  };
  return {
    loadError: !loaded.ok,
    ...(loaded.ok ? loaded.value : empty),
    filters,
    paged: after !== null,
    canSetRetention,
  };
}

/** The one action: the retention setting (permission edit:settings, route-permissions.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(z.object({ retentionDays: retentionDaysSchema }), form);
  if (!parsed.ok)
    return adminFailure({ title: "Retention not saved", description: "Check the highlighted field." }, 400, {
      errors: parsed.errors,
      values: parsed.values,
    });
  const saved = await settle(context.log, "saving the audit retention failed", () =>
    saveAuditSettings(context.database.db, parsed.data),
  );
  if (!saved.ok)
    return adminFailure(saved.message, saved.status, {
      values: { retentionDays: String(parsed.data.retentionDays) },
    });
  return backWithToast(PATH, `Entries are kept for ${parsed.data.retentionDays} days`);
}

/** The filters as query-string pairs, without the empty ones. */
const filterParams = (filters: ActivityFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === "string" && v !== "")) as Record<
    string,
    string
  >;

export default function Activity({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const { rows, next, filters, paged, choices } = loaderData;
  const params = filterParams(filters);
  const nextHref = next ? `?${new URLSearchParams({ ...params, after: next })}` : null;
  const loading = useNavigation().state === "loading";
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Activity Log" subtitle="Every change made in the back office: who, when, what" />
      {loaderData.loadError && <LoadError>The activity log could not be loaded.</LoadError>}
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the activity log">
        <div className="flex flex-col gap-2">
          <Label htmlFor="actor">Person</Label>
          <select
            id="actor"
            name="actor"
            defaultValue={filters.actor ?? ""}
            className={`${fieldClass} h-10 w-56`}
          >
            <option value="">Everyone</option>
            {choices.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.email})
              </option>
            ))}
            <option value={SYSTEM_ACTOR}>System (background jobs)</option>
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="entity">Entity</Label>
          <select
            id="entity"
            name="entity"
            defaultValue={filters.entity ?? ""}
            className={`${fieldClass} h-10 w-44`}
          >
            <option value="">All</option>
            {choices.entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="action">Action</Label>
          <select
            id="action"
            name="action"
            defaultValue={filters.action ?? ""}
            className={`${fieldClass} h-10 w-36`}
          >
            <option value="">All</option>
            {choices.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="from">From</Label>
          <Input id="from" name="from" type="date" defaultValue={filters.from ?? ""} className="w-40" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="to">To</Label>
          <Input id="to" name="to" type="date" defaultValue={filters.to ?? ""} className="w-40" />
        </div>
        {filters.entityId && <input type="hidden" name="entityId" value={filters.entityId} />}
        <Button type="submit" variant="outline" disabled={loading}>
          Filter
        </Button>
        <Link to={PATH} className={buttonClass({ variant: "ghost" })}>
          Clear
        </Link>
        <a
          href={`${PATH}/export.csv?${new URLSearchParams(params)}`}
          className={buttonClass({ variant: "outline" })}
          download
        >
          Export CSV
        </a>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-lg border bg-card px-6 py-12 text-center text-muted-foreground">
          {Object.keys(params).length > 0 ? "No entries match these filters." : "No changes recorded yet."}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Person</TableHead>
                <TableHead>What</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Changes</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="align-top whitespace-nowrap">
                    {formatDateTime(row.createdAt)}
                  </TableCell>
                  <TableCell className="align-top">
                    <div className="font-medium">{row.actorName}</div>
                    {row.actorEmail && (
                      <div className="text-xs text-muted-foreground break-all">{row.actorEmail}</div>
                    )}
                    {row.ip && <div className="text-xs text-muted-foreground">{row.ip}</div>}
                  </TableCell>
                  <TableCell className="align-top">
                    <div>{row.entityType}</div>
                    <div className="text-xs text-muted-foreground break-all">
                      {row.entityLabel || row.entityId}
                    </div>
                  </TableCell>
                  <TableCell className="align-top">{row.action}</TableCell>
                  <TableCell className="min-w-64 align-top">
                    <AuditChanges changes={row.changes} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {paged && (
          <Link
            to={`?${new URLSearchParams(params)}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            First page
          </Link>
        )}
        {nextHref && (
          <Link to={nextHref} className="text-primary underline-offset-4 hover:underline">
            Next page
          </Link>
        )}
      </nav>
      {loaderData.canSetRetention && (
        <Form
          method="post"
          className="flex flex-wrap items-end gap-3 rounded-lg border p-4"
          aria-label="Retention"
        >
          <Field
            id="retentionDays"
            label="Keep entries for (days)"
            error={actionData?.errors?.retentionDays}
            hint="Older entries are deleted every hour. Default 730 (two years); 30 to 3650."
          >
            {(control) => (
              <Input
                {...control}
                name="retentionDays"
                type="number"
                min={30}
                max={3650}
                required
                defaultValue={String(actionData?.values?.retentionDays ?? loaderData.retentionDays)}
                className="w-32"
              />
            )}
          </Field>
          <Button type="submit">Save retention</Button>
        </Form>
      )}
    </div>
  );
}
