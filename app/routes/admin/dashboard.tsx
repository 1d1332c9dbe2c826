import { Landmark, MessageSquare, Package, ShoppingCart } from "lucide-react";
import { LowStockCard } from "~/components/admin/low-stock-card.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { PolicyTemplateWarning } from "~/components/admin/policy-template-warning.tsx";
import { SalesChart } from "~/components/admin/sales-chart.tsx";
import { SetupChecklist } from "~/components/admin/setup-checklist.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
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
import { formatDateTime } from "~/lib/dates.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { getDashboardOverview } from "~server/dashboard/overview.ts";
import { setupChecklist, taxCollectedSince } from "~server/dashboard/setup-checklist.ts";
import { failureToast, settle } from "~server/http/error-response.ts";
import { sandboxEnabled } from "~server/payments/registry.ts";
import { policiesStillTemplates } from "~server/policies/read.ts";
import type { Route } from "./+types/dashboard";

const TAX_WINDOW_DAYS = 30;

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const config = {
    paymentsLive: !sandboxEnabled(context.config),
    smtp: Boolean(context.config.mail.smtpUrl),
  };
  const since = new Date(Date.now() - TAX_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const loaded = await settle(
    context.log,
    "dashboard query failed",
    async () => {
      const [overview, setup, taxCents] = await Promise.all([
        getDashboardOverview(db),
        setupChecklist(db, config),
        taxCollectedSince(db, since),
      ]);
      return { ...overview, setup, taxCents };
    },
    { title: "Error fetching dashboard data", showServerMessage: true, status: 503 },
  );
  // The overview's own message covers a database failure; the warning then just waits for the next load.
  const starterPolicies = await settle(context.log, "reading policy templates failed", () =>
    policiesStillTemplates(context.database.db),
  );
  const templates = starterPolicies.ok ? starterPolicies.value : [];
  if (loaded.ok) return { overview: loaded.value, error: null, templates };
  return { overview: null, error: failureToast(loaded), templates };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { overview, error, templates } = loaderData;
  useFlashToast(error);
  const cards = [
    { title: "Total Products", value: overview?.totals.products, icon: Package },
    { title: "Total Orders", value: overview?.totals.orders, icon: ShoppingCart },
    { title: "Contact Messages", value: overview?.totals.contacts, icon: MessageSquare },
    {
      title: `Tax collected (${TAX_WINDOW_DAYS} days)`,
      value: overview ? formatMoney(overview.taxCents) : undefined,
      icon: Landmark,
    },
  ];
  return (
    <>
      <PageHeader title="Dashboard" subtitle="The shop at a glance" />
      <PolicyTemplateWarning policies={templates} />
      {overview && <SetupChecklist steps={overview.setup} />}
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ title, value, icon: Icon }) => (
          <Card key={title} className="gap-2 py-5">
            <CardHeader className="flex-row items-center justify-between">
              <h2 className="font-sans text-sm font-medium text-muted-foreground">{title}</h2>
              <Icon className="size-5 text-primary" aria-hidden />
            </CardHeader>
            <CardContent>
              <p className="font-display text-3xl font-semibold">{value ?? "—"}</p>
            </CardContent>
          </Card>
        ))}
      </section>

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader>
            <h2 className="font-display text-xl leading-tight font-semibold">Revenue and orders</h2>
            <p className="text-xs text-muted-foreground">Revenue net of refunds</p>
          </CardHeader>
          <CardContent>{overview && <SalesChart days={overview.sales} />}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="font-display text-xl leading-tight font-semibold">Top products</h2>
          </CardHeader>
          <CardContent>
            {overview?.topProducts.length ? (
              <ol className="flex flex-col gap-3">
                {overview.topProducts.map((p) => (
                  <li key={p.name} className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate">{p.name}</span>
                    <span className="shrink-0 text-muted-foreground">
                      {p.quantity} sold · {formatMoney(p.revenueCents)}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">No sales yet</p>
            )}
          </CardContent>
        </Card>
      </div>

      {overview && <LowStockCard variants={overview.lowStock} />}

      <section aria-labelledby="recent-activity" className="mt-6">
        <h2 id="recent-activity" className="mb-3 font-display text-xl font-semibold">
          Recent Activity
        </h2>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Event</TableHead>
              <TableHead>User</TableHead>
              <TableHead>Date</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {overview?.recentActivity.length ? (
              overview.recentActivity.map((a) => (
                <TableRow key={`${a.kind}-${a.event}-${String(a.at)}`}>
                  <TableCell>{a.event}</TableCell>
                  <TableCell className="max-w-64 truncate">{a.user}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(a.at)}</TableCell>
                </TableRow>
              ))
            ) : (
              <TableMessageRow colSpan={3}>No recent activity</TableMessageRow>
            )}
          </TableBody>
        </Table>
      </section>
    </>
  );
}
