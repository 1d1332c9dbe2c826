import { Copy, Download, Plus, Upload } from "lucide-react";
import { Form, Link } from "react-router";
import { AuditTimeline } from "~/components/admin/audit-timeline.tsx";
import { FormCard } from "~/components/admin/form-card.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { emptyProductForm, ProductForm, type ProductFormState } from "~/components/admin/product-form.tsx";
import { CursorPagination, ProductListFilters } from "~/components/admin/product-list-controls.tsx";
import { DeleteButton, EditLink, LoadError } from "~/components/admin/row-actions.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
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
import { productFormValues } from "~/lib/admin/admin-form-values.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { ADMIN_PRODUCT_SORTS } from "~core/catalog/admin-product-sorts.ts";
import { productStockStatus } from "~core/catalog/stock.ts";
import { applyStep, parseStep } from "~core/catalog/variant-drafts.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { can } from "~core/staff/roles.ts";
import { entityTimeline } from "~server/audit/query.ts";
import { adminUser } from "~server/auth/guards.ts";
import {
  type AdminProductListRow,
  listAdminProductPage,
  listCollectionChoices,
  readAdminProductListQuery,
} from "~server/catalog/admin-product-list.ts";
import {
  type AdminProduct,
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  productInputSchema,
  updateAdminProduct,
} from "~server/catalog/admin-products.ts";
import { loadAdminVariants } from "~server/catalog/admin-variants.ts";
import { duplicateProduct } from "~server/catalog/duplicate-product.ts";
import { fieldMessages, settle } from "~server/http/error-response.ts";
import { receiveImageUpload, uploadTooLarge } from "~server/media/upload-request.ts";
import type { Route } from "./+types/products";
import {
  adminFailure,
  backWithToast,
  deleteIntent,
  type IntentArgs,
  runIntent,
} from "./admin-actions.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = context.database.db;
  const editId = url.searchParams.get("edit");
  const query = readAdminProductListQuery(url.searchParams);
  const controls = {
    q: query.q,
    status: query.status,
    collection: query.collection,
    stock: query.stock,
    sort: query.sort,
  };
  const mayImport = can(context.get(adminUser).access, "edit:product");
  const loaded = await settle(context.log, "loading products failed", async () => {
    const editing = editId ? await getAdminProduct(db, editId) : null;
    const [page, collections] = await Promise.all([
      listAdminProductPage(db, query),
      listCollectionChoices(db),
    ]);
    return {
      ...page,
      collections,
      // The product's own history from the audit log: saves, price and stock changes.
      history: editing ? await entityTimeline(db, "product", editing.id) : [],
      form: editing
        ? toFormState(editing, await loadAdminVariants(db, editing.id))
        : url.searchParams.has("new")
          ? emptyProductForm
          : null,
    };
  });
  if (!loaded.ok) return { loadError: true, ...emptyPage, controls, form: null, history: [], mayImport };
  return { loadError: false, controls, ...loaded.value, mayImport };
}

const PATH = "/admin/products";

export async function action({ request, context }: Route.ActionArgs) {
  if (uploadTooLarge(request)) return saveFailed(null, {}, "The image must be 5 MB or smaller", 413);
  const form = await request.formData();
  if (!can(context.get(adminUser).access, "edit:product") && !textOnlyIntent(form))
    return adminFailure(
      {
        title: "Not allowed for your role",
        description: "Your role may edit a product's text and images only.",
      },
      403,
    );
  return runIntent<ProductFormState>(form, context.database.db, {
    delete: deleteIntent(PATH, deleteAdminProduct, {
      success: "Product deleted successfully",
      failure: { title: "Failed to delete product" },
    }),
    save: (args) => saveProduct(context, request, args),
    duplicate: async ({ db, id }) => {
      const copy = await settle(context.log, "duplicating a product failed", () => duplicateProduct(db, id));
      if (!copy.ok) return adminFailure({ title: "Failed to duplicate product" }, copy.status);
      if (!copy.value)
        return adminFailure(
          { title: "Failed to duplicate product", description: "This product no longer exists." },
          404,
        );
      return backWithToast(`${PATH}?edit=${copy.value.id}`, "Product duplicated as a draft");
    },
  });
}

/**
 * What someone with "edit:product-text" only (the Content role) may post here: a save of an
 * existing product (then saved text-only); not a new product, a delete or a copy. Unknown intents
 * go on to runIntent, which refuses them for everyone.
 */
function textOnlyIntent(form: FormData): boolean {
  const intent = String(form.get("intent") ?? "");
  if (intent === "delete" || intent === "duplicate") return false;
  return intent !== "save" || Boolean(form.get("id"));
}

const emptyPage = {
  rows: [] as AdminProductListRow[],
  total: 0,
  next: null,
  previous: null,
  collections: [],
};

