import { pipeline, Readable } from "node:stream";
import { type Options, parse } from "csv-parse";

/** One data row of a CSV file: its number as a spreadsheet shows it (the header is row 1) and its cells by column name. */
export type CsvRecord = { row: number; cells: Record<string, string> };

/** A cell longer than this is not a product field but a broken file (an unclosed quote swallowing the rest). */
const MAX_RECORD_CHARACTERS = 2_000_000;

/**
 * How much text the parser takes in ahead of the record being read. Set, not left to Node: its
 * default grew from 16 KiB to 64 KiB in Node 22, which would read four times as far ahead.
 */
const READ_AHEAD_BYTES = 16 * 1024;

/** A file stream, or chunks of text or bytes (tests, generated files). */
export type CsvInput = Readable | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

export class CsvFileError extends Error {}

/**
 * Reads a CSV file record by record (csv-parse, streaming): only the current record is held, so
 * a file of any size is read in constant memory. A byte-order mark, CRLF or LF line ends, quoted
 * commas, doubled quotes and line breaks inside quoted cells are all read as spreadsheets write
 * them. Column names are trimmed; rows shorter or longer than the header are accepted (blank
 * cells), as spreadsheets often drop trailing empty cells.
 */
export async function* readCsvRecords(input: CsvInput): AsyncGenerator<CsvRecord> {
  // csv-parse hands its options to the stream too (its types do not list the stream's own).
  const options: Options = {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim()),
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    ...{ writableHighWaterMark: READ_AHEAD_BYTES },
  };
  const parser = parse(options);
  // pipeline: an error in the source fails the loop below; leaving the loop early stops the source.
  pipeline(input instanceof Readable ? input : Readable.from(input), parser, () => {});
  let row = 1;
  try {
    for await (const cells of parser as AsyncIterable<Record<string, string | undefined>>) {
      row++;
      yield {
        row,
        cells: Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, undoFormulaGuard(v ?? "")])),
      };
    }
  } catch (error) {
    throw new CsvFileError(`The file is not readable CSV after row ${row}: ${(error as Error).message}`);
  } finally {
    parser.destroy();
  }
}

/**
 * Our exports put an apostrophe before a cell (or a part after a separator) starting with = + - @
 * so spreadsheets do not run it as a formula (core/text/csv.ts); reading such a file back removes it,
 * so an export imports as the same catalog.
 */
export function undoFormulaGuard(cell: string): string {
  return cell.replace(/^'(?=[=+\-@\t\r])/, "").replace(/([,;\t\r\n])'(?=[=+\-@])/g, "$1");
}
