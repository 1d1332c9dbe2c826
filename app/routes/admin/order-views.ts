import { data, redirect } from "react-router";
import { actionToast } from "~core/toast.ts";
import { adminUser } from "~server/auth/guards.ts";
import { failureData, settle } from "~server/http/error-response.ts";
import { deleteOrderView, saveOrderView } from "~server/orders/saved-views.ts";
import type { Route } from "./+types/order-views";

/** Nothing to show here: the views live on the orders list. */
export function loader() {
  return redirect("/admin/orders");
}

/**
 * Saves the list's current filter as a named view (private, or shared with all staff who see
 * orders), or deletes one of your own views. Answers JSON for the list's fetcher.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const staff = context.get(adminUser);
  const { db } = context.database;
  if (form.intent === "delete") {
    // A malformed id is simply not one of your views (404).
    const viewId = typeof form.viewId === "string" ? form.viewId : "";
    const deleted = await settle(context.log, "order view delete failed", () =>
      deleteOrderView(db, staff.id, viewId),
    );
    if (!deleted.ok) return failureData(deleted, { ok: false as const, errors: {} });
    return {
      ok: true as const,
      errors: {},
      toast: actionToast({ title: "View deleted", variant: "success" }),
    };
  }
  const saved = await settle(context.log, "order view save failed", () =>
    saveOrderView(db, staff.id, {
      name: typeof form.name === "string" ? form.name : "",
      query: typeof form.query === "string" ? form.query : "",
      shared: form.shared === "on" || form.shared === "true",
    }),
  );
  if (!saved.ok) return failureData(saved, { ok: false as const, errors: saved.fieldErrors ?? {} });
  context.log.info({ viewId: saved.value.id, shared: saved.value.shared }, "order view saved");
  return data({
    ok: true as const,
    errors: {},
    toast: actionToast({ title: "View saved", description: `"${saved.value.name}"`, variant: "success" }),
  });
}
