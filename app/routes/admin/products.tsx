import { Plus } from "lucide-react";
import { Link } from "react-router";
import { FormCard } from "~/components/admin/form-card.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { emptyProductForm, ProductForm, type ProductFormState } from "~/components/admin/product-form.tsx";
import { DeleteButton, EditLink, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import {
  adminFailure,
  backWithToast,
  deleteIntent,
  type IntentArgs,
  runIntent,
} from "~/lib/admin-actions.server.ts";
import { productFormValues } from "~/lib/admin-form-values.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { formatMoney } from "~core/money.ts";
import { productStockStatus } from "~core/stock.ts";
import { applyStep, parseStep } from "~core/variant-drafts.ts";
import {
  type AdminProduct,
  type AdminProductRow,
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  productInputSchema,
  updateAdminProduct,
} from "~server/catalog/admin-products.ts";
import { loadAdminVariants } from "~server/catalog/admin-variants.ts";
import { fieldMessages, settle } from "~server/http/error-response.ts";
import { receiveImageUpload, uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = context.database.db;
  const editId = url.searchParams.get("edit");
  const loaded = await settle(context.log, "loading products failed", async () => {
    const editing = editId ? await getAdminProduct(db, editId) : null;
    return {
      products: await listAdminProducts(db),
      form: editing
        ? toFormState(editing, await loadAdminVariants(db, editing.id))
        : url.searchParams.has("new")
          ? emptyProductForm
          : null,
    };
  });
  if (!loaded.ok) return { loadError: true, products: [] as AdminProductRow[], form: null };
  return { loadError: false, ...loaded.value };
}

const PATH = "/admin/products";

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return saveFailed(null, {}, "The image must be 5 MB or smaller", 413);
  return runIntent<ProductFormState>(await request.formData(), context.database.db, {
    delete: deleteIntent(PATH, deleteAdminProduct, {
      success: "Product deleted successfully",
      failure: { title: "Failed to delete product" },
    }),
    save: (args) => saveProduct(context, request, args),
  });
}

async function saveProduct(context: Route.ActionArgs["context"], request: Request, { form, db }: IntentArgs) {
  const raw = productFormValues(form);
  const id = String(form.get("id") ?? "") || undefined;
  const values: ProductFormState = { ...raw, id, initialViewCount: raw.initialViewCount ?? "0" };
  // Without JavaScript the variant editor's buttons post the form: answer it with the step applied.
  const step = parseStep(String(form.get("variantStep") ?? ""));
  if (step)
    return { errors: {}, toast: null, values: { ...values, ...applyStep(values, step, (n) => `step-${n}`) } };
  // Without JavaScript the image file comes with the form instead of being uploaded first.
  const upload = await receiveImageUpload(context, request, "imageFile", form);
  if (upload && "error" in upload) return saveFailed(values, { imageUrl: upload.error });
  if (upload) raw.imageUrl = values.imageUrl = upload.url;

  const parsed = parseForm(productInputSchema, raw);
  if (!parsed.ok) return saveFailed(values, parsed.errors);
  const saved = await settle(context.log, "saving a product failed", () =>
    id ? updateAdminProduct(db, id, parsed.data) : createAdminProduct(db, parsed.data),
  );
  if (!saved.ok) return saveFailed(values, fieldMessages(saved), saved.message.description, saved.status);
  if (!saved.value) return saveFailed(values, {}, "This product no longer exists.");
  return backWithToast(PATH, id ? "Product updated successfully" : "Product created successfully");
}

function saveFailed(
  values: ProductFormState | null,
  errors: FieldErrors,
  description = "Check the highlighted fields.",
  status = 400,
) {
  return adminFailure({ title: "Failed to save product", description }, status, {
    values: values ?? undefined,
    errors,
  });
}

const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

