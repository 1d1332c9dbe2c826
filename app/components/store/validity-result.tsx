import { AlertTriangle, CheckCircle2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "~/lib/dates.ts";
import { brand } from "~core/brand.ts";
import type { BatchInfo, ValidityOutcome } from "~server/validity/validity.ts";

export const INVALID_TEXT = `Sorry, this batch number was not found in our database. This may not be an authentic ${brand.name} product.`;
export const TYPO_TEXT = "This code has a typo — check each character";
export const FIRST_TEXT = "First verification — genuine";
export const COPIED_WARNING = "If you did not verify this before, this code may have been copied";

export type ShownResult = {
  code: string;
  valid: boolean;
  outcome: ValidityOutcome;
  batch: BatchInfo | null;
  firstVerifiedAt: Date | string | null;
};

function Panel({
  tone,
  title,
  children,
}: {
  tone: "good" | "warn" | "bad";
  title: string;
  children: ReactNode;
}) {
  const styles = {
    good: ["border-success/50 bg-success/10", "text-success", CheckCircle2],
    warn: ["border-warning/60 bg-warning/10", "text-warning", AlertTriangle],
    bad: ["border-destructive-text/50 bg-destructive/15", "text-destructive-text", XCircle],
  } as const;
  const [box, text, Icon] = styles[tone];
  return (
    <div className={`flex gap-4 rounded-lg border p-5 ${box}`}>
      <Icon className={`size-8 shrink-0 ${text}`} aria-hidden />
      <div className="flex flex-col gap-2">
        <p className={`text-2xl font-bold tracking-wide ${text}`}>{title}</p>
        {children}
      </div>
    </div>
  );
}

function BatchDetails({ batch }: { batch: BatchInfo }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Product</dt>
      <dd>{batch.productName}</dd>
      <dt className="text-muted-foreground">Batch</dt>
      <dd className="font-mono">{batch.batchNumber}</dd>
      <dt className="text-muted-foreground">Produced</dt>
      <dd>{formatDate(batch.producedOn)}</dd>
      <dt className="text-muted-foreground">Expires</dt>
      <dd>{formatDate(batch.expiresOn)}</dd>
      {batch.coaUrl && (
        <>
          <dt className="text-muted-foreground">Lab test</dt>
          <dd>
            <a href={batch.coaUrl} target="_blank" rel="noopener" className="text-primary underline">
              Certificate of analysis
            </a>
            {batch.labName && ` by ${batch.labName}`}
            {batch.testedOn && `, tested ${formatDate(batch.testedOn)}`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The answer to one lookup: genuine (first or repeat), a typo, or not genuine. */
export function ValidityResultPanel({ result }: { result: ShownResult }) {
  if (result.outcome === "typo")
    return (
      <Panel tone="bad" title="CHECK THE CODE">
        <p>{TYPO_TEXT}</p>
      </Panel>
    );
  if (!result.valid)
    return (
      <Panel tone="bad" title="INVALID">
        <p>{INVALID_TEXT}</p>
      </Panel>
    );
  const details = result.batch && <BatchDetails batch={result.batch} />;
  if (result.outcome === "first")
    return (
      <Panel tone="good" title="VALID">
        <p>{FIRST_TEXT}</p>
        {details}
      </Panel>
    );
  if (result.outcome === "repeat") {
    return (
      <Panel tone="warn" title="VALID">
        <p>Genuine — first verified on {formatDate(result.firstVerifiedAt ?? new Date())}.</p>
        <p className="font-semibold">{COPIED_WARNING}</p>
        {details}
      </Panel>
    );
  }
  return (
    <Panel tone="good" title="VALID">
      <p>
        Batch number <strong>{result.code}</strong> is registered in our database. This is an authentic{" "}
        {brand.name} product.
      </p>
      {details}
    </Panel>
  );
}
