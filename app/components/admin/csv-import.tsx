import { Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
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

/** What a CSV import's lines look like on its page (catalog, customers): the row and some columns. */
export type ImportColumn<L> = { title: string; value: (line: L) => ReactNode; className?: string };

/** Step 1 of a CSV import: the file and its Preview button, with the server's error under it. */
export function CsvUploadCard({ id, busy, error }: { id: string; busy: string | null; error?: string }) {
  return (
    <Card className="mb-6">
      <CardContent className="pt-6">
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              CSV file (up to 20 MB)
            </label>
            <input
              id={id}
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby={error ? "import-error" : undefined}
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
        <FieldError id="import-error" message={error} className="mt-2" />
      </CardContent>
    </Card>
  );
}

/** Step 2's button: imports the previewed file (named by its token) once. */
export function CsvApplyButton({
  token,
  fileName,
  busy,
  label,
}: {
  token: string;
  fileName: string;
  busy: boolean;
  label: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="fileName" value={fileName} />
      <button type="submit" name="intent" value="apply" className={buttonClass()} disabled={busy}>
        {busy ? "Importing…" : label}
      </button>
    </Form>
  );
}

/** One kind of lines (refused, created, updated) of a preview or report; the rest counted. */
export function ImportLineTable<L extends { row: number; reason?: string }>({
  title,
  lines,
  total,
  columns,
  reasons = false,
  moreHint,
}: {
  title: string;
  lines: L[];
  total: number;
  columns: ImportColumn<L>[];
  reasons?: boolean;
  /** How to see the lines not shown (the command's dry run). */
  moreHint: string;
}) {
  if (total === 0) return null;
  const id = `lines-${title.toLowerCase().replace(/\W+/g, "-")}`;
  const span = columns.length + (reasons ? 2 : 1);
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 font-semibold">
        {title} ({total})
      </h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            {columns.map((c) => (
              <TableHead key={c.title}>{c.title}</TableHead>
            ))}
            {reasons && <TableHead>Reason</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.row}>
              <TableCell>{line.row}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.title} className={c.className}>
                  {c.value(line)}
                </TableCell>
              ))}
              {reasons && <TableCell>{line.reason}</TableCell>}
            </TableRow>
          ))}
          {lines.length < total && (
            <TableMessageRow colSpan={span}>
              {total - lines.length} more not shown: {moreHint}
            </TableMessageRow>
          )}
        </TableBody>
      </Table>
    </section>
  );
}

type Report<L> = {
  counts: { created: number; updated: number; refused: number };
  created: L[];
  updated: L[];
  refused: L[];
  fileError: string | null;
};

type Result<R> =
  | { stage: "preview"; token: string; fileName: string; report: R }
  | { stage: "done"; fileName: string; report: R }
  | { stage: "error"; error: string };

export type CsvImportScreenProps<L extends { row: number; reason?: string }, R extends Report<L>> = {
  result: Result<R> | undefined;
  /** The intent being submitted ("preview", "apply"), or null. */
  busy: string | null;
  /** This page's address (Choose another file). */
  path: string;
  inputId: string;
  /** What is imported: ["product", "products"]. */
  noun: [string, string];
  /** The summary sentence's text once the file has been read (future: the preview). */
  summary: (report: R, future: boolean) => ReactNode;
  columns: ImportColumn<L>[];
  moreHint: string;
};

/** The upload, preview and report of a CSV import page (catalog, customers). */
export function CsvImportScreen<L extends { row: number; reason?: string }, R extends Report<L>>(
  props: CsvImportScreenProps<L, R>,
) {
  const { result, busy } = props;
  if (result?.stage === "preview") return <Preview {...props} result={result} />;
  return (
    <>
      <CsvUploadCard
        id={props.inputId}
        busy={busy}
        error={result?.stage === "error" ? result.error : undefined}
      />
      {result?.stage === "done" && (
        <section aria-labelledby="done-heading" className="grid gap-6">
          <div>
            <h2 id="done-heading" className="font-display text-xl font-semibold">
              Imported {result.fileName}
            </h2>
            <Summary {...props} report={result.report} future={false} />
          </div>
          <Lines {...props} report={result.report} future={false} />
        </section>
      )}
    </>
  );
}

function Preview<L extends { row: number; reason?: string }, R extends Report<L>>(
  props: CsvImportScreenProps<L, R> & { result: Extract<Result<R>, { stage: "preview" }> },
) {
  const { result } = props;
  const { report } = result;
  const writable = report.counts.created + report.counts.updated;
  return (
    <section aria-labelledby="preview-heading" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="preview-heading" className="font-display text-xl font-semibold">
            Preview of {result.fileName}
          </h2>
          <Summary {...props} report={report} future />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={props.path} className={buttonClass({ variant: "outline" })}>
            Choose another file
          </Link>
          {!report.fileError && writable > 0 && (
            <CsvApplyButton
              token={result.token}
              fileName={result.fileName}
              busy={props.busy === "apply"}
              label={`Import ${writable} ${props.noun[writable === 1 ? 0 : 1]}`}
            />
          )}
        </div>
      </div>
      <Lines {...props} report={report} future />
    </section>
  );
}

function Summary<L extends { row: number; reason?: string }, R extends Report<L>>({
  report,
  future,
  summary,
}: CsvImportScreenProps<L, R> & { report: R; future: boolean }) {
  if (report.fileError)
    return (
      <p role="alert" className="mt-1 text-sm text-destructive">
        {report.fileError}
      </p>
    );
  return (
    <p className="mt-1 text-sm text-muted-foreground" role="status">
      {summary(report, future)}
    </p>
  );
}

function Lines<L extends { row: number; reason?: string }, R extends Report<L>>({
  report,
  future,
  columns,
  moreHint,
}: CsvImportScreenProps<L, R> & { report: R; future: boolean }) {
  const table = { columns, moreHint };
  return (
    <>
      <ImportLineTable
        title="Refused"
        lines={report.refused}
        total={report.counts.refused}
        {...table}
        reasons
      />
      <ImportLineTable
        title={future ? "Will be created" : "Created"}
        lines={report.created}
        total={report.counts.created}
        {...table}
      />
      <ImportLineTable
        title={future ? "Will be updated" : "Updated"}
        lines={report.updated}
        total={report.counts.updated}
        {...table}
      />
    </>
  );
}
