import { z } from "zod";
import { INLINE_BULK_ORDERS } from "~core/orders/bulk-orders.ts";
import type { BulkRequest } from "~server/bulk-orders/requests.ts";
import { runBulkRequest } from "~server/bulk-orders/run.ts";
import type { Selection } from "~server/bulk-orders/selection.ts";
import { InvalidInputError } from "~server/errors.ts";
import type { Route } from "./+types/bulk-status";

type Context = Route.ActionArgs["context"];

const keySchema = z.string().trim().min(8).max(100);

/** The bulk form's idempotency key: the page makes one per form, so a double submit is one request. */
export function bulkKey(form: FormData): string {
  const parsed = keySchema.safeParse(form.get("key"));
  if (!parsed.success)
    throw new InvalidInputError(
      { title: "Form expired", description: "Reload the page and try again." },
      { key: ["Missing form key"] },
    );
  return parsed.data;
}

/** The selection a bulk form carries: ticked ids (repeated or comma-separated), or "all matching" the filter. */
export function readSelection(form: FormData): Selection {
  if (form.get("matching") === "1") return { matching: { query: String(form.get("filter") ?? "") } };
  const orderIds = form
    .getAll("orderIds")
    .flatMap((value) => String(value).split(","))
    .map((id) => id.trim())
    .filter(Boolean);
  return { orderIds };
}

/**
 * Runs a queued request: a small one before answering, a large one in this process's background
 * while the page polls its progress (the bulk-order job picks up what a stopped process left).
 */
export async function startBulkRun(context: Context, request: BulkRequest): Promise<void> {
  if (request.state !== "queued") return;
  const deps = { db: context.database.db, mailer: context.mailer, log: context.log };
  const run = runBulkRequest(deps, request.id);
  if (request.total <= INLINE_BULK_ORDERS) return run;
  run.catch((error) => context.log.error({ err: error, requestId: request.id }, "bulk order run failed"));
}
