import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { BulkEditGrid, type BulkRow } from "~/components/admin/bulk-edit-grid.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { brand } from "~core/brand.ts";
import { BULK_FIELDS, type BulkField, cellKey, MAX_BULK_VARIANTS } from "~core/catalog/bulk-edit.ts";
import { adminUser } from "~server/auth/guards.ts";
import { bulkEditInput, loadBulkVariants, saveBulkEdit } from "~server/catalog/bulk-edit.ts";
import { fieldMessages, settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/product-bulk";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

export function meta() {
  return [{ title: `Bulk edit products | ${brand.name} Admin` }];
}

/** The products chosen on the list (?ids=…&ids=…), their live variants as grid rows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams.getAll("ids");
  const loaded = await settle(context.log, "loading the bulk edit grid failed", () =>
    loadBulkVariants(context.database.db, ids),
  );
  return { rows: loaded.ok ? (loaded.value as BulkRow[]) : [], loadError: !loaded.ok, chosen: ids.length };
}

/**
 * The grid posts every cell as `cell.<variantId>.<field>` beside what it showed (`was.…`): the
 * changed cells are the save, so it works without JavaScript too, and a cell edited back to its
 * value is no change.
 */
function changedCells(form: FormData) {
  const changes: { variantId: string; field: BulkField; value: string }[] = [];
  const typed: Record<string, string> = {};
  for (const [name, raw] of form) {
    const [kind, variantId = "", field = ""] = name.split(".");
    if (kind !== "cell" || !(BULK_FIELDS as readonly string[]).includes(field)) continue;
    const value = String(raw);
    typed[cellKey(variantId, field as BulkField)] = value;
    if (value.trim() !== String(form.get(`was.${variantId}.${field}`) ?? "").trim())
      changes.push({ variantId, field: field as BulkField, value });
  }
  return { changes, typed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { changes, typed } = changedCells(form);
  const parsed = bulkEditInput.safeParse({
    changes,
    stockReason: String(form.get("stockReason") ?? "") || undefined,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Check the grid.";
    return adminFailure({ title: "Nothing was saved", description: message }, 400, { values: typed });
  }
  const saved = await settle(context.log, "bulk product edit failed", () =>
    saveBulkEdit(context.database.db, parsed.data, context.get(adminUser).id),
  );
  if (!saved.ok) {
    return adminFailure(saved.message, saved.status, { values: typed, errors: fieldMessages(saved) });
  }
  const url = new URL(request.url);
  const n = saved.value.variants;
  return backWithToast(`${url.pathname}${url.search}`, n === 1 ? "1 variant saved" : `${n} variants saved`);
}

export default function ProductBulk({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const { rows, chosen, loadError } = loaderData;
  return (
    <>
      <PageHeader title="Bulk edit" subtitle={`${rows.length} variants of the selected products`}>
        <Link to="/admin/products" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden />
          Back to products
        </Link>
      </PageHeader>
      {loadError && <p role="alert">Failed to load the variants. Please try again.</p>}
      {!loadError && chosen === 0 && (
        <p>
          No products selected.{" "}
          <Link to="/admin/products" className="text-primary underline">
            Choose products
          </Link>{" "}
          on the list first.
        </p>
      )}
      {rows.length >= MAX_BULK_VARIANTS && (
        <p className="mb-2 text-sm text-muted-foreground">
          Showing the first {MAX_BULK_VARIANTS} variants: select fewer products to edit the rest.
        </p>
      )}
      {rows.length > 0 && (
        <BulkEditGrid
          key={rows.map((r) => `${r.priceCents}:${r.compareAtCents}:${r.stockQuantity}:${r.status}`).join()}
          rows={rows}
          typed={actionData?.values ?? null}
          serverErrors={actionData?.errors ?? {}}
        />
      )}
    </>
  );
}
