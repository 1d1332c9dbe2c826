import { Pencil, Plus, Trash2 } from "lucide-react";
import { data, Link, useFetcher, useNavigate } from "react-router";
import { z } from "zod";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { CreatorForm, type CreatorFormState, emptyCreatorForm } from "~/components/admin/creator-form.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { actionToast } from "~/lib/action-toast.ts";
import { formatDate } from "~/lib/dates.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { requireAdmin } from "~server/auth/guards.ts";
import {
  type AdminCreator,
  createAdminCreator,
  creatorFormValues,
  creatorInputSchema,
  deleteAdminCreator,
  listAdminCreators,
  setCreatorActive,
  updateAdminCreator,
} from "~server/creators/admin-creators.ts";
import type { Route } from "./+types/content-creators";

const PATH = "/admin/content-creators";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  try {
    const creators = await listAdminCreators(context.database.db);
    const editing = creators.find((c) => c.id === url.searchParams.get("edit"));
    return {
      loadError: false,
      creators,
      form: editing ? toFormState(editing) : url.searchParams.has("new") ? emptyCreatorForm : null,
    };
  } catch (error) {
    context.log.error({ err: error }, "loading content creators failed");
    return { loadError: true, creators: [], form: null };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  const db = context.database.db;
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");

  if (intent === "delete") {
    if (!(await deleteAdminCreator(db, id)))
      return fail("Failed to delete content creator. Please try again.", 404);
    return redirectWithToast(PATH, { title: "Content creator deleted successfully!", variant: "success" });
  }
  if (intent === "active") {
    if (!(await setCreatorActive(db, id, form.get("value") === "true")))
      return fail("Failed to update content creator. Please try again.", 404);
    return {
      errors: {},
      values: null,
      toast: actionToast({ title: "Content creator status updated successfully!", variant: "success" }),
    };
  }

  const raw = creatorFormValues(form);
  const { password: _password, ...shown } = raw;
  const values: CreatorFormState = { ...shown, id: id || undefined };
  const failure = id
    ? "Failed to update content creator. Please try again."
    : "Failed to create content creator. Please try again.";
  const parsed = creatorInputSchema(id ? "edit" : "create").safeParse(raw);
  if (!parsed.success) return fail(failure, 400, values, z.flattenError(parsed.error).fieldErrors);
  const saved = id
    ? await updateAdminCreator(db, id, parsed.data)
    : await createAdminCreator(db, parsed.data);
  if (!saved.ok)
    return fail(saved.message, 400, values, saved.field ? { [saved.field]: [saved.message] } : {});
  return redirectWithToast(PATH, {
    title: id ? "Content creator updated successfully!" : "Content creator created successfully!",
    variant: "success",
  });
}

function fail(
  description: string,
  status: number,
  values: CreatorFormState | null = null,
  errors: Record<string, string[] | undefined> = {},
) {
  return data(
    { errors, values, toast: actionToast({ title: "Error", description, variant: "destructive" }) },
    { status },
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
  const navigate = useNavigate();
  const form = actionData?.values ?? loaderData.form;
  const { creators } = loaderData;
  return (
    <>
      <PageHeader title="Content Creator Management" subtitle={`Total ${creators.length} content creators`}>
        <Link to="?new" className={buttonClass()} preventScrollReset>
          <Plus aria-hidden />
          Add Content Creator
        </Link>
      </PageHeader>

      <Dialog
        open={form !== null}
        onOpenChange={(open) => !open && navigate(PATH, { preventScrollReset: true })}
      >
        <DialogContent aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>{form?.id ? "Edit Content Creator" : "Create Content Creator"}</DialogTitle>
          </DialogHeader>
          {form && (
            <CreatorForm
              key={actionData?.toast?.id ?? form.id ?? "new"}
              initial={form}
              errors={actionData?.errors ?? {}}
            />
          )}
        </DialogContent>
      </Dialog>

      {loaderData.loadError && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive-text/40 p-4 text-destructive-text"
        >
          Error loading content creators. Please try again.
        </p>
      )}
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
            <TableRow>
              <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                No content creators found
              </TableCell>
            </TableRow>
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
  const fetcher = useFetcher<typeof action>();
  useFlashToast(fetcher.data?.toast);
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
            to={`?edit=${c.id}`}
            preventScrollReset
            aria-label={`Edit ${c.username}`}
            className={buttonClass({ variant: "ghost", size: "icon" })}
          >
            <Pencil aria-hidden />
          </Link>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="active" />
            <input type="hidden" name="id" value={c.id} />
            <input type="hidden" name="value" value={String(!c.isActive)} />
            <Button type="submit" variant="outline" size="sm" aria-label={`${label} ${c.username}`}>
              {label}
            </Button>
          </fetcher.Form>
          <ConfirmSubmit
            fields={{ intent: "delete", id: c.id }}
            title="Delete content creator"
            question="Are you sure you want to delete this content creator? Their coupons will be kept but unlinked from them."
          >
            <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${c.username}`}>
              <Trash2 className="text-destructive-text" aria-hidden />
            </Button>
          </ConfirmSubmit>
        </div>
      </TableCell>
    </TableRow>
  );
}
