import { Eye, EyeOff, History, Pencil, Plus, Trash2 } from "lucide-react";
import { data, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { CouponForm, type CouponFormState, emptyCouponForm } from "~/components/admin/coupon-form.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { actionToast } from "~/lib/action-toast.ts";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import { redirectWithToast } from "~/lib/flash.server.ts";
import { formatMoney } from "~/lib/money.ts";
import { requireAdmin } from "~server/auth/guards.ts";
import {
  type AdminCoupon,
  couponFormValues,
  couponInputSchema,
  couponStatus,
  createAdminCoupon,
  deleteAdminCoupon,
  listActiveCreatorOptions,
  listAdminCoupons,
  listCouponUsages,
  setCouponFlag,
  updateAdminCoupon,
} from "~server/coupons/admin-coupons.ts";
import type { Route } from "./+types/coupons";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const db = context.database.db;
  const url = new URL(request.url);
  try {
    const coupons = await listAdminCoupons(db);
    const editing = coupons.find((c) => c.id === url.searchParams.get("edit"));
    const usageOf = coupons.find((c) => c.id === url.searchParams.get("usage"));
    const form = editing ? toFormState(editing) : url.searchParams.has("new") ? emptyCouponForm : null;
    return {
      loadError: false,
      coupons,
      form,
      creators: form ? await listActiveCreatorOptions(db) : [],
      usage: usageOf ? { code: usageOf.code, rows: await listCouponUsages(db, usageOf.id) } : null,
    };
  } catch (error) {
    context.log.error({ err: error }, "loading coupons failed");
    return { loadError: true, coupons: [], form: null, creators: [], usage: null };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await request.formData();
  const db = context.database.db;
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");

  if (intent === "delete") {
    if (!(await deleteAdminCoupon(db, id))) return fail("Failed to delete coupon. Please try again.", 404);
    return redirectWithToast("/admin/coupons", { title: "Coupon deleted successfully!", variant: "success" });
  }
  if (intent === "active" || intent === "visible") {
    const flag = intent === "active" ? "isActive" : "showOnFrontend";
    // The spec shows no message when a toggle fails; the row simply keeps its state.
    if (!(await setCouponFlag(db, id, flag, form.get("value") === "true")))
      return { toast: null, errors: {}, values: null };
    return {
      errors: {},
      values: null,
      toast: actionToast({
        title:
          intent === "active"
            ? "Coupon status updated successfully!"
            : "Coupon visibility updated successfully!",
        variant: "success",
      }),
    };
  }

  const raw = couponFormValues(form);
  const values: CouponFormState = { ...raw, id: id || undefined };
  const failure = id
    ? "Failed to update coupon. Please try again."
    : "Failed to create coupon. Please try again.";
  const parsed = couponInputSchema.safeParse(raw);
  if (!parsed.success) return fail(failure, 400, values, z.flattenError(parsed.error).fieldErrors);
  const saved = id ? await updateAdminCoupon(db, id, parsed.data) : await createAdminCoupon(db, parsed.data);
  if (!saved.ok) {
    if ("missing" in saved) return fail(failure, 404, values);
    return fail(saved.message, 400, values, { [saved.field]: [saved.message] });
  }
  return redirectWithToast("/admin/coupons", {
    title: id ? "Coupon updated successfully!" : "Coupon created successfully!",
    variant: "success",
  });
}

function fail(
  description: string,
  status: number,
  values: CouponFormState | null = null,
  errors: Record<string, string[] | undefined> = {},
) {
  return data(
    { errors, values, toast: actionToast({ title: "Error", description, variant: "destructive" }) },
    { status },
  );
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
    showOnFrontend: c.showOnFrontend,
  };
}

function discountLabel(c: AdminCoupon) {
  return c.discountType === "percentage"
    ? `${(c.discountValueHundredths / 100).toFixed(2).replace(/\.00$/, "")}%`
    : formatMoney(c.discountValueHundredths);
}

