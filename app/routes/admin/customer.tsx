import { data, Link, useNavigation } from "react-router";
import { CustomerActions } from "~/components/admin/customers/customer-actions.tsx";
import { CustomerActivity } from "~/components/admin/customers/customer-activity.tsx";
import { CustomerContact } from "~/components/admin/customers/customer-contact.tsx";
import { CustomerOrders } from "~/components/admin/customers/customer-orders.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { brand } from "~core/brand.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { can } from "~core/staff/roles.ts";
import { adminUser } from "~server/auth/guards.ts";
import { customerProfile } from "~server/customers/profile.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/customer";
import { customerAction } from "./customer-actions.server.ts";

export function meta({ data: loaded }: Route.MetaArgs) {
  const name = loaded?.profile.customer.name || loaded?.profile.customer.email || "Customer";
  return [{ title: `${name} | ${brand.name} Admin` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const loaded = await settle(context.log, "loading a customer failed", () =>
    customerProfile(context.database.db, params.customerId),
  );
  if (!loaded.ok) throw data(loaded.message.title, { status: loaded.status });
  return { profile: loaded.value, mayEdit: can(context.get(adminUser).access, "edit:customer") };
}

export const action = customerAction;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold">{value}</dd>
    </div>
  );
}

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, mayEdit } = loaderData;
  const { customer, figures } = profile;
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/customers" className="text-sm text-primary underline-offset-4 hover:underline">
        ← Customers
      </Link>
      <PageHeader
        title={customer.name || customer.email}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{customer.email}</span>
            {customer.guest ? (
              <Badge variant="muted">Guest</Badge>
            ) : customer.emailVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Unverified</Badge>
            )}
            {customer.signInDisabled && <Badge variant="destructive">Sign-in disabled</Badge>}
          </span>
        }
      />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Lifetime spend" value={formatMoney(figures.lifetimeSpendCents)} />
        <Figure label="Orders" value={String(figures.orderCount)} />
        <Figure label="Average order" value={formatMoney(figures.averageOrderCents)} />
        <Figure label="Customer since" value={new Date(customer.since).toLocaleDateString("en-US")} />
      </dl>
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerOrders orders={profile.orders} mayEdit={mayEdit} customer={customer} busy={busy} />
          <CustomerActivity profile={profile} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerContact profile={profile} />
          <CustomerActions
            customer={customer}
            mayEdit={mayEdit}
            busy={busy}
            errors={actionData?.errors ?? {}}
            values={actionData?.values ?? null}
          />
        </div>
      </div>
    </div>
  );
}