function toFormState(
  p: AdminProduct,
  { options, variants }: Awaited<ReturnType<typeof loadAdminVariants>>,
): ProductFormState {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    imageUrl: p.imageUrl ?? "",
    imageUrls: p.imageUrls,
    options: options.map((o) => ({ name: o.name, values: o.values.join(", ") })),
    variants: variants.map((v) => ({
      key: v.id,
      id: v.id,
      values: v.optionValues,
      sku: v.sku,
      price: dollars(v.priceCents),
      compareAt: dollars(v.compareAtCents),
      weightGrams: v.weightGrams === null ? "" : String(v.weightGrams),
      gtin: v.gtin ?? "",
      mpn: v.mpn ?? "",
      imageUrl: v.imageUrl ?? "",
      stock: v.stockQuantity === null ? "" : String(v.stockQuantity),
      stockShown: v.stockQuantity === null ? "" : String(v.stockQuantity),
      lowStock: v.lowStockThreshold === null ? "" : String(v.lowStockThreshold),
      soldOut: v.soldOut,
      archived: v.archivedAt !== null,
    })),
    featured: p.featured,
    tags: p.tags,
    initialViewCount: String(p.initialViewCount),
    seoTitle: p.seoTitle ?? "",
    seoDescription: p.seoDescription ?? "",
    seoKeywords: p.seoKeywords,
    quantityTiers: p.quantityTiers.map((t) => ({
      minQuantity: String(t.minQuantity),
      percentOff: String(t.percentOff),
    })),
  };
}

function priceRange(p: AdminProductRow) {
  const low = formatMoney(p.priceCents);
  return p.priceMaxCents > p.priceCents ? `${low} – ${formatMoney(p.priceMaxCents)}` : low;
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  return (
    <>
      <PageHeader title="Products Management" subtitle={`${loaderData.products.length} products`}>
        {!form && (
          <Link to="?new" className={buttonClass()}>
            <Plus aria-hidden />
            Add Product
          </Link>
        )}
      </PageHeader>

      {form && (
        <FormCard title={form.id ? "Edit Product" : "Add New Product"}>
          <ProductForm key={formKey} initial={form} errors={actionData?.errors ?? {}} />
          {form.id && (
            <Link
              to={`/admin/products/${form.id}/label`}
              className="mt-4 inline-block text-sm text-primary underline-offset-2 hover:underline"
            >
              Supplement Facts, claims and Prop 65 warning
            </Link>
          )}
        </FormCard>
      )}

      {loaderData.loadError && <LoadError>Failed to fetch products</LoadError>}
      <section aria-labelledby="all-products">
        <h2 id="all-products" className="mb-3 font-display text-xl font-semibold">
          All Products
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Variants</TableHead>
              <TableHead>Stock</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!loaderData.loadError && loaderData.products.length === 0 && (
              <TableMessageRow colSpan={6}>No products yet</TableMessageRow>
            )}
            {loaderData.products.map((p) => (
              <TableRow key={p.id}>
                <TableCell className="font-medium">{p.name}</TableCell>
                <TableCell>{priceRange(p)}</TableCell>
                <TableCell>{p.variantCount === 1 ? "1 variant" : `${p.variantCount} variants`}</TableCell>
                <TableCell>
                  {/* The name starts with the visible text (axe: label-content-name-mismatch). */}
                  <Link
                    to={`/admin/products/${p.id}/stock`}
                    aria-label={`${stockText(p.stockTotal, p.held)}: stock of ${p.name}`}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {stockText(p.stockTotal, p.held)}
                  </Link>
                </TableCell>
                <TableCell>
                  <StockStatus product={p} />
                  {p.featured && (
                    <Badge variant="outline" className="ml-1">
                      Featured
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <EditLink to={`?edit=${p.id}`} name={p.name} />
                    <DeleteButton
                      id={p.id}
                      name={p.name}
                      title="Delete product"
                      question="Are you sure you want to delete this product?"
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </>
  );
}

/** Sold Out or Available; a product marked sold out with stock says which one rules. */
function StockStatus({ product }: { product: { soldOut: boolean; stockTotal: number | null } }) {
  const status = productStockStatus(product);
  return (
    <>
      <Badge variant={product.soldOut ? "destructive" : "success"}>{status.label}</Badge>
      {status.detail && <span className="mt-1 block text-xs text-muted-foreground">{status.detail}</span>}
    </>
  );
}

/** The products list's stock cell: units over tracked live variants, or "Not tracked"; and what checkouts hold. */
function stockText(total: number | null, held: number) {
  if (total === null) return "Not tracked";
  return held > 0 ? `${total} in stock · ${held} in other shoppers' carts` : `${total} in stock`;
}
