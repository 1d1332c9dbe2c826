import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ClaimWatch } from "~/components/admin/claim-flags.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FieldError } from "~/components/ui/field-error.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { newProductDraft, type OptionDraft, type VariantDraft } from "~core/catalog/variant-drafts.ts";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~core/text/seo-limits.ts";
import type { QuantityTierRow } from "~server/catalog/quantity-tiers.ts";
import { Field } from "./field.tsx";
import { FormSwitch } from "./form-switch.tsx";
import { ImageUpload } from "./image-upload.tsx";
import { ListField } from "./list-field.tsx";
import { StatusFields } from "./product-status-fields.tsx";
import { QuantityTiersField } from "./quantity-tiers-field.tsx";
import { SeoFields } from "./seo-fields.tsx";
import { VariantEditor } from "./variant-editor.tsx";

/** What the form shows: the product being edited, or what the admin typed when saving failed. */
export type ProductFormState = {
  id?: string;
  name: string;
  slug: string;
  description: string;
  imageUrl: string;
  imageUrls: string[];
  /** Options and variants: price, weight and sold-out live on each variant. */
  options: OptionDraft[];
  variants: VariantDraft[];
  /** Shown first on the home page. */
  featured: boolean;
  tags: string[];
  initialViewCount: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  quantityTiers: QuantityTierRow[];
  /** draft / active / archived: only active is on the storefront. */
  status: string;
  /** A draft's publish time, "YYYY-MM-DDTHH:MM" in UTC; "" for none. */
  publishAt: string;
};

export const emptyProductForm: ProductFormState = {
  name: "",
  slug: "",
  description: "",
  imageUrl: "",
  imageUrls: [],
  ...newProductDraft(),
  featured: false,
  tags: [],
  initialViewCount: "0",
  seoTitle: "",
  seoDescription: "",
  seoKeywords: [],
  quantityTiers: [],
  status: "active",
  publishAt: "",
};

/** The SEO texts filled in from the product name while they are empty. */
export function seoFromName(name: string) {
  const trimmed = name.trim();
  if (!trimmed) return { title: "", description: "" };
  return {
    title: `${trimmed} | ${brand.name}`.slice(0, SEO_TITLE_MAX),
    description:
      `Buy ${trimmed} from ${brand.name}: pure Himalayan shilajit, lab-tested, every jar verifiable by batch number.`.slice(
        0,
        SEO_DESCRIPTION_MAX,
      ),
  };
}

export function ProductForm({ initial, errors }: { initial: ProductFormState; errors: FieldErrors }) {
  const editing = Boolean(initial.id);
  const busy = useNavigation().state === "submitting";
  const [seoTitle, setSeoTitle] = useState(initial.seoTitle);
  const [seoDescription, setSeoDescription] = useState(initial.seoDescription);
  // Auto-fill keeps following the name only while the admin has not typed their own text.
  const [autoTitle, setAutoTitle] = useState(!initial.seoTitle);
  const [autoDescription, setAutoDescription] = useState(!initial.seoDescription);
  const error = (name: string) => errors[name];

  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      {initial.id && <input type="hidden" name="id" value={initial.id} />}
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="name" label="Name" error={error("name")}>
          {(control) => (
            <Input
              {...control}
              name="name"
              defaultValue={initial.name}
              required
              onChange={(e) => {
                const seo = seoFromName(e.target.value);
                if (autoTitle) setSeoTitle(seo.title);
                if (autoDescription) setSeoDescription(seo.description);
              }}
            />
          )}
        </Field>
        <Field
          id="slug"
          label="Slug"
          error={error("slug")}
          hint={
            editing ? "Changing it changes the product's address." : "Leave blank to make it from the name."
          }
        >
          {(control) => <Input {...control} name="slug" defaultValue={initial.slug} />}
        </Field>
        <Field id="description" label="Description" error={error("description")} className="md:col-span-2">
          {(control) => (
            <Textarea {...control} name="description" rows={5} defaultValue={initial.description} />
          )}
        </Field>
        <ClaimWatch
          fields={[
            { name: "name", label: "Name" },
            { name: "description", label: "Description" },
          ]}
        />
        <Field id="initialViewCount" label="Initial view count" error={error("initialViewCount")}>
          {(control) => (
            <Input
              {...control}
              name="initialViewCount"
              type="number"
              step="1"
              min="0"
              defaultValue={initial.initialViewCount}
            />
          )}
        </Field>
        <div className="flex flex-col gap-3 self-end">
          <FormSwitch name="featured" label="Featured on the home page" defaultChecked={initial.featured} />
        </div>
        <StatusFields initial={initial} error={error} />
      </div>

      <VariantEditor initial={{ options: initial.options, variants: initial.variants }} errors={errors} />

      <section className="flex flex-col gap-4 rounded-lg border p-4">
        <h3 className="font-display text-lg font-semibold">Images</h3>
        <ImageUpload defaultUrl={initial.imageUrl} error={error("imageUrl")} />
        <ListField
          name="imageUrls"
          label="More images (URLs)"
          itemLabel="Image URL"
          addLabel="Add image URL"
          defaultValue={initial.imageUrls}
        />
        <FieldError message={error("imageUrls")} />
      </section>

      <ListField name="tags" label="Tags" itemLabel="Tag" addLabel="Add tag" defaultValue={initial.tags} />

      <QuantityTiersField defaultValue={initial.quantityTiers} error={error("quantityTiers")} />

      <section className="flex flex-col gap-4 rounded-lg border p-4">
        <h3 className="font-display text-lg font-semibold">SEO</h3>
        <SeoFields
          title={seoTitle}
          description={seoDescription}
          onTitle={(value) => {
            setSeoTitle(value);
            setAutoTitle(value === "");
          }}
          onDescription={(value) => {
            setSeoDescription(value);
            setAutoDescription(value === "");
          }}
          keywords={initial.seoKeywords}
          errors={errors}
        />
      </section>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : editing ? "Update Product" : "Create Product"}
        </Button>
        {!editing && (
          // Supplement Facts belong to a saved product: this creates it and opens its label page.
          <Button type="submit" name="then" value="label" variant="outline" disabled={busy}>
            Create and add Supplement Facts
          </Button>
        )}
        <Link to="/admin/products" className={buttonClass({ variant: "ghost" })}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
