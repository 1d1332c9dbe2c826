import { Plus } from "lucide-react";
import { Form, Link } from "react-router";
import { CreatorForm, type CreatorFormState, emptyCreatorForm } from "~/components/admin/creator-form.tsx";
import { FormDialog } from "~/components/admin/form-dialog.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, EditLink, IntentToggle, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { creatorFormValues } from "~/lib/admin/admin-form-values.ts";
import { formatDate } from "~/lib/dates.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import { parseForm } from "~/lib/forms.ts";
import {
  type AdminCreator,
  createAdminCreator,
  creatorInputSchema,
  deleteAdminCreator,
  listAdminCreators,
  setCreatorActive,
  updateAdminCreator,
} from "~server/creators/admin-creators.ts";
import { inviteCreator, revokeCreatorInvitation } from "~server/creators/invitation.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/content-creators";
import {
  type AdminActionResult,
  adminFailure,
  adminSuccess,
  backWithToast,
  type IntentArgs,
  runIntent,
  toggleIntent,
} from "./admin-actions.server.ts";
import { loadListScreen } from "./admin-save.server.ts";

const PATH = "/admin/content-creators";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rows: creators, ...screen } = await loadListScreen(
    context,
    request,
    "loading content creators failed",
    () => listAdminCreators(context.database.db),
    { toForm: toFormState, empty: emptyCreatorForm },
  );
  return { ...screen, creators };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runIntent<CreatorFormState>(await request.formData(), context.database.db, {
    delete: (args) => deleteCreator(args, context.log),
    active: toggleIntent(setCreatorActive, {
      success: "Content creator status updated successfully!",
      failure: { title: "Error", description: "Failed to update content creator. Please try again." },
    }),
    save: (args) => saveCreator(args, context),
    invite: ({ db, id }) => sendLink(context, db, id),
    "revoke-link": async ({ db, id }) => {
      const revoked = await settle(context.log, "revoking a creator link failed", () =>
        revokeCreatorInvitation(db, id),
      );
      if (!revoked.ok) return adminFailure(revoked.message, revoked.status);
      return adminSuccess(revoked.value ? "Set-password link revoked" : "There was no open link to revoke");
    },
  });
}

type Context = Route.ActionArgs["context"];

/** The result that shows a set-password link to copy (the creator has no email, or no SMTP). */
type LinkResult = AdminActionResult<CreatorFormState> & { link?: { username: string; url: string } };

/**
 * Sends the creator a set-password link (server/creators/invitation.ts): emailed, or shown here
 * for the admin to pass on when it cannot be (then the page answers it, never a flash cookie).
 */
async function sendLink(context: Context, db: IntentArgs["db"], id: string, created = false) {
  const sent = await settle(context.log, "sending a creator link failed", () =>
    inviteCreator(db, context.mailer, context.config.publicUrl, id),
  );
  if (!sent.ok) return adminFailure(sent.message, sent.status);
  const done = created ? "Content creator created" : "Set-password link made";
  if (!sent.value.shownUrl) return backWithToast(PATH, `${done}: the set-password link was emailed`);
  const result: LinkResult = adminSuccess(`${done}: copy the set-password link below`);
  const username = String((await listAdminCreators(db)).find((c) => c.id === id)?.username ?? "");
  result.link = { username, url: sent.value.shownUrl };
  return result;
}

const deleteFailure = { title: "Error", description: "Failed to delete content creator. Please try again." };

/** Delete, or the reason it is refused (a creator with commission history is kept, decision 040). */
async function deleteCreator({ db, id }: IntentArgs, log: Route.ActionArgs["context"]["log"]) {
  const deleted = await settle(log, "deleting a content creator failed", () => deleteAdminCreator(db, id));
  if (!deleted.ok) return adminFailure(deleted.message, deleted.status);
  return deleted.value
    ? backWithToast(PATH, "Content creator deleted successfully!")
    : adminFailure(deleteFailure, 404);
}

async function saveCreator({ form, db, id }: IntentArgs, context: Context) {
  const log = context.log;
  const raw = creatorFormValues(form);
  const { password: _password, ...shown } = raw;
  const values: CreatorFormState = { ...shown, id: id || undefined };
  const failure = {
    title: "Error",
    description: id
      ? "Failed to update content creator. Please try again."
      : "Failed to create content creator. Please try again.",
  };
  const parsed = parseForm(creatorInputSchema(id ? "edit" : "create"), raw);
  if (!parsed.ok) return adminFailure(failure, 400, { values, errors: parsed.errors });
  const attempted = await settle(log, "saving a content creator failed", () =>
    id ? updateAdminCreator(db, id, parsed.data) : createAdminCreator(db, parsed.data),
  );
  if (!attempted.ok) return adminFailure(attempted.message, attempted.status, { values });
  const saved = attempted.value;
  if (!saved.ok) {
    const errors = saved.field ? { [saved.field]: saved.message } : {};
    return adminFailure({ title: "Error", description: saved.message }, 400, { values, errors });
  }
  // Created without a password: the creator sets their own by the link.
  if (!id && !parsed.data.password && saved.id) return sendLink(context, db, saved.id, true);
  return backWithToast(
    PATH,
    id ? "Content creator updated successfully!" : "Content creator created successfully!",
  );
}