const statusVariant = { Active: "success", Inactive: "muted", Expired: "warning" } as const;

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/coupons";
  const form = actionData?.values ?? loaderData.form;
  const close = (open: boolean) => {
    if (!open) navigate("/admin/coupons", { preventScrollReset: true });
  };
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
      </PageHeader>

      <Dialog open={form !== null} onOpenChange={close}>
        <DialogContent aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>{form?.id ? "Edit Coupon" : "Create New Coupon"}</DialogTitle>
          </DialogHeader>
          {form && (
            <CouponForm
              key={actionData?.toast?.id ?? form.id ?? "new"}
              initial={form}
              errors={actionData?.errors ?? {}}
              creators={loaderData.creators}
            />
          )}
        </DialogContent>
      </Dialog>

      <Dialog open={usage !== null} onOpenChange={close}>
        <DialogContent aria-describedby={undefined} className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Coupon Usage Details{usage ? ` – ${usage.code}` : ""}</DialogTitle>
          </DialogHeader>
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
                <TableRow>
                  <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                    No usage records found
                  </TableCell>
                </TableRow>
              )}
              {usage?.rows.map((u) => (
                <TableRow key={u.id}>
                  <TableCell>{u.userEmail}</TableCell>
                  <TableCell className="font-mono">{u.orderId.slice(0, 8)}...</TableCell>
                  <TableCell>{formatMoney(u.discountCents)}</TableCell>
                  <TableCell>{formatDateTime(u.usedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
      </Dialog>

      {loaderData.loadError && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive-text/40 p-4 text-destructive-text"
        >
          Error loading coupons. Please try again.
        </p>
      )}
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
          {loading && (
            <TableRow>
              <TableCell colSpan={7} className="py-6 text-center text-muted-foreground">
                Loading coupons...
              </TableCell>
            </TableRow>
          )}
          {!loading && !loaderData.loadError && coupons.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                No coupons found
              </TableCell>
            </TableRow>
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
  return (
    <TableRow>
      <TableCell className="font-mono font-medium">{c.code}</TableCell>
      <TableCell>{discountLabel(c)}</TableCell>
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
          <Link
            to={`?edit=${c.id}`}
            preventScrollReset
            aria-label={`Edit ${c.code}`}
            className={buttonClass({ variant: "ghost", size: "icon" })}
          >
            <Pencil aria-hidden />
          </Link>
          <FlagToggle
            id={c.id}
            intent="active"
            next={!c.isActive}
            label={c.isActive ? "Disable" : "Enable"}
            code={c.code}
          />
          <FlagToggle
            id={c.id}
            intent="visible"
            next={!c.showOnFrontend}
            label={c.showOnFrontend ? "Hide" : "Show"}
            code={c.code}
          />
          <ConfirmSubmit
            fields={{ intent: "delete", id: c.id }}
            title="Delete coupon"
            question="Are you sure you want to delete this coupon?"
          >
            <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${c.code}`}>
              <Trash2 className="text-destructive-text" aria-hidden />
            </Button>
          </ConfirmSubmit>
        </div>
      </TableCell>
    </TableRow>
  );
}

/** Enable/Disable (text button) and the eye button (visibility); both post without leaving the page. */
function FlagToggle({
  id,
  intent,
  next,
  label,
  code,
}: {
  id: string;
  intent: "active" | "visible";
  next: boolean;
  label: string;
  code: string;
}) {
  const fetcher = useFetcher<typeof action>();
  useFlashToast(fetcher.data && "toast" in fetcher.data ? fetcher.data.toast : null);
  const Icon = next ? Eye : EyeOff;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(next)} />
      {intent === "active" ? (
        <Button type="submit" variant="outline" size="sm" aria-label={`${label} ${code}`}>
          {label}
        </Button>
      ) : (
        <Button type="submit" variant="ghost" size="icon" aria-label={`${label} ${code} on the storefront`}>
          <Icon aria-hidden />
        </Button>
      )}
    </fetcher.Form>
  );
}
