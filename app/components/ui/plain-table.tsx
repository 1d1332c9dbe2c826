import type * as React from "react";
import { cn } from "~/lib/cn.ts";

/** One column of a PlainTable: its header, its cell for a row, and whether it is right-aligned (amounts). */
export type PlainColumn<Row> = {
  header: string;
  cell: (row: Row) => React.ReactNode;
  end?: boolean;
  className?: string;
};

/**
 * A borderless list table inside a page section (order items, refund history): a hidden caption
 * for screen readers, column headers with scope, one row per item. The boxed, scrolling admin
 * lists use Table (table.tsx) instead.
 */
export function PlainTable<Row extends { id: string }>(props: {
  caption: string;
  columns: PlainColumn<Row>[];
  rows: readonly Row[];
  className?: string;
  headClassName?: string;
  /** Cell padding: "py-2" by default, "py-1" for a compact history. */
  spacing?: "py-1" | "py-2";
  rowClassName?: string;
}) {
  const { caption, columns, rows, spacing = "py-2" } = props;
  return (
    <table className={cn("w-full text-left", props.className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={cn("border-b text-muted-foreground", props.headClassName)}>
        <tr>
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={cn(spacing, "font-medium", column.end && "text-right")}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={cn("border-b", props.rowClassName)}>
            {columns.map((column) => (
              <td key={column.header} className={cn(spacing, column.end && "text-right", column.className)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
