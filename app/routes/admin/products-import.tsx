import { ArrowLeft, Upload } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { applyCatalogUpload, previewCatalogUpload } from "~server/catalog-csv/admin-import.ts";
import type { CatalogReportView, ReportLine } from "~server/catalog-csv/report.ts";
import { CSV_TOO_LARGE, MAX_CSV_BODY_BYTES } from "~server/catalog-csv/uploads.ts";
import type { Route } from "./+types/products-import";

export function meta() {
  return [{ title: "Import products" }];
}

type Result =
  | { stage: "preview"; token: string; fileName: string; report: CatalogReportView }
  | { stage: "done"; fileName: string; report: CatalogReportView }
  | { stage: "error"; error: string };

const refuse = (error: string, status: number) => data<Result>({ stage: "error", error }, { status });

/**
 * Upload → preview (what will be created, updated, refused; nothing written) → import
 * (docs/migrating.md). The file waits on disk between the two steps (server/catalog-csv/uploads.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_CSV_BODY_BYTES)
    return refuse(CSV_TOO_LARGE, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // The body was cut off at the limit (server/http/body-limits.ts) or is not a form.
    return refuse(CSV_TOO_LARGE, 413);
  }
  const db = context.database.db;
  const fileName = String(form.get("fileName") ?? "").slice(0, 200);
  if (form.get("intent") === "apply") {
    const report = await applyCatalogUpload(db, context.config, String(form.get("token") ?? ""));
    if (!report)
      return refuse("This file was imported already or its preview expired: upload it again.", 409);
    return data<Result>({ stage: "done", fileName, report });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file to preview.", 400);
  const { token, report } = await previewCatalogUpload(db, context.config, file);
  return data<Result>({ stage: "preview", token, fileName: file.name.slice(0, 200), report });
}

export default function ProductsImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const result = actionData as Result | undefined;
  return (
    <>
      <PageHeader
        title="Import products"
        subtitle="A product CSV from Shopify or WooCommerce: products are matched by handle or SKU, created or updated."
      >
        <Link to="/admin/products" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back to products
        </Link>
      </PageHeader>

      {result?.stage !== "preview" && (
        <Card className="mb-6">
          <CardContent className="pt-6">
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
              <div className="grid gap-1">
                <label htmlFor="catalog-file" className="text-sm font-medium">
                  CSV file (up to 20 MB)
                </label>
                <input
                  id="catalog-file"
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  required
                  aria-describedby={result?.stage === "error" ? "import-error" : undefined}
                  className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
                />
              </div>
              <button
                type="submit"
                name="intent"
                value="preview"
                className={buttonClass()}
                disabled={busy !== null}
              >
                <Upload aria-hidden />
                {busy === "preview" ? "Reading the file…" : "Preview import"}
              </button>
            </Form>
            <FieldError
              id="import-error"
              message={result?.stage === "error" ? result.error : undefined}
              className="mt-2"
            />
          </CardContent>
        </Card>
      )}

      {result?.stage === "preview" && <Preview result={result} busy={busy === "apply"} />}
      {result?.stage === "done" && <Done result={result} />}
    </>
  );
}

function Preview({ result, busy }: { result: Extract<Result, { stage: "preview" }>; busy: boolean }) {
  const { report } = result;
  const writable = report.counts.created + report.counts.updated;
  return (
    <section aria-labelledby="preview-heading" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="preview-heading" className="font-display text-xl font-semibold">
            Preview of {result.fileName}
          </h2>
          <Summary report={report} future />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/products/import" className={buttonClass({ variant: "outline" })}>
            Choose another file
          </Link>
          {!report.fileError && writable > 0 && (
            <Form method="post">
              <input type="hidden" name="token" value={result.token} />
              <input type="hidden" name="fileName" value={result.fileName} />
              <button type="submit" name="intent" value="apply" className={buttonClass()} disabled={busy}>
                {busy ? "Importing…" : `Import ${writable} ${writable === 1 ? "product" : "products"}`}
              </button>
            </Form>
          )}
        </div>
      </div>
      <Lines report={report} future />
    </section>
  );
}

function Done({ result }: { result: Extract<Result, { stage: "done" }> }) {
  return (
    <section aria-labelledby="done-heading" className="grid gap-6">
      <div>
        <h2 id="done-heading" className="font-display text-xl font-semibold">
          Imported {result.fileName}
        </h2>
        <Summary report={result.report} />
      </div>
      <Lines report={result.report} />
    </section>
  );
}

function Summary({ report, future = false }: { report: CatalogReportView; future?: boolean }) {
  if (report.fileError)
    return (
      <p role="alert" className="mt-1 text-sm text-destructive">
        {report.fileError}
      </p>
    );
  const { created, updated, refused } = report.counts;
  const format = report.format === "woocommerce" ? "WooCommerce" : "Shopify";
  return (
    <p className="mt-1 text-sm text-muted-foreground" role="status">
      {format} product CSV: {created} {future ? "to create" : "created"}, {updated}{" "}
      {future ? "to update" : "updated"}, {refused} refused{future ? ". Nothing has been written yet." : "."}
    </p>
  );
}

function Lines({ report, future = false }: { report: CatalogReportView; future?: boolean }) {
  return (
    <>
      <LineTable title="Refused" lines={report.refused} total={report.counts.refused} reasons />
      <LineTable
        title={future ? "Will be created" : "Created"}
        lines={report.created}
        total={report.counts.created}
      />
      <LineTable
        title={future ? "Will be updated" : "Updated"}
        lines={report.updated}
        total={report.counts.updated}
      />
    </>
  );
}

function LineTable({
  title,
  lines,
  total,
  reasons = false,
}: {
  title: string;
  lines: ReportLine[];
  total: number;
  reasons?: boolean;
}) {
  if (total === 0) return null;
  const id = `lines-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-semibold">
        {title} ({total})
      </h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            <TableHead>Handle</TableHead>
            <TableHead>Name</TableHead>
            {reasons && <TableHead>Reason</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={`${line.row}-${line.handle}`}>
              <TableCell>{line.row}</TableCell>
              <TableCell className="break-all">{line.handle}</TableCell>
              <TableCell>{line.name}</TableCell>
              {reasons && <TableCell>{line.reason}</TableCell>}
            </TableRow>
          ))}
          {lines.length < total && (
            <TableMessageRow colSpan={reasons ? 4 : 3}>
              {total - lines.length} more not shown: run npm run catalog:import -- FILE --dry-run for the full
              report
            </TableMessageRow>
          )}
        </TableBody>
      </Table>
    </section>
  );
}
