import { redirect } from "react-router";
import { parseForm } from "~/lib/forms.ts";
import { privacyLookupSchema } from "~core/forms/privacy-form.ts";
import { adminUser } from "~server/auth/guards.ts";
import { settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { jsonAttachment } from "~server/privacy/download.ts";
import { exportFileName } from "~server/privacy/export.ts";
import { exportFor, subjectForEmail } from "~server/privacy/requests.ts";
import type { Route } from "./+types/privacy-export";

const PAGE = "/admin/privacy";

/** Nothing to show on a GET: the download is the lookup form's POST. */
export function loader() {
  return redirect(PAGE);
}

/** POST /admin/privacy/export: everything held under an email, as JSON, for a request received by email. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(privacyLookupSchema, await request.formData());
  if (!parsed.ok)
    return redirectWithToast(PAGE, {
      title: "Not exported",
      description: parsed.errors.email,
      variant: "destructive",
    });
  const db = context.database.db;
  const admin = context.get(adminUser);
  const exported = await settle(context.log, "privacy export failed", async () => {
    const subject = await subjectForEmail(db, parsed.data.email);
    return { subject, data: await exportFor(db, subject, { by: "admin", adminId: admin.id }) };
  });
  if (!exported.ok) return redirectWithToast(PAGE, { ...exported.message, variant: "destructive" });
  context.log.info(
    { adminId: admin.id, subjectUserId: exported.value.subject.userId },
    "privacy export by an admin",
  );
  return jsonAttachment(exported.value.data, exportFileName());
}
