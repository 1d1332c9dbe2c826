import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { BatchCodesCard } from "~/components/admin/batch-codes-card.tsx";
import { BatchForm } from "~/components/admin/batch-form.tsx";
import { BatchSerialsAdmin } from "~/components/admin/batch-serials-admin.tsx";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { parseForm } from "~/lib/forms.ts";
import { MAX_SERIALS_PER_REQUEST } from "~core/catalog/serial-code.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import { uploadTooLarge } from "~server/media/upload-request.ts";
import { ATTACH_MAX, batchCodeLists } from "~server/validity/batch-codes.ts";
import { getBatch, updateBatch } from "~server/validity/batches.ts";
import { flaggedSerialsOfBatch, serialHistory } from "~server/validity/serial-admin.ts";
import { generateSerials, serialCountSchema } from "~server/validity/serials.ts";
import type { Route } from "./+types/batch";
import { adminFailure, backWithToast, type IntentArgs, runIntent } from "./admin-actions.server.ts";
import { batchFormFailure, readBatchForm } from "./batch-form.server.ts";
import { batchSerialIntents } from "./batch-serial-actions.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const batch = await getBatch(context.database.db, params.batchId);
  if (!batch) throw data("Batch not found", { status: 404 });
  const db = context.database.db;
  const [codes, flagged, history] = await Promise.all([
    batchCodeLists(db, batch.id),
    flaggedSerialsOfBatch(db, batch.id),
    serialHistory(db, batch.id),
  ]);
  return { batch, codes: { ...codes, attachMax: ATTACH_MAX }, flagged, history };
}

const generateSchema = z.object({ count: serialCountSchema });

export async function action({ request, context, params }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return batchFormFailure("The file must be 5 MB or smaller", 413);
  const path = `/admin/batches/${params.batchId}`;
  const form = await request.formData();
  // Every intent acts on this batch: a batch that is gone (or a made-up id) is a 404 for all.
  if (!(await getBatch(context.database.db, params.batchId)))
    return adminFailure({ title: "Error", description: "This batch no longer exists" }, 404);
  const serialArgs = {
    context,
    form,
    path,
    actor: { batchId: params.batchId, actorId: context.get(adminUser).id },
  };
  return runIntent(form, context.database.db, {
    attach: () => batchSerialIntents.attach(serialArgs),
    detach: () => batchSerialIntents.detach(serialArgs),
    unflag: () => batchSerialIntents.unflag(serialArgs),
    deleteSerial: () => batchSerialIntents.deleteSerial(serialArgs),
    deleteUnverified: () => batchSerialIntents.deleteUnverified(serialArgs),
    generate: async ({ db }: IntentArgs) => {
      const parsed = parseForm(generateSchema, form);
      if (!parsed.ok) {
        const message = parsed.errors.count ?? "Check the number";
        return adminFailure({ title: "Failed to generate serials", description: message }, 400, {
          errors: parsed.errors,
          values: parsed.values,
        });
      }
      const made = await settle(context.log, "generating serials failed", () =>
        generateSerials(db, params.batchId, parsed.data.count),
      );
      if (!made.ok) return adminFailure(made.message, made.status);
      return backWithToast(path, `${made.value} serials generated`);
    },
    save: async ({ db }: IntentArgs) => {
      const read = await readBatchForm(context, request, form);
      if (!read.ok) return read.failure;
      const saved = await settle(context.log, "saving a batch failed", () =>
        updateBatch(db, params.batchId, read.input, read.coaUrl),
      );
      if (!saved.ok)
        return batchFormFailure(saved.message.description ?? saved.message.title, saved.status, form);
      return backWithToast(path, "Batch saved");
    },
  });
}

export default function BatchDetail({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { batch, codes, flagged, history } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = (actionData?.values ?? null) as Record<string, string> | null;
  return (
    <>
      <PageHeader
        title={`Batch ${batch.batchNumber}`}
        subtitle={`${batch.productName} · ${batch.serialCount} serials`}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="font-display text-xl font-semibold">Batch Details</h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {batch.coaUrl && (
              <a href={batch.coaUrl} target="_blank" rel="noopener" className="text-primary underline">
                Current certificate of analysis
              </a>
            )}
            <BatchForm
              values={values?.batchNumber !== undefined ? values : batch}
              errors={actionData?.errors ?? {}}
              submitLabel="Save Batch"
              busy={busy}
              hasCoa={Boolean(batch.coaUrl)}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="font-display text-xl font-semibold">Serials</h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Form method="post" className="flex flex-col gap-3" noValidate>
              <input type="hidden" name="intent" value="generate" />
              <Field
                id="serial-count"
                label="How many serials"
                hint={`Up to ${MAX_SERIALS_PER_REQUEST.toLocaleString("en-US")} per request.`}
                error={actionData?.errors.count}
              >
                {(p) => (
                  <Input {...p} name="count" type="number" min={1} defaultValue={values?.count ?? ""} />
                )}
              </Field>
              <Button type="submit" disabled={busy} className="self-start">
                Generate Serials
              </Button>
            </Form>
            {batch.serialCount > 0 && (
              <a href={`/admin/batches/${batch.id}/serials.csv`} download className="text-primary underline">
                Download serials CSV
              </a>
            )}
          </CardContent>
        </Card>
        <BatchCodesCard
          codes={codes}
          busy={busy}
          error={errors.form ?? errors.pasted ?? errors.code}
          pasted={values?.pasted}
        />
        <BatchSerialsAdmin flagged={flagged} history={history} errors={errors} />
      </div>
    </>
  );
}
