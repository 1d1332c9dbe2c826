/** What an import did, per old table: rows read, imported, updated, skipped (with reason and old id). */
export type TableReport = {
  read: number;
  imported: number;
  updated: number;
  skipped: { oldId: string; reason: string }[];
};

export class ImportReport {
  readonly tables = new Map<string, TableReport>();
  /** Tables the old database does not have. */
  readonly missing: string[] = [];
  /** Things the owner should look at (accounts to promote by hand, links sent…). */
  readonly notes: string[] = [];

  table(name: string): TableReport {
    let entry = this.tables.get(name);
    if (!entry) {
      entry = { read: 0, imported: 0, updated: 0, skipped: [] };
      this.tables.set(name, entry);
    }
    return entry;
  }

  skip(table: string, oldId: unknown, reason: string) {
    this.table(table).skipped.push({
      oldId: oldId === null || oldId === undefined ? "?" : String(oldId),
      reason,
    });
  }

  note(line: string) {
    this.notes.push(line);
  }

  /** The report as text: one line per table, then each skipped row, then the notes. */
  format(title: string): string {
    const lines = [title, ""];
    const width = Math.max(10, ...[...this.tables.keys()].map((name) => name.length));
    lines.push(`${"table".padEnd(width)}  read  imported  updated  skipped`);
    for (const [name, t] of this.tables) {
      lines.push(
        `${name.padEnd(width)}  ${pad(t.read, 4)}  ${pad(t.imported, 8)}  ${pad(t.updated, 7)}  ${pad(t.skipped.length, 7)}`,
      );
    }
    if (this.missing.length)
      lines.push("", `Not in the old database (nothing to import): ${this.missing.join(", ")}`);
    const skipped = [...this.tables].flatMap(([name, t]) =>
      t.skipped.map((s) => `  ${name} ${s.oldId}: ${s.reason}`),
    );
    if (skipped.length) lines.push("", "Skipped rows:", ...skipped);
    if (this.notes.length) lines.push("", "To look at:", ...this.notes.map((n) => `  - ${n}`));
    return `${lines.join("\n")}\n`;
  }
}

const pad = (n: number, width: number) => String(n).padStart(width);
