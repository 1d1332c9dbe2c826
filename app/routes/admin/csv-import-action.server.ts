import { data } from "react-router";
import { z } from "zod";
import { MAX_CSV_BODY_BYTES } from "~server/csv-import/uploads.ts";

/** The page's answer: a preview (with the token of the waiting file), the import's report, or an error. */
export type CsvImportResult<R> =
  | { stage: "preview"; token: string; fileName: string; report: R }
  | { stage: "done"; fileName: string; report: R }
  | { stage: "error"; error: string };

type Steps<R> = {
  /** The 413 message (names the command for larger files). */
  tooLarge: string;
  preview: (file: File) => Promise<{ token: string; report: R }>;
  apply: (token: string, fileName: string) => Promise<R | null>;
};

/** The form's fields besides the file; an unknown intent or an oversized field is refused. */
const fieldsSchema = z.object({
  intent: z.enum(["preview", "apply"]).catch("preview"),
  token: z.string().max(100).catch(""),
  fileName: z
    .string()
    .catch("")
    .transform((name) => name.slice(0, 200)),
});

/**
 * The action of a CSV import page (catalog, customers): upload → preview → import once
 * (server/csv-import/two-step.ts). Bad input is a message with its status, never a 500.
 */
export async function csvImportAction<R>(request: Request, steps: Steps<R>) {
  const refuse = (error: string, status: number) =>
    data<CsvImportResult<R>>({ stage: "error", error }, { status });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CSV_BODY_BYTES)
    return refuse(steps.tooLarge, 413);
  // Null when the body was cut off at the limit (server/http/body-limits.ts) or is not a form.
  const form = await request.formData().catch(() => null);
  if (!form) return refuse(steps.tooLarge, 413);
  const { intent, token, fileName } = fieldsSchema.parse({
    intent: form.get("intent") ?? undefined,
    token: form.get("token") ?? undefined,
    fileName: form.get("fileName") ?? undefined,
  });
  if (intent === "apply") {
    const report = await steps.apply(token, fileName);
    if (!report)
      return refuse("This file was imported already or its preview expired: upload it again.", 409);
    return data<CsvImportResult<R>>({ stage: "done", fileName, report });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file to preview.", 400);
  const preview = await steps.preview(file);
  return data<CsvImportResult<R>>({ stage: "preview", ...preview, fileName: file.name.slice(0, 200) });
}
