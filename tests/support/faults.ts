import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";

/** Database faults a test can inject: the UPDATE that marks an order paid, or any outbox insert. */
export type Fault = "order-marked-paid" | "outbox-insert";

/**
 * Runs `work` while one write fails in the database itself, as a full disk makes it fail (a
 * trigger raising an error), and drops the trigger afterwards whatever happens.
 */
export async function duringFault<T>(db: Db, fault: Fault, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`create or replace function test_fault() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device (test fault)'; end $$`);
  await db.execute(
    fault === "order-marked-paid"
      ? sql`create trigger test_fault before update on orders for each row
          when (new.payment_status = 'paid' and old.payment_status <> 'paid') execute function test_fault()`
      : sql`create trigger test_fault before insert on mail_outbox for each row execute function test_fault()`,
  );
  try {
    return await work();
  } finally {
    await db.execute(
      fault === "order-marked-paid"
        ? sql`drop trigger test_fault on orders`
        : sql`drop trigger test_fault on mail_outbox`,
    );
  }
}
