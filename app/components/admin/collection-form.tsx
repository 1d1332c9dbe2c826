import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Field } from "~/components/admin/field.tsx";
import { FormSwitch } from "~/components/admin/form-switch.tsx";
import { ImageUpload } from "~/components/admin/image-upload.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { SaveForm } from "./save-form.tsx";
import { SeoFields } from "./seo-fields.tsx";

export type CollectionFormState = {
  id?: string;
  name: string;
  slug: string;
  description: string;
  imageUrl: string;
  seoTitle: string;
  seoDescription: string;
  published: boolean;
  productIds: string[];
};

export const emptyCollectionForm: CollectionFormState = {
  name: "",
  slug: "",
  description: "",
  imageUrl: "",
  seoTitle: "",
  seoDescription: "",
  published: true,
  productIds: [],
};

export type ProductOption = { id: string; name: string };

export function CollectionForm({
  initial,
  errors,
  products,
}: {
  initial: CollectionFormState;
  errors: FieldErrors;
  products: ProductOption[];
}) {
  const [seoTitle, setSeoTitle] = useState(initial.seoTitle);
  const [seoDescription, setSeoDescription] = useState(initial.seoDescription);
  return (
    <SaveForm
      id={initial.id}
      cancelTo="/admin/collections"
      submitLabel={initial.id ? "Update Collection" : "Add Collection"}
      multipart
      className="grid gap-5 md:grid-cols-2"
    >
      <Field id="name" label="Name" error={errors.name}>
        {(p) => <Input {...p} name="name" defaultValue={initial.name} maxLength={200} />}
      </Field>
      <Field
        id="slug"
        label="Slug (Optional)"
        hint="The address is /collections/{slug}; left blank, it is made from the name"
        error={errors.slug}
      >
        {(p) => <Input {...p} name="slug" defaultValue={initial.slug} maxLength={200} />}
      </Field>
      <Field
        id="description"
        label="Description (Optional)"
        error={errors.description}
        className="md:col-span-2"
      >
        {(p) => <Textarea {...p} name="description" rows={3} defaultValue={initial.description} />}
      </Field>
      <fieldset className="flex flex-col gap-2 md:col-span-2">
        <legend className="mb-2 text-sm font-medium">Image (Optional)</legend>
        <ImageUpload
          defaultUrl={initial.imageUrl}
          error={errors.imageUrl}
          previewAlt="Collection image preview"
        />
      </fieldset>
      <SeoFields
        title={seoTitle}
        description={seoDescription}
        onTitle={setSeoTitle}
        onDescription={setSeoDescription}
        errors={errors}
      />
      <ProductPicker products={products} initial={initial.productIds} error={errors.productIds} />
      <FormSwitch name="published" label="Published" defaultChecked={initial.published} />
    </SaveForm>
  );
}

/**
 * The collection's products: checkboxes named productIds. The chosen ones come first, in the
 * collection's order (the order they are posted in), with buttons to move them; the others
 * follow, narrowed by a search box. Without JavaScript checking a box still adds the product.
 */
function ProductPicker({
  products,
  initial,
  error,
}: {
  products: ProductOption[];
  initial: string[];
  error?: string;
}) {
  const names = new Map(products.map((p) => [p.id, p.name]));
  const [chosen, setChosen] = useState(() => initial.filter((id) => names.has(id)));
  const [search, setSearch] = useState("");
  const move = (from: number, to: number) =>
    setChosen((ids) => {
      const next = [...ids];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  const others = products.filter((p) => !chosen.includes(p.id));
  const shown = (name: string) => name.toLowerCase().includes(search.trim().toLowerCase());
  return (
    <fieldset
      className="flex flex-col gap-3 md:col-span-2"
      aria-describedby={error ? "productIds-error" : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Products</legend>
      <ol aria-label="Products in this collection" className="flex flex-col gap-1">
        {chosen.length === 0 && <li className="text-sm text-muted-foreground">No products chosen yet.</li>}
        {chosen.map((id, i) => (
          <li key={id} className="flex items-center gap-2 rounded-md border px-3 py-1.5">
            <label className="flex flex-1 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="productIds"
                value={id}
                checked
                onChange={() => setChosen((ids) => ids.filter((x) => x !== id))}
              />
              {names.get(id)}
            </label>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={i === 0}
              aria-label={`Move ${names.get(id)} up`}
              onClick={() => move(i, i - 1)}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={i === chosen.length - 1}
              aria-label={`Move ${names.get(id)} down`}
              onClick={() => move(i, i + 1)}
            >
              <ArrowDown aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <label htmlFor="product-search" className="text-sm font-medium">
        Find products to add
      </label>
      <Input
        id="product-search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        // Enter here filters; it must not submit the collection.
        onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
      />
      <ul aria-label="Other products" className="flex max-h-72 flex-col gap-1 overflow-y-auto">
        {others.map((p) => (
          <li key={p.id} hidden={!shown(p.name)}>
            <label className="flex items-center gap-2 px-3 py-1 text-sm">
              <input
                type="checkbox"
                name="productIds"
                value={p.id}
                checked={false}
                onChange={() => setChosen((ids) => [...ids, p.id])}
              />
              {p.name}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id="productIds-error" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
