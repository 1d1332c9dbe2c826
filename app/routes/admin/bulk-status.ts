import { data } from "react-router";
import { z } from "zod";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { createBulkRequest } from "~server/bulk-orders/requests.ts";
import { resolveSelection } from "~server/bulk-orders/selection.ts";
import { undoBulkStatus } from "~server/bulk-orders/undo.ts";
import { InvalidInputError } from "~server/errors.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { ORDER_STATUSES } from "~server/orders/status.ts";
import type { Route } from "./+types/bulk-status";
import { bulkKey, readSelection, startBulkRun } from "./bulk-orders.server.ts";

/** Shipping needs tracking per order: it goes through the bulk ship form instead. */
const statusSchema = z.object({
  status: z.enum(ORDER_STATUSES.filter((s) => s !== "shipped") as ["pending", ...string[]], {
    error: "Choose a status (ship with Mark shipped)",
  }),
});
const undoSchema = z.object({ requestId: z.uuid() });

/**
 * POST /admin/orders/bulk/status: sets one status on the selected orders (emails held a minute, as
 * the dropdown's), or `intent=undo` within that minute. Answers { requestId } for the progress poll.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { db } = context.database;
  const done = await settle(context.log, "bulk status change failed", async () => {
    if (form.get("intent") === "undo") {
      const parsed = undoSchema.safeParse({ requestId: form.get("requestId") });
      const result = parsed.success ? await undoBulkStatus(db, parsed.data.requestId) : null;
      if (!result) throw new InvalidInputError({ title: "Nothing to undo" });
      return { requestId: null, undo: result };
    }
    const parsed = statusSchema.safeParse({ status: form.get("status") });
    if (!parsed.success)
      throw new InvalidInputError(
        { title: "Status not changed", description: parsed.error.issues[0]?.message },
        { status: [parsed.error.issues[0]?.message ?? "Choose a status"] },
      );
    const key = bulkKey(form);
    const ids = await resolveSelection(db, readSelection(form));
    const { request: bulk } = await createBulkRequest(db, {
      key,
      kind: "status",
      status: parsed.data.status as (typeof ORDER_STATUSES)[number],
      actorId: context.get(adminUser).id,
      state: "queued",
      items: ids.map((orderId, i) => ({ orderId, position: i + 1 })),
    });
    await startBulkRun(context, bulk);
    return { requestId: bulk.id, undo: null };
  });
  if (!done.ok) return failureData(done, { requestId: null });
  const { undo, requestId } = done.value;
  if (undo) {
    const description =
      undo.tooLate > 0
        ? `${undo.undone} orders went back; ${undo.tooLate} customers had already been emailed.`
        : `${undo.undone} orders went back; no customer was emailed.`;
    return data({
      requestId: null,
      toast: actionToast({ title: "Bulk change undone", description, variant: "success" }),
    });
  }
  context.log.info({ requestId }, "bulk status change started");
  return data({ requestId, toast: null });
}
