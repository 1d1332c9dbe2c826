import { Download, Eye, EyeOff, History, Plus } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { CouponForm, type CouponFormState, emptyCouponForm } from "~/components/admin/coupon-form.tsx";
import { FormDialog } from "~/components/admin/form-dialog.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { DeleteButton, EditLink, IntentToggle, LoadError } from "~/components/admin/row-actions.tsx";
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
import { couponFormValues } from "~/lib/admin/admin-form-values.ts";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { refusedBy, useRecordFormKey } from "~/lib/form-reset-key.ts";
import { namedFieldErrors, parseForm } from "~/lib/forms.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import { couponStatus, discountLabel } from "~core/pricing/coupon-status.ts";
import { formatMoney } from "~core/pricing/money.ts";
import {
  type AdminCoupon,
  couponInputSchema,
  createAdminCoupon,
  deleteAdminCoupon,
  listActiveCreatorOptions,
  listAdminCoupons,
  listCouponUsages,
  setCouponFlag,
  updateAdminCoupon,
} from "~server/coupons/admin-coupons.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/coupons";
import {
  adminFailure,
  backWithToast,
  deleteIntent,
  type IntentArgs,
  runIntent,
  toggleIntent,
} from "./admin-actions.server.ts";
import { requestedForm } from "./admin-save.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const url = new URL(request.url);
  const loaded = await settle(context.log, "loading coupons failed", async () => {
    const coupons = await listAdminCoupons(db);
    const usageOf = coupons.find((c) => c.id === url.searchParams.get("usage"));
    const form = requestedForm(request, coupons, toFormState, emptyCouponForm);
    return {
      coupons,
      form,
      creators: form ? await listActiveCreatorOptions(db, form.contentCreatorId) : [],
      usage: usageOf ? { code: usageOf.code, rows: await listCouponUsages(db, usageOf.id) } : null,
    };
  });
  if (!loaded.ok) return { loadError: true, coupons: [], form: null, creators: [], usage: null };
  return { loadError: false, ...loaded.value };
}

const PATH = "/admin/coupons";

/** The form's labels, so a refusal names the field it is about. */
const couponFieldLabels: Record<string, string> = {
  code: "Coupon Code",
  discountType: "Discount Type",
  discountValue: "Discount Value",
  contentCreatorId: "Content Creator",
  validUntil: "Valid Until",
  usageLimit: "Total Usage Limit",
  minimumOrder: "Minimum Order Amount",
};

export async function action({ request, context }: Route.ActionArgs) {
  return runIntent<CouponFormState>(await request.formData(), context.database.db, {
    delete: deleteIntent(PATH, deleteAdminCoupon, {
      success: "Coupon deleted successfully!",
      failure: { title: "Error", description: "Failed to delete coupon. Please try again." },
    }),
    // The spec shows no message when a toggle fails; the row simply keeps its state.
    active: toggleIntent((db, id, value) => setCouponFlag(db, id, "isActive", value), {
      success: "Coupon status updated successfully!",
      failure: null,
    }),
    visible: toggleIntent((db, id, value) => setCouponFlag(db, id, "showOnFrontend", value), {
      success: "Coupon visibility updated successfully!",
      failure: null,
    }),
    save: (args) => saveCoupon(args, context.log),
  });
}

async function saveCoupon({ form, db, id }: IntentArgs, log: Route.ActionArgs["context"]["log"]) {
  const raw = couponFormValues(form);
  const values: CouponFormState = { ...raw, id: id || undefined };
  const failure = {
    title: "Error",
    description: id
      ? "Failed to update coupon. Please try again."
      : "Failed to create coupon. Please try again.",
  };
  const parsed = parseForm(couponInputSchema, raw);
  if (!parsed.ok) {
    // The spec's "server message": which field is wrong and why, instead of "Please try again".
    const description = namedFieldErrors(parsed.errors, couponFieldLabels) ?? failure.description;
    return adminFailure({ ...failure, description }, 400, { values, errors: parsed.errors });
  }
  const attempted = await settle(log, "saving a coupon failed", () =>
    id ? updateAdminCoupon(db, id, parsed.data) : createAdminCoupon(db, parsed.data),
  );
  // The spec: the server's message when there is one, else the generic failure.
  if (!attempted.ok) return adminFailure(attempted.message, attempted.status, { values });
  const saved = attempted.value;
  if (!saved.ok) {
    if ("missing" in saved) return adminFailure(failure, 404, { values });
    const errors = { [saved.field]: saved.message };
    return adminFailure({ title: "Error", description: saved.message }, 400, { values, errors });
  }
  return backWithToast(PATH, id ? "Coupon updated successfully!" : "Coupon created successfully!");
}

function toFormState(c: AdminCoupon): CouponFormState {
  return {
    id: c.id,
    code: c.code,
    discountType: c.discountType,
    discountValue: (c.discountValueHundredths / 100).toFixed(2),
    contentCreatorId: c.contentCreatorId ?? "",
    validUntil: c.validUntil ? new Date(c.validUntil).toISOString().slice(0, 10) : "",
    usageLimit: c.usageLimit === null ? "" : String(c.usageLimit),
    minimumOrder: c.minimumOrderCents === null ? "" : (c.minimumOrderCents / 100).toFixed(2),
    oncePerCustomer: c.oncePerCustomer,
    showOnFrontend: c.showOnFrontend,
  };
}