async function saveProduct(context: Route.ActionArgs["context"], request: Request, { form, db }: IntentArgs) {
  const raw = productFormValues(form);
  const id = String(form.get("id") ?? "") || undefined;
  const values: ProductFormState = {
    ...raw,
    id,
    initialViewCount: raw.initialViewCount ?? "0",
    status: raw.status ?? "active",
  };
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
    id
      ? updateAdminProduct(
          db,
          id,
          parsed.data,
          can(context.get(adminUser).access, "edit:product") ? "all" : "text",
        )
      : createAdminProduct(db, parsed.data),
  );
  if (!saved.ok) return saveFailed(values, fieldMessages(saved), saved.message.description, saved.status);
  if (!saved.value) return saveFailed(values, {}, "This product no longer exists.");
  // A new product's Supplement Facts are one step on (issue 31): its label page needs the product's id.
  if (!id && form.get("then") === "label")
    return backWithToast(`${PATH}/${saved.value.id}/label`, "Product created: add its Supplement Facts");
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
    status: p.status,
    publishAt: p.publishAt ? p.publishAt.toISOString().slice(0, 16) : "",
  };
}

function priceRange(p: AdminProductListRow) {
  const low = formatMoney(p.priceCents);
  return p.priceMaxCents > p.priceCents ? `${low} – ${formatMoney(p.priceMaxCents)}` : low;
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const form = actionData?.values ?? loaderData.form;
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  const { rows, total } = loaderData;
  return (
    <>
      <PageHeader
        title="Products Management"
        subtitle={total === 1 ? "1 product" : `${total.toLocaleString("en-US")} products`}
      >
        {loaderData.mayImport && (
          <Link to="/admin/products/import" className={buttonClass({ variant: "outline" })}>
            <Upload aria-hidden />
            Import
          </Link>
        )}
        <a href="/admin/products/export.csv" className={buttonClass({ variant: "outline" })} download>
          <Download aria-hidden />
          Export
        </a>
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
          {form.id && (
            <div className="mt-6">
              <AuditTimeline entries={loaderData.history} title="Product history" />
            </div>
          )}
        </FormCard>
      )}

      {loaderData.loadError && <LoadError>Failed to fetch products</LoadError>}
      <section aria-labelledby="all-products">
        <h2 id="all-products" className="mb-3 font-display text-xl font-semibold">
          All Products
        </h2>
        <ProductListFilters
          controls={loaderData.controls}
          collections={loaderData.collections}
          sorts={ADMIN_PRODUCT_SORTS}
        />
        {/* The checkboxes belong to this form (form=…): rows keep their own delete forms. */}
        <form
          id="bulk-select"
          method="get"
          action="/admin/products/bulk"
          className="mb-2 flex items-center gap-2"
        >
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
            Bulk edit selected
          </button>
          <span className="text-xs text-muted-foreground">
            Price, compare-at, stock and status of their variants.
          </span>
        </form>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">
                <span className="sr-only">Select</span>
              </TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Variants</TableHead>
              <TableHead>Stock</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {!loaderData.loadError && rows.length === 0 && (
              <TableMessageRow colSpan={7}>
                {hasFilters(loaderData.controls) ? "No products match these filters" : "No products yet"}
              </TableMessageRow>
            )}
            {rows.map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  <input
                    type="checkbox"
                    name="ids"
                    value={p.id}
                    form="bulk-select"
                    aria-label={`Select ${p.name}`}
                    className="size-4"
                  />
                </TableCell>
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
                  <PublishStatus product={p} />
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
                    <Form method="post">
                      <input type="hidden" name="intent" value="duplicate" />
                      <input type="hidden" name="id" value={p.id} />
                      <Button type="submit" variant="ghost" size="icon" aria-label={`Duplicate ${p.name}`}>
                        <Copy aria-hidden />
                      </Button>
                    </Form>
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
        <CursorPagination previous={loaderData.previous} next={loaderData.next} />
      </section>
    </>
  );
}

const hasFilters = (c: {
  q: string;
  status?: string | undefined;
  collection?: string | undefined;
  stock?: string | undefined;
}) => Boolean(c.q || c.status || c.collection || c.stock);

const STATUS_LABELS = { draft: "Draft", active: "Active", archived: "Archived" } as const;

/** Draft / Active / Archived, and a draft's publish time. */
function PublishStatus({
  product,
}: {
  product: { status: keyof typeof STATUS_LABELS; publishAt: Date | null };
}) {
  return (
    <span className="mb-1 block">
      <Badge variant={product.status === "active" ? "success" : "outline"}>
        {STATUS_LABELS[product.status]}
      </Badge>
      {product.status === "draft" && product.publishAt && (
        <span className="mt-1 block text-xs text-muted-foreground">
          Publishes {product.publishAt.toISOString().slice(0, 16).replace("T", " ")} UTC
        </span>
      )}
    </span>
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
