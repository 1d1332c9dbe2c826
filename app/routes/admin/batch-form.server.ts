import { parseForm } from "~/lib/forms.ts";
import type { RequestContext } from "~server/context.ts";
import { receiveDocumentUpload } from "~server/media/upload-request.ts";
import { type BatchInput, batchInputSchema } from "~server/validity/batches.ts";
import { adminFailure } from "./admin-actions.server.ts";

export type BatchFormValues = Record<string, string>;

/** A failure of the batch form: the toast, the field errors and what was typed. */
export const batchFormFailure = (description: string, status: number, form?: FormData, errors = {}) =>
  adminFailure<BatchFormValues>({ title: "Failed to save batch", description }, status, {
    errors,
    values: form
      ? (Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as BatchFormValues)
      : {},
  });

/**
 * Reads the batch form shared by the create and edit screens: the fields through the zod schema,
 * then the certificate of analysis (PDF or image, optional) into the media store.
 */
export async function readBatchForm(context: RequestContext, request: Request, form: FormData) {
  const parsed = parseForm(batchInputSchema, form);
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "Check the form";
    return { ok: false, failure: batchFormFailure(first, 400, form, parsed.errors) } as const;
  }
  const upload = await receiveDocumentUpload(context, request, "coa", form);
  if (upload && "error" in upload) {
    return { ok: false, failure: batchFormFailure(upload.error, 400, form, { coa: upload.error }) } as const;
  }
  return { ok: true, input: parsed.data as BatchInput, coaUrl: upload?.url ?? null } as const;
}
