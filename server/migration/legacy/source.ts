import postgres from "postgres";

export type LegacyRow = Record<string, unknown>;

/** The old shop's PostgreSQL, read only: the import never writes there. */
export type LegacySource = {
  /** The rows of a table, a batch at a time; null when the old database has no such table. */
  rows(schema: "public" | "auth", table: string): Promise<AsyncIterable<LegacyRow> | null>;
  /** Fails when the old database cannot be reached or read. */
  check(): Promise<void>;
  close(): Promise<void>;
};

const BATCH = 500;

export function openLegacySource(url: string): LegacySource {
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 15,
    // Every statement runs read only: a mistyped --from can never change the old shop.
    connection: { default_transaction_read_only: true } as Record<string, boolean>,
    // Numbers and timestamps as the server writes them; values.ts reads text and numbers alike.
    types: {},
  });
  return {
    async rows(schema, table) {
      const [found] = await sql<{ exists: boolean }[]>`
        select exists (
          select 1 from information_schema.tables where table_schema = ${schema} and table_name = ${table}
        ) as exists`;
      if (!found?.exists) return null;
      return batches(sql`select * from ${sql(schema)}.${sql(table)}`.cursor(BATCH));
    },
    check: async () => void (await sql`select 1`),
    close: () => sql.end({ timeout: 5 }),
  };
}

async function* batches(cursor: AsyncIterable<LegacyRow[]>): AsyncIterable<LegacyRow> {
  for await (const batch of cursor) yield* batch;
}
