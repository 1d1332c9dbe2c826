import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { InputField } from "~/components/ui/input-field.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDateTime } from "~/lib/dates.ts";
import { parseForm } from "~/lib/forms.ts";
import { adminEraseSchema, ERASE_CONFIRMATION, privacyLookupSchema } from "~core/forms/privacy-form.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import { providerNamed } from "~server/payments/registry.ts";
import { recentPrivacyRequests } from "~server/privacy/log.ts";
import { eraseFor, subjectForEmail } from "~server/privacy/requests.ts";
import type { Route } from "./+types/privacy";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Privacy requests received by email (docs/compliance.md, section 6; decision 049). */
const PATH = "/admin/privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "privacy request log failed", () =>
    recentPrivacyRequests(context.database.db),
  );
  // The word to type comes with the data: the form schema's module (zod) stays out of the browser.
  return { log: loaded.ok ? loaded.value : [], loadError: !loaded.ok, confirmWord: ERASE_CONFIRMATION };
}

type Found = { email: string; accountId: string | null; name: string | null; orders: number };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const db = context.database.db;
  if (form.get("intent") === "erase") {
    const parsed = parseForm(adminEraseSchema, form);
    if (!parsed.ok)
      return adminFailure(
        { title: "Not deleted", description: Object.values(parsed.errors)[0] },
        400,
        parsed,
      );
    const admin = context.get(adminUser);
    const erased = await settle(context.log, "privacy erasure failed", async () => {
      const subject = await subjectForEmail(db, parsed.data.email);
      const left = await eraseFor(
        db,
        subject,
        { by: "admin", adminId: admin.id },
        {
          providerFor: (name) => providerNamed(context, name),
          linkSecret: context.linkSecret,
        },
      );
      return { userId: subject.userId, left: left.length };
    });
    if (!erased.ok) return adminFailure(erased.message, erased.status);
    const { userId, left } = erased.value;
    context.log.info({ adminId: admin.id, subjectUserId: userId, left }, "customer erased by an admin");
    return backWithToast(
      PATH,
      left > 0 ? "Customer data deleted; some rows are left for you to check" : "Customer data deleted",
    );
  }
  const parsed = parseForm(privacyLookupSchema, form);
  if (!parsed.ok)
    return adminFailure({ title: "Not found", description: Object.values(parsed.errors)[0] }, 400, parsed);
  const found = await settle(context.log, "privacy lookup failed", () =>
    subjectForEmail(db, parsed.data.email),
  );
  if (!found.ok) return adminFailure(found.message, found.status, { values: { email: parsed.data.email } });
  const { email, userId, name, orderIds } = found.value;
  return { found: { email, accountId: userId, name, orders: orderIds.length } satisfies Found, toast: null };
}

export default function PrivacyRequests({ loaderData, actionData }: Route.ComponentProps) {
  const toast = actionData && "toast" in actionData ? actionData.toast : null;
  useFlashToast(toast ?? undefined);
  const found = actionData && "found" in actionData ? actionData.found : null;
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const typed =
    actionData && "values" in actionData ? (actionData.values as { email?: string } | null) : null;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Privacy Requests" subtitle="Data downloads and deletions asked for by email" />
      {loaderData.loadError && <LoadError>The request log could not be loaded.</LoadError>}
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="font-display text-lg font-semibold">Find a customer</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate className="flex flex-col gap-4">
            <InputField
              id="privacy-email"
              name="email"
              type="email"
              label="Email address"
              defaultValue={found?.email ?? typed?.email ?? ""}
              error={errors.email}
            />
            <Button type="submit" name="intent" value="find" disabled={busy} className="self-start">
              Find
            </Button>
          </Form>
        </CardContent>
      </Card>
      {found && (
        <FoundCustomer found={found} confirmWord={loaderData.confirmWord} confirmError={errors.confirm} />
      )}
      <RequestLog entries={loaderData.log} />
    </>
  );
}

function FoundCustomer({
  found,
  confirmWord,
  confirmError,
}: {
  found: Found;
  confirmWord: string;
  confirmError?: string;
}) {
  return (
    <Card className="mt-6 max-w-2xl">
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">{found.email}</h2>
        <p className="text-sm text-muted-foreground">
          {found.accountId ? `Account ${found.accountId} (${found.name})` : "No account (guest)"} ·{" "}
          {found.orders} {found.orders === 1 ? "order" : "orders"}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Form method="post" action="/admin/privacy/export" reloadDocument>
          <input type="hidden" name="email" value={found.email} />
          <Button type="submit" variant="outline">
            Download JSON
          </Button>
        </Form>
        <Form method="post" noValidate className="flex flex-col gap-4">
          <input type="hidden" name="email" value={found.email} />
          <p className="text-sm">
            Deletes the account and personal data; orders stay, anonymised, for the accounts. Active
            subscriptions are cancelled with their provider first.
          </p>
          <InputField
            id="privacy-confirm"
            name="confirm"
            label={`Type ${confirmWord} to confirm`}
            autoComplete="off"
            error={confirmError}
          />
          <Button type="submit" name="intent" value="erase" variant="destructive" className="self-start">
            Delete customer data
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

type LogEntry = Route.ComponentProps["loaderData"]["log"][number];

function RequestLog({ entries }: { entries: LogEntry[] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="font-display text-lg font-semibold">Recent requests</h2>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No privacy requests yet.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col">When</th>
                <th scope="col">Request</th>
                <th scope="col">By</th>
                <th scope="col">Account id</th>
                <th scope="col">Left for you to check</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt)}</td>
                  <td>{e.action === "erase" ? "Deletion" : "Download"}</td>
                  <td>{e.requestedBy === "admin" ? `Admin ${e.adminId ?? "(removed)"}` : "Customer"}</td>
                  <td>{e.subjectUserId ?? "guest"}</td>
                  <td>
                    <LeftRows rows={e.leftForReview ?? []} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

const LEFT_ROW_LINK = { mail_outbox: "/admin/emails/", webhook_events: "/admin/webhooks/" } as const;

/**
 * Rows the erasure could not attribute to the customer by an identifier — they only mention a
 * name, phone or the email in text — so it left them: the admin opens each and decides.
 */
function LeftRows({ rows }: { rows: LogEntry["leftForReview"] & object }) {
  if (rows.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <details>
      <summary>{`${rows.length} ${rows.length === 1 ? "row mentions" : "rows mention"} them`}</summary>
      <ul className="mt-1 flex flex-col gap-1">
        {rows.map((row) => (
          <li key={`${row.table}-${row.id}`}>
            <a className="underline" href={`${LEFT_ROW_LINK[row.table]}${row.id}`}>
              {row.what}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
