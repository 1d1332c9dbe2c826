import { Form, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { refusedBy, useFormResetKey } from "~/lib/form-reset-key.ts";
import { settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
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
import {
  adminFailure,
  backWithToast,
  deleteIntent,
  type IntentArgs,
  runIntent,
} from "./admin-actions.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const loaded = await settle(context.log, "loading validity codes failed", async () => {
    const [codes, lookups] = await Promise.all([listValidityCodes(db), listValidityLookups(db)]);
    return { loadError: null, codes, lookups };
  });
  if (loaded.ok) return loaded.value;
  // The spec shows the server's own message when the list cannot be loaded.
  return {
    loadError: loaded.message.description ?? loaded.message.title,
    codes: [] as ValidityCodeRow[],
    lookups: [] as ValidityLookupRow[],
  };
}

type ValidityCodeRow = Awaited<ReturnType<typeof listValidityCodes>>[number];
type ValidityLookupRow = Awaited<ReturnType<typeof listValidityLookups>>[number];

const PATH = "/admin/validity";
type TypedCodes = { code?: string; codes?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const changed = await settle(context.log, "validity code change failed", () =>
    runIntent<TypedCodes>(form, context.database.db, {
      delete: deleteIntent(PATH, deleteValidityCode, {
        success: "Validity code deleted successfully",
        failure: { title: "Error", description: "This validity code no longer exists" },
      }),
      bulk: addBulk,
      save: addOne,
    }),
  );
  if (changed.ok) return changed.value;
  // The spec shows the server's own message when adding or deleting fails; what was typed stays.
  return adminFailure<TypedCodes>(changed.message, changed.status, {
    values: { code: String(form.get("code") ?? ""), codes: String(form.get("codes") ?? "") },
  });
}

function failed(message: string, field: keyof TypedCodes, typed: string) {
  return adminFailure<TypedCodes>({ title: "Error", description: message }, 400, {
    errors: { [field]: message },
    values: { [field]: typed },
  });
}

async function addBulk({ form, db }: IntentArgs) {
  const text = String(form.get("codes") ?? "");
  const result = await addValidityCodes(db, parseBulkCodes(text));
  if ("error" in result) return failed(result.error, "codes", text);
  const skipped = result.duplicates.length
    ? ` ${result.duplicates.length} already existed: ${result.duplicates.slice(0, 10).join(", ")}`
    : "";
  return redirectWithToast(PATH, {
    title: `${result.added} validity codes added`,
    description: skipped.trim() || undefined,
    variant: "success",
  });
}

async function addOne({ form, db }: IntentArgs) {
  const typed = String(form.get("code") ?? "");
  const parsed = validityCodeSchema.safeParse(typed);
  if (!parsed.success) return failed(parsed.error.issues[0]!.message, "code", typed);
  const added = await addValidityCode(db, parsed.data);
  if (!added.ok) return failed(added.message, "code", typed);
  return backWithToast(PATH, "Validity code added successfully");
}

const outcomeLabels: Record<string, string> = {
  first: "Serial: first verification",
  repeat: "Serial: verified again",
  typo: "Typo",
  batch: "Valid",
  legacy: "Valid",
};

/** Lookups logged before batches existed have no outcome: valid or not found, as before. */
function outcomeLabel(lookup: { valid: boolean; outcome: string | null }): string {
  return (lookup.outcome && outcomeLabels[lookup.outcome]) || (lookup.valid ? "Valid" : "Not found");
}

export default function ValidityCodes({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { codes, lookups } = loaderData;
  // Empty again after an added code; what was typed stays after a refusal.
  const formKey = useFormResetKey(refusedBy(actionData));
  return (
    <>
      <PageHeader title="Product Validity Codes" subtitle={`${codes.length} validity codes`} />
      {loaderData.loadError && <LoadError>{loaderData.loadError}</LoadError>}
      <div className="mb-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="font-display text-xl font-semibold">Add New Validity Code</h2>
          </CardHeader>
          <CardContent>
            <Form method="post" className="flex flex-col gap-3" noValidate key={formKey}>
              <input type="hidden" name="intent" value="add" />
              <Field id="code" label="Code" error={actionData?.errors.code}>
                {(p) => (
                  <Input {...p} name="code" maxLength={100} defaultValue={actionData?.values?.code ?? ""} />
                )}
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
            <Form method="post" className="flex flex-col gap-3" noValidate key={formKey}>
              <input type="hidden" name="intent" value="bulk" />
              <Field
                id="codes"
                label="Codes"
                hint="Paste many codes, one per line (commas and spaces also separate them)."
                error={actionData?.errors.codes}
              >
                {(p) => (
                  <Textarea {...p} name="codes" rows={5} defaultValue={actionData?.values?.codes ?? ""} />
                )}
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
            {!loaderData.loadError && codes.length === 0 && (
              <TableMessageRow colSpan={3}>No validity codes found</TableMessageRow>
            )}
            {codes.map((c) => (
              <TableRow key={c.id}>
                <TableCell className="font-mono">{c.code}</TableCell>
                <TableCell>{formatDate(c.createdAt)}</TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <DeleteButton
                      id={c.id}
                      name={c.code}
                      title="Delete validity code"
                      question="Are you sure you want to delete this validity code?"
                    />
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
              <TableHead>Batch</TableHead>
              <TableHead>Serial flag</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lookups.length === 0 && <TableMessageRow colSpan={5}>No lookups yet</TableMessageRow>}
            {lookups.map((l) => (
              <TableRow key={l.id}>
                <TableCell className="font-mono">{l.code}</TableCell>
                <TableCell>{formatDateTime(l.createdAt)}</TableCell>
                <TableCell>
                  <Badge variant={l.valid ? "success" : "destructive"}>{outcomeLabel(l)}</Badge>
                </TableCell>
                <TableCell className="font-mono">{l.batchNumber ?? ""}</TableCell>
                <TableCell>{l.serialFlaggedAt && <Badge variant="destructive">Flagged</Badge>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </>
  );
}
