import type { z } from "zod";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import type { RequestContext } from "~server/context.ts";
import { settle } from "~server/http/error-response.ts";
import type { Logger } from "~server/logger.ts";
import { receiveImageUpload } from "~server/media/upload-request.ts";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Create-or-update of a simple content form (testimonials, partners), shared by their actions. */

/**
 * Without JavaScript the chosen files come with the form: stores each (`file field → URL field`)
 * and puts its URL into `values`. Returns the field errors of refused files.
 */
export async function storeFormUploads<V extends Record<string, unknown>>(
  context: RequestContext,
  request: Request,
  form: FormData,
  values: V,
  fields: Record<string, keyof V & string>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [fileField, urlField] of Object.entries(fields)) {
    const upload = await receiveImageUpload(context, request, fileField, form);
    if (upload && "error" in upload) errors[urlField] = upload.error;
    else if (upload) (values as Record<string, unknown>)[urlField] = upload.url;
  }
  return errors;
}

export type SaveFormOptions<I, V> = {
  id: string;
  /** What was typed (shown again after a failure). */
  values: V;
  schema: z.ZodType<I>;
  create: (input: I) => Promise<unknown>;
  /** null when the row no longer exists. */
  update: (id: string, input: I) => Promise<unknown | null>;
  /** Back to this list after a save. */
  path: string;
  /** 'Testimonial' → 'Testimonial created successfully', 'Failed to save testimonial'. */
  noun: string;
  /** Errors found before validation (refused uploads). */
  errors?: FieldErrors;
  /** Where a refused save is logged (its message is shown). */
  log: Pick<Logger, "warn" | "error">;
};

export async function saveForm<I, V extends object>(options: SaveFormOptions<I, V>) {
  const { id, values, schema, noun } = options;
  const form = { values: { ...values, id: id || undefined } };
  const failure = (description: string, errors: FieldErrors = {}, status = 400) =>
    adminFailure({ title: `Failed to save ${noun.toLowerCase()}`, description }, status, { ...form, errors });

  const parsed = parseForm(schema, values as Record<string, unknown>);
  const errors = { ...(parsed.ok ? {} : parsed.errors), ...options.errors };
  if (!parsed.ok || Object.keys(errors).length > 0) return failure("Check the highlighted fields.", errors);
  const saved = await settle(options.log, `saving a ${noun.toLowerCase()} failed`, () =>
    id ? options.update(id, parsed.data) : options.create(parsed.data),
  );
  if (!saved.ok) return failure(saved.message.description ?? saved.message.title, {}, saved.status);
  if (id && !saved.value) return failure(`This ${noun.toLowerCase()} no longer exists.`, {}, 404);
  return backWithToast(options.path, `${noun} ${id ? "updated" : "created"} successfully`);
}

/**
 * A list screen's loader: the rows and the form the address asks for (see requestedForm), or the
 * load failure flag the screen turns into its spec message (a failure is logged, never a 500).
 */
export async function loadListScreen<R extends { id: string }, F>(
  context: RequestContext,
  request: Request,
  what: string,
  list: () => Promise<R[]>,
  form: { toForm: (row: R) => F; empty: F },
) {
  const loaded = await settle(context.log, what, list);
  if (!loaded.ok) return { loadError: true, rows: [] as R[], form: null };
  return {
    loadError: false,
    rows: loaded.value,
    form: requestedForm(request, loaded.value, form.toForm, form.empty),
  };
}

/** The form the page's address asks for: `?edit=<id>` of a listed row, `?new`, or none. */
export function requestedForm<R extends { id: string }, F>(
  request: Request,
  rows: R[],
  toForm: (row: R) => F,
  empty: F,
): F | null {
  const params = new URL(request.url).searchParams;
  const editing = rows.find((r) => r.id === params.get("edit"));
  if (editing) return toForm(editing);
  return params.has("new") ? empty : null;
}
