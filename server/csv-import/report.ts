/** A line of an import's report: the row it starts on, and why it was refused. */
export type TallyLine = { row: number; reason?: string };

export type TallyView<L extends TallyLine> = {
  counts: { created: number; updated: number; refused: number };
  created: L[];
  updated: L[];
  refused: L[];
  notes: string[];
  fileError: string | null;
};

/**
 * What a CSV import (catalog, customers) did or would do: lines created, updated and refused with
 * exact counts, and notes. Only `lineLimit` lines of each kind are kept (the admin preview shows a
 * page of them; the command-line report keeps all).
 */
export class ImportTally<L extends TallyLine> {
  readonly counts = { created: 0, updated: 0, refused: 0 };
  readonly created: L[] = [];
  readonly updated: L[] = [];
  readonly refused: L[] = [];
  readonly notes: string[] = [];
  /** A problem with the whole file (unreadable, unknown format): nothing after it was read. */
  fileError: string | null = null;

  constructor(private readonly lineLimit = Number.POSITIVE_INFINITY) {}

  add(kind: "created" | "updated" | "refused", line: L) {
    this.counts[kind]++;
    if (this[kind].length < this.lineLimit) this[kind].push(line);
  }

  note(line: string) {
    if (this.notes.length < this.lineLimit) this.notes.push(line);
  }

  protected tallyView(): TallyView<L> {
    const { counts, created, updated, refused, notes, fileError } = this;
    return { counts: { ...counts }, created, updated, refused, notes, fileError };
  }

  /** The lists as text lines (refused first), for the console and the report file. */
  protected textLines(describe: (line: L) => string): string[] {
    const lines = [
      `created ${this.counts.created}, updated ${this.counts.updated}, refused ${this.counts.refused}`,
    ];
    const list = (heading: string, items: L[]) => {
      if (items.length === 0) return;
      lines.push("", heading);
      for (const item of items)
        lines.push(`  row ${item.row}  ${describe(item)}${item.reason ? `: ${item.reason}` : ""}`);
    };
    list("Refused:", this.refused);
    list("Created:", this.created);
    list("Updated:", this.updated);
    if (this.notes.length) lines.push("", "To look at:", ...this.notes.map((n) => `  - ${n}`));
    return lines;
  }
}
