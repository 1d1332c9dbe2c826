import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { MarkdownEditor } from "~/components/admin/markdown-editor.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { PolicyHistory } from "~/components/admin/policy-history.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { policyFormValues } from "~/lib/admin/admin-form-values.ts";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { isPolicySlug, policyTitles } from "~core/legal/policies.ts";
import { adminUser } from "~server/auth/guards.ts";
import { renderCheckedMarkdown } from "~server/content/markdown-limits.ts";
import { fieldMessages, settle } from "~server/http/error-response.ts";
import { redirectWithToast } from "~server/http/flash.ts";
import { policyHistory } from "~server/policies/read.ts";
import { policyInputSchema, savePolicyVersion } from "~server/policies/save.ts";
import type { Route } from "./+types/policy-editor";
import { editorFailure } from "./markdown-editor.server.ts";

function slugOf(params: { slug: string }) {
  if (!isPolicySlug(params.slug)) throw data("Policy not found", { status: 404 });
  return params.slug;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = slugOf(params);
  const title = policyTitles[slug];
  const loaded = await settle(context.log, "loading a policy failed", () =>
    policyHistory(context.database.db, slug),
  );
  if (!loaded.ok) return data({ slug, title, versions: [], loadError: true }, { status: loaded.status });
  return { slug, title, versions: loaded.value, loadError: false };
}

type EditorValues = { body: string; baseVersion: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const slug = slugOf(params);
  const form = await request.formData();
  const values = policyFormValues(form);
  const parsed = parseForm(policyInputSchema, values);
  if (!parsed.ok) return failed(values, parsed.errors, Object.values(parsed.errors)[0]);
  if (form.get("intent") === "preview") {
    // Checked like a save (length, nesting) by the schema above: the preview never 500s.
    const preview = renderCheckedMarkdown(parsed.data.body);
    if (!preview.ok) return failed(values, { body: preview.message }, preview.message);
    return {
      values,
      errors: {} as FieldErrors,
      previewHtml: preview.html,
      toast: null,
      formKey: crypto.randomUUID(),
    };
  }
  const admin = context.get(adminUser);
  const saved = await settle(context.log, "saving a policy failed", () =>
    savePolicyVersion(context.database.db, slug, parsed.data, admin.id),
  );
  if (!saved.ok) {
    const errors = { body: fieldMessages(saved).body };
    return failed(values, errors, saved.message.description, saved.status);
  }
  context.log.info({ policy: slug, version: saved.value.version }, "policy saved");
  return redirectWithToast(`/admin/policies/${slug}`, {
    title: `${policyTitles[slug]} saved as version ${saved.value.version}`,
    variant: "success",
  });
}

const failed = (
  values: EditorValues,
  errors: FieldErrors,
  description = "Failed to save the policy",
  status = 400,
) => editorFailure(values, errors, description, status);

export default function PolicyEditor({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const { slug, title, versions, loadError } = loaderData;
  const busy = useNavigation().state === "submitting";
  const inForce = versions[0];
  const values = actionData?.values ?? {
    body: inForce?.body ?? "",
    baseVersion: String(inForce?.version ?? 0),
  };
  return (
    <>
      <PageHeader
        title={`Edit ${title}`}
        subtitle={inForce ? `Version ${inForce.version} is in force` : "No version yet"}
      >
        <Link to="/admin/policies" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back
        </Link>
        <a
          href={`/policies/${slug}`}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: "ghost" })}
        >
          View page
        </a>
      </PageHeader>
      {loadError ? (
        <LoadError>Failed to fetch the policy</LoadError>
      ) : (
        <div className="flex flex-col gap-8">
          <Form key={actionData?.formKey} method="post" className="flex flex-col gap-4" noValidate>
            <input type="hidden" name="baseVersion" value={values.baseVersion} />
            <MarkdownEditor
              name="body"
              label="Policy text"
              defaultValue={values.body}
              error={actionData?.errors.body}
              previewHtml={actionData?.previewHtml ?? null}
              rows={24}
            />
            <p className="text-sm text-muted-foreground">
              Saving publishes the text as a new version; earlier versions stay in the history and on the
              orders placed under them.
            </p>
            <Button type="submit" name="intent" value="save" disabled={busy} className="self-start">
              {busy ? "Saving..." : "Save new version"}
            </Button>
          </Form>
          <PolicyHistory versions={versions} />
        </div>
      )}
    </>
  );
}
