/** One product line of the preview and the report: the row it starts on, its handle and name. */
export type ReportLine = { row: number; handle: string; name: string; reason?: string };

export type CatalogReportView = Pick<
  CatalogReport,
  "format" | "counts" | "created" | "updated" | "refused" | "notes" | "fileError"
>;

/** How many lines of each kind the admin preview keeps (the counts stay exact; the CLI report file has all). */
const DEFAULT_LINE_LIMIT = Number.POSITIVE_INFINITY;

/**
 * What a catalog import did or would do: products created, updated and refused (row and reason),
 * plus notes. In the style of the legacy import's report (server/migration/legacy/report.ts).
 */
export class CatalogReport {
  format: "shopify" | "woocommerce" | null = null;
  readonly counts = { created: 0, updated: 0, refused: 0 };
  readonly created: ReportLine[] = [];
  readonly updated: ReportLine[] = [];
  readonly refused: ReportLine[] = [];
  readonly notes: string[] = [];
  /** A problem with the whole file (unreadable, unknown format): nothing was imported. */
  fileError: string | null = null;

  constructor(private readonly lineLimit = DEFAULT_LINE_LIMIT) {}

  add(kind: "created" | "updated" | "refused", line: ReportLine) {
    this.counts[kind]++;
    if (this[kind].length < this.lineLimit) this[kind].push(line);
  }

  note(line: string) {
    if (this.notes.length < this.lineLimit) this.notes.push(line);
  }

  /** The report as plain data, for the admin page. */
  view(): CatalogReportView {
    const { format, counts, created, updated, refused, notes, fileError } = this;
    return { format, counts: { ...counts }, created, updated, refused, notes, fileError };
  }

  /** The report as text, for the console and the report file. */
  text(title: string): string {
    const lines = [title, ""];
    if (this.fileError) return `${[...lines, this.fileError].join("\n")}\n`;
    lines.push(`Format: ${this.format === "woocommerce" ? "WooCommerce" : "Shopify"} product CSV`);
    lines.push(
      `created ${this.counts.created}, updated ${this.counts.updated}, refused ${this.counts.refused}`,
    );
    const list = (heading: string, items: ReportLine[]) => {
      if (items.length === 0) return;
      lines.push("", heading);
      for (const item of items)
        lines.push(
          `  row ${item.row}  ${item.handle || "(no handle)"}  ${item.name}${item.reason ? `: ${item.reason}` : ""}`,
        );
    };
    list("Refused:", this.refused);
    list("Created:", this.created);
    list("Updated:", this.updated);
    if (this.notes.length) lines.push("", "To look at:", ...this.notes.map((n) => `  - ${n}`));
    return `${lines.join("\n")}\n`;
  }
}
