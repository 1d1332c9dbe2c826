import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { ClaimsForm, FactsForm, SettingsForm, type Typed } from "~/components/admin/label-forms.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Button } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import {
  factsFormValues,
  labelSettingsFormValues,
  productLabelFormValues,
} from "~/lib/admin/label-form-values.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import { type ParsedForm, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { productLabelSchema, supplementFactsSchema } from "~core/forms/supplement-label-form.ts";
import type { RequestContext } from "~server/context.ts";
import { settle } from "~server/http/error-response.ts";
import { loadLabelScreen } from "~server/labels/admin-label.ts";
import { removeVariantFacts, saveProductLabel, saveSupplementFacts } from "~server/labels/labels.ts";
import { labelSettingsSchema, saveLabelSettings } from "~server/labels/settings.ts";
import type { Route } from "./+types/product-label";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Supplement Facts, claims and the Prop 65 warning of one product (docs/compliance.md, decision 045). */
const labelPath = (productId: string, variantId: string | null) =>
  `/admin/products/${productId}/label${variantId ? `?variant=${encodeURIComponent(variantId)}` : ""}`;

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Label: ${data?.screen.product.name ?? "Product"} | ${brand.name} Admin` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const variantId = new URL(request.url).searchParams.get("variant");
  const screen = await loadLabelScreen(context.database.db, params.id, variantId);
  if (!screen) throw data("Product not found", { status: 404 });
  return { screen };
}

type LabelForm = "facts" | "label" | "settings";
type Answer = Typed & { form: LabelForm };

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const db = context.database.db;
  const intent = String(form.get("intent") ?? "");
  const variantId = String(form.get("variantId") ?? "") || null;
  const path = labelPath(params.id, variantId);
  if (intent === "remove-override" && variantId) {
    const removed = await settle(context.log, "removing variant facts failed", () =>
      removeVariantFacts(db, params.id, variantId),
    );
    return removed.ok
      ? backWithToast(path, "The variant shows the product's facts again")
      : adminFailure(removed.message, removed.status);
  }
  if (intent === "label") {
    const values = productLabelFormValues(form);
    const typed = { ...values, prop65Warning: String(values.prop65Warning) };
    return saveParsed(
      context,
      path,
      "Claims and warning saved",
      answer("label", typed),
      parseForm(productLabelSchema, values),
      (input) => saveProductLabel(db, params.id, input),
    );
  }
  if (intent === "settings") {
    const values = labelSettingsFormValues(form);
    const typed = { prop65Audience: values.prop65Audience };
    return saveParsed(
      context,
      path,
      "Label settings saved",
      answer("settings", typed),
      parseForm(labelSettingsSchema, values),
      (input) => saveLabelSettings(db, input),
    );
  }
  const { ingredients, ...text } = factsFormValues(form);
  return saveParsed(
    context,
    path,
    "Supplement Facts saved",
    answer("facts", text, ingredients),
    parseForm(supplementFactsSchema, { ...text, ingredients }),
    (input) => saveSupplementFacts(db, params.id, variantId, input),
  );
}

const answer = (
  form: LabelForm,
  text: Record<string, string>,
  ingredients: Typed["ingredients"] = [],
): Answer => ({
  form,
  text,
  ingredients,
});

/** Validated input saved and back to the screen, or the form again with its messages and what was typed. */
async function saveParsed<T>(
  context: RequestContext,
  path: string,
  title: string,
  typed: Answer,
  parsed: ParsedForm<T>,
  save: (input: T) => Promise<void>,
) {
  if (!parsed.ok) {
    const description = Object.values(parsed.errors)[0] ?? "Check the highlighted fields.";
    return adminFailure<Answer>({ title: "Label Not Saved", description }, 400, {
      errors: parsed.errors,
      values: typed,
    });
  }
  const saved = await settle(context.log, "saving the product label failed", () => save(parsed.data));
  if (saved.ok) return backWithToast(path, title);
  return adminFailure<Answer>(saved.message, saved.status, { values: typed });
}

export default function ProductLabel({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { screen } = loaderData;
  const { product, variant } = screen;
  const formKey = useRecordFormKey(refusedBy(actionData), variant?.id);
  const errorsFor = (form: LabelForm) => (actionData?.values?.form === form ? actionData.errors : {});
  const typedFor = (form: LabelForm) => (actionData?.values?.form === form ? actionData.values : null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`Label: ${product.name}`}
        subtitle="Supplement Facts, claims and California Prop 65"
      />
      <Link
        to={`/admin/products?edit=${product.id}`}
        className="inline-flex items-center gap-1 self-start text-sm text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to the product
      </Link>
      {screen.variants.length > 1 && (
        <nav aria-label="Facts for" className="flex flex-wrap gap-2 text-sm">
          <VariantLink href={labelPath(product.id, null)} current={!variant}>
            All variants (the product's facts)
          </VariantLink>
          {screen.variants.map((v) => (
            <VariantLink key={v.id} href={labelPath(product.id, v.id)} current={variant?.id === v.id}>
              {v.title}
              {screen.overrides.includes(v.id) ? " (own facts)" : ""}
            </VariantLink>
          ))}
        </nav>
      )}
      {variant && (
        <p className="text-sm text-muted-foreground">
          {screen.hasOverride
            ? `${variant.title} has its own Supplement Facts, shown instead of the product's.`
            : `${variant.title} shows the product's facts; saving here gives it its own.`}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-6">
          <FactsForm
            key={formKey}
            facts={screen.facts}
            variantId={variant?.id ?? null}
            errors={errorsFor("facts")}
            typed={typedFor("facts")}
            busy={busy}
          />
          {screen.hasOverride && variant && (
            <Form method="post">
              <input type="hidden" name="variantId" value={variant.id} />
              <Button type="submit" name="intent" value="remove-override" variant="outline" disabled={busy}>
                Use the product's facts for {variant.title}
              </Button>
            </Form>
          )}
          <ClaimsForm
            claims={screen.claims}
            prop65={screen.prop65}
            errors={errorsFor("label")}
            typed={typedFor("label")}
            busy={busy}
          />
          <SettingsForm settings={screen.settings} errors={errorsFor("settings")} busy={busy} />
        </div>
        <section aria-labelledby="preview-heading" className="flex flex-col gap-2">
          <h2 id="preview-heading" className="font-display text-xl font-semibold">
            Preview on the product page
          </h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server/labels/label-html.ts escapes every typed text. */}
          <div dangerouslySetInnerHTML={{ __html: screen.preview }} />
        </section>
      </div>
    </div>
  );
}

function VariantLink({
  href,
  current,
  children,
}: {
  href: string;
  current: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={href}
      aria-current={current ? "page" : undefined}
      className="rounded-md border px-3 py-1 aria-[current=page]:border-primary aria-[current=page]:text-primary"
    >
      {children}
    </Link>
  );
}
