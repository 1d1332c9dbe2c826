import { Trash2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { actionToast } from "~/lib/action-toast.ts";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { requireAdmin } from "~server/auth/guards.ts";
import {
  addValidityCode,
  addValidityCodes,
  deleteValidityCode,
  listValidityCodes,
  listValidityLookups,
  parseBulkCodes,
  validityCodeSchema,
} from "~server/validity/admin-validity.ts";
import type { Route } from "./+types/validity";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const db = context.database.db;
  const [codes, lookups] = await Promise.all([listValidityCodes(db), listValidityLookups(db)]);
  return { codes, lookups };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  const db = context.database.db;
  const intent = form.get("intent");

  if (intent === "delete") {
    if (!(await deleteValidityCode(db, String(form.get("id") ?? ""))))
      return failed("This validity code no longer exists", {}, 404);
    return redirectWithToast("/admin/validity", {
      title: "Validity code deleted successfully",
      variant: "success",
    });
  }

  if (intent === "bulk") {
    const text = String(form.get("codes") ?? "");
    const result = await addValidityCodes(db, parseBulkCodes(text));
    if ("error" in result) return failed(result.error, { codes: [result.error], bulkText: text });
    const skipped = result.duplicates.length
      ? ` ${result.duplicates.length} already existed: ${result.duplicates.slice(0, 10).join(", ")}`
      : "";
    return redirectWithToast("/admin/validity", {
      title: `${result.added} validity codes added`,
      description: skipped.trim() || undefined,
      variant: "success",
    });
  }

  const typed = String(form.get("code") ?? "");
  const parsed = validityCodeSchema.safeParse(typed);
  if (!parsed.success)
    return failed(parsed.error.issues[0]!.message, { code: [parsed.error.issues[0]!.message], typed });
  const added = await addValidityCode(db, parsed.data);
  if (!added.ok) return failed(added.message, { code: [added.message], typed });
  return redirectWithToast("/admin/validity", {
    title: "Validity code added successfully",
    variant: "success",
  });
}

type Failure = { code?: string[]; codes?: string[]; typed?: string; bulkText?: string };

function failed(message: string, details: Failure, status = 400) {
  return data(
    { ...details, toast: actionToast({ title: "Error", description: message, variant: "destructive" }) },
    { status },
  );
}

export default function ValidityCodes({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { codes, lookups } = loaderData;
  return (
    <>
      <PageHeader title="Product Validity Codes" subtitle={`${codes.length} validity codes`} />
      <div className="mb-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="font-display text-xl font-semibold">Add New Validity Code</h2>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-3" noValidate key={actionData?.toast?.id}>
              <input type="hidden" name="intent" value="add" />
              <Field id="code" label="Code" error={actionData?.code?.[0]}>
                {(p) => <Input {...p} name="code" maxLength={100} defaultValue={actionData?.typed ?? ""} />}
              </Field>
              <Button type="submit" disabled={busy} className="self-start">
                Add Code
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="font-display text-xl font-semibold">Bulk Add Codes</h2>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-3" noValidate key={actionData?.toast?.id}>
              <input type="hidden" name="intent" value="bulk" />
              <Field
                id="codes"
                label="Codes"
                hint="Paste many codes, one per line (commas and spaces also separate them)."
                error={actionData?.codes?.[0]}
              >
                {(p) => <Textarea {...p} name="codes" rows={5} defaultValue={actionData?.bulkText ?? ""} />}
              </Field>
              <Button type="submit" variant="outline" disabled={busy} className="self-start">
                Add All Codes
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="codes-heading" className="mb-10">
        <h2 id="codes-heading" className="mb-3 font-display text-xl font-semibold">
          Validity Codes
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {codes.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} className="py-8 text-center text-muted-foreground">
                  No validity codes found
                </TableCell>
              </TableRow>
            )}
            {codes.map((c) => (
              <TableRow key={c.id}>
                <TableCell className="font-mono">{c.code}</TableCell>
                <TableCell>{formatDate(c.createdAt)}</TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <ConfirmSubmit
                      fields={{ intent: "delete", id: c.id }}
                      title="Delete validity code"
                      question="Are you sure you want to delete this validity code?"
                    >
                      <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${c.code}`}>
                        <Trash2 className="text-destructive-text" aria-hidden />
                      </Button>
                    </ConfirmSubmit>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>

      <section aria-labelledby="lookups-heading">
        <h2 id="lookups-heading" className="mb-1 font-display text-xl font-semibold">
          Recent Lookups
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          The latest codes checked on the storefront's validity page.
        </p>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Checked At</TableHead>
              <TableHead>Result</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lookups.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} className="py-8 text-center text-muted-foreground">
                  No lookups yet
                </TableCell>
              </TableRow>
            )}
            {lookups.map((l) => (
              <TableRow key={l.id}>
                <TableCell className="font-mono">{l.code}</TableCell>
                <TableCell>{formatDateTime(l.createdAt)}</TableCell>
                <TableCell>
                  <Badge variant={l.valid ? "success" : "destructive"}>
                    {l.valid ? "Valid" : "Not found"}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </>
  );
}