const statusVariant = { Active: "success", Inactive: "muted", Expired: "warning" } as const;

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const form = actionData?.values ?? loaderData.form;
  const formKey = useRecordFormKey(refusedBy(actionData), form?.id);
  const { coupons, usage } = loaderData;
  return (
    <>
      <PageHeader
        title={`Coupon Management (${coupons.length})`}
        subtitle={`${coupons.length} coupons in total`}
      >
        <Link to="?new" className={buttonClass()} preventScrollReset>
          <Plus aria-hidden />
          Create Coupon
        </Link>
        <a href="/admin/coupons/usage.csv" className={buttonClass({ variant: "outline" })} download>
          <Download aria-hidden />
          Export usage CSV
        </a>
      </PageHeader>

      <FormDialog open={form !== null} closeTo={PATH} title={form?.id ? "Edit Coupon" : "Create New Coupon"}>
        {form && (
          <CouponForm
            key={formKey}
            initial={form}
            errors={actionData?.errors ?? {}}
            creators={loaderData.creators}
          />
        )}
      </FormDialog>

      <FormDialog
        open={usage !== null}
        closeTo={PATH}
        title={`Coupon Usage Details${usage ? ` – ${usage.code}` : ""}`}
        className="max-w-2xl"
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>User Email</TableHead>
              <TableHead>Order ID</TableHead>
              <TableHead>Discount Amount</TableHead>
              <TableHead>Used At</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {usage?.rows.length === 0 && (
              <TableMessageRow colSpan={4}>No usage records found</TableMessageRow>
            )}
            {usage?.rows.map((u) => (
              <TableRow key={u.id}>
                <TableCell>{u.userEmail}</TableCell>
                <TableCell>
                  <Link
                    to={`/admin/orders/${u.orderId}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    #{orderLabel({ id: u.orderId, number: u.orderNumber })}
                  </Link>
                </TableCell>
                <TableCell>{formatMoney(u.discountCents)}</TableCell>
                <TableCell>{formatDateTime(u.usedAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </FormDialog>

      {loaderData.loadError && <LoadError>Error loading coupons. Please try again.</LoadError>}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead>Content Creator</TableHead>
            <TableHead>Valid Period</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Visibility</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading && <TableMessageRow colSpan={7}>Loading coupons...</TableMessageRow>}
          {!loading && !loaderData.loadError && coupons.length === 0 && (
            <TableMessageRow colSpan={7}>No coupons found</TableMessageRow>
          )}
          {coupons.map((c) => (
            <CouponRow key={c.id} coupon={c} />
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function CouponRow({ coupon: c }: { coupon: AdminCoupon }) {
  const status = couponStatus(c);
  const activeLabel = c.isActive ? "Disable" : "Enable";
  return (
    <TableRow>
      <TableCell className="font-mono font-medium">{c.code}</TableCell>
      <TableCell>
        {discountLabel(c)}
        <CouponConditions coupon={c} />
      </TableCell>
      <TableCell>
        {c.creatorUsername ? (
          <>
            {c.creatorFullName ?? c.creatorUsername}
            <span className="block text-xs text-muted-foreground">@{c.creatorUsername}</span>
          </>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {formatDate(c.validFrom)} – {c.validUntil ? formatDate(c.validUntil) : "No expiry"}
      </TableCell>
      <TableCell>
        <Badge variant={statusVariant[status]}>{status}</Badge>
      </TableCell>
      <TableCell>
        <Badge variant={c.showOnFrontend ? "secondary" : "muted"}>
          {c.showOnFrontend ? "Visible" : "Hidden"}
        </Badge>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Link
            to={`?usage=${c.id}`}
            preventScrollReset
            aria-label={`View usage of ${c.code}`}
            className={buttonClass({ variant: "ghost", size: "icon" })}
          >
            <History aria-hidden />
          </Link>
          <EditLink to={`?edit=${c.id}`} name={c.code} />
          <IntentToggle intent="active" id={c.id} next={!c.isActive}>
            <Button type="submit" variant="outline" size="sm" aria-label={`${activeLabel} ${c.code}`}>
              {activeLabel}
            </Button>
          </IntentToggle>
          <IntentToggle intent="visible" id={c.id} next={!c.showOnFrontend}>
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              aria-label={`${c.showOnFrontend ? "Hide" : "Show"} ${c.code} on the storefront`}
            >
              {c.showOnFrontend ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
            </Button>
          </IntentToggle>
          <DeleteButton
            id={c.id}
            name={c.code}
            title="Delete coupon"
            question="Are you sure you want to delete this coupon?"
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** The conditions under a coupon's discount: its minimum order and once per customer. */
function CouponConditions({ coupon: c }: { coupon: AdminCoupon }) {
  const conditions = [
    c.minimumOrderCents ? `min. ${formatMoney(c.minimumOrderCents)}` : null,
    c.oncePerCustomer ? "once per customer" : null,
  ].filter(Boolean);
  if (conditions.length === 0) return null;
  return <span className="block text-xs text-muted-foreground">{conditions.join(" · ")}</span>;
}