function toFormState(c: AdminCreator): CreatorFormState {
  return {
    id: c.id,
    username: c.username,
    fullName: c.fullName ?? "",
    email: c.email ?? "",
    commissionRate: (c.commissionBasisPoints / 100).toFixed(2),
  };
}

export default function ContentCreators({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const shownLink = actionData && "link" in actionData ? (actionData.link as LinkResult["link"]) : undefined;
  // With a link to copy the dialog is done: the page shows the link instead.
  const form = shownLink ? null : (actionData?.values ?? loaderData.form);
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  const { creators } = loaderData;
  return (
    <>
      <PageHeader title="Content Creator Management" subtitle={`Total ${creators.length} content creators`}>
        <Link to="?new" className={buttonClass()} preventScrollReset>
          <Plus aria-hidden />
          Add Content Creator
        </Link>
      </PageHeader>

      <FormDialog
        open={form !== null}
        closeTo={PATH}
        title={form?.id ? "Edit Content Creator" : "Create Content Creator"}
      >
        {form && <CreatorForm key={formKey} initial={form} errors={actionData?.errors ?? {}} />}
      </FormDialog>

      {shownLink && <CreatorLink {...shownLink} />}
      {loaderData.loadError && <LoadError>Error loading content creators. Please try again.</LoadError>}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Username</TableHead>
            <TableHead>Full Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Commission Rate</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!loaderData.loadError && creators.length === 0 && (
            <TableMessageRow colSpan={7}>No content creators found</TableMessageRow>
          )}
          {creators.map((c) => (
            <CreatorRow key={c.id} creator={c} />
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function CreatorRow({ creator: c }: { creator: AdminCreator }) {
  const label = c.isActive ? "Deactivate" : "Activate";
  return (
    <TableRow>
      <TableCell className="font-medium">{c.username}</TableCell>
      <TableCell>{c.fullName ?? "—"}</TableCell>
      <TableCell>{c.email ?? "—"}</TableCell>
      <TableCell>{(c.commissionBasisPoints / 100).toFixed(2)}%</TableCell>
      <TableCell>
        <Badge variant={c.isActive ? "success" : "muted"}>{c.isActive ? "Active" : "Inactive"}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(c.createdAt)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Link
            to={`/admin/content-creators/${c.id}/ledger`}
            className={buttonClass({ variant: "outline", size: "sm" })}
            aria-label={`Ledger of ${c.username}`}
          >
            Ledger
          </Link>
          <EditLink to={`?edit=${c.id}`} name={c.username} />
          <RowIntent intent="invite" id={c.id} label={`Send link to ${c.username}`}>
            Send link
          </RowIntent>
          <RowIntent intent="revoke-link" id={c.id} label={`Revoke link of ${c.username}`}>
            Revoke link
          </RowIntent>
          <IntentToggle intent="active" id={c.id} next={!c.isActive}>
            <Button type="submit" variant="outline" size="sm" aria-label={`${label} ${c.username}`}>
              {label}
            </Button>
          </IntentToggle>
          <DeleteButton
            id={c.id}
            name={c.username}
            title="Delete content creator"
            question="Are you sure you want to delete this content creator? Their coupons will be kept but unlinked from them."
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** A one-button form posting an intent for one creator. */
function RowIntent({
  intent,
  id,
  label,
  children,
}: {
  intent: string;
  id: string;
  label: string;
  children: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" size="sm" aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

/** The set-password link to pass on: works once, for 14 days; a new link revokes it. */
function CreatorLink({ username, url }: { username: string; url: string }) {
  return (
    <section aria-label="Set-password link" className="mb-4 rounded-md border p-4 text-sm">
      <p className="mb-2">
        Send this link to {username}: it sets their portal password, works once and expires in 14 days.
      </p>
      <label className="block">
        <span className="sr-only">Set-password link for {username}</span>
        <input readOnly value={url} className="w-full rounded border px-2 py-1 font-mono text-xs" />
      </label>
    </section>
  );
}
