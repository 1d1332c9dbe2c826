import { redirect } from "react-router";
import { exportRequestSchema } from "~core/forms/privacy-form.ts";
import { settle } from "~server/http/error-response.ts";
import { jsonAttachment } from "~server/privacy/download.ts";
import { exportFileName } from "~server/privacy/export.ts";
import { exportFor, subjectForCustomer } from "~server/privacy/requests.ts";
import type { Route } from "./+types/privacy-export";
import { checkPrivacyForm } from "./privacy.server.ts";

const PAGE = "/account/privacy";

/** Nothing to show on a GET: the download needs the form's POST with the password. */
export function loader() {
  return redirect(PAGE);
}

/**
 * POST /account/privacy/export: the signed-in customer's data as a JSON file (right to know).
 * A refusal goes back to the page, which says why (it works without JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = await checkPrivacyForm(context, request, exportRequestSchema);
  if (!checked.ok) return redirect(`${PAGE}?export=${checked.code}`, { headers: checked.headers });
  const db = context.database.db;
  const exported = await settle(context.log, "privacy export failed", async () =>
    exportFor(db, await subjectForCustomer(db, checked.user.id), { by: "customer" }),
  );
  if (!exported.ok) return redirect(`${PAGE}?export=unavailable`);
  context.log.info({ subjectUserId: checked.user.id }, "privacy export by the customer");
  return jsonAttachment(exported.value, exportFileName());
}
