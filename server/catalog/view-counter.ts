import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products, productViews } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";

/** How often counted views are written (the most a crash can lose: docs/decisions/013). */
export const VIEW_FLUSH_MS = 5_000;

type Counts = ReadonlyMap<string, number>;

/**
 * Product views counted in memory and written in one statement every few seconds and at
 * shutdown, instead of an insert and an update on every page view. A failed write keeps the
 * counts for the next flush. What a page shows is the stored count plus the views not yet
 * written, read consistently by `readCounted`.
 */
export class ProductViewCounter {
  private pending = new Map<string, number>();
  private inFlight: Counts = new Map();
  private flushing: Promise<void> | null = null;
  /** Goes up when a flush starts and when it ends (see readCounted). */
  private epoch = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<Logger, "warn">,
  ) {}

  /** Counts one view of the product (written by the next flush). */
  record(productId: string): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1);
  }

  /**
   * Runs `read` (which reads products.view_count) and returns with it how many views of a
   * product are not in what it read: a flush that committed while the read ran is waited out
   * and the read repeated, so no view is counted twice or missed.
   */
  async readCounted<T>(
    read: () => Promise<T>,
  ): Promise<{ result: T; unflushed: (productId: string) => number }> {
    for (;;) {
      await this.flushing;
      const epoch = this.epoch;
      const result = await read();
      // Synchronous from here: no flush can start or end before the counts are taken.
      if (this.epoch === epoch) return { result, unflushed: this.snapshot(new Map()) };
      // A flush started during the read and is still running: the read saw none of its views.
      if (this.epoch === epoch + 1) return { result, unflushed: this.snapshot(this.inFlight) };
    }
  }

  private snapshot(inFlight: Counts) {
    const pending = new Map(this.pending);
    return (id: string) => (pending.get(id) ?? 0) + (inFlight.get(id) ?? 0);
  }

  /** Writes the counted views; resolves when they are stored (or kept for the next try). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (this.pending.size === 0) return Promise.resolve();
    this.inFlight = this.pending;
    this.pending = new Map();
    this.epoch++;
    this.flushing = writeViews(this.db, this.inFlight)
      .catch((error) => {
        this.log.warn(
          { err: error, products: this.inFlight.size },
          "product views not written; retrying later",
        );
        for (const [id, n] of this.inFlight) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      })
      .finally(() => {
        this.inFlight = new Map();
        this.epoch++;
        this.flushing = null;
      });
    return this.flushing;
  }

  start(intervalMs = VIEW_FLUSH_MS): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/**
 * One statement: a product_views row per view and each product's view_count raised by its
 * views. Products deleted since the views were counted are skipped.
 */
async function writeViews(db: Db, counts: Counts): Promise<void> {
  const json = JSON.stringify([...counts].map(([id, n]) => ({ id, n })));
  await db.execute(sql`
    with counted as (
      select p.id, v.n from jsonb_to_recordset(${json}::jsonb) as v(id uuid, n int)
      join ${products} p on p.id = v.id
    ), views as (
      insert into ${productViews} (product_id) select id from counted, generate_series(1, counted.n)
    )
    update ${products} set view_count = ${products.viewCount} + counted.n
    from counted where ${products.id} = counted.id`);
}
