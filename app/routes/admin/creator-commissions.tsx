import { Download } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LoadError } from "~/components/admin/row-actions.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
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
import { parseForm, readForm } from "~/lib/forms.ts";
import { formatMoney } from "~core/pricing/money.ts";
import {
  commissionSettingsFormSchema,
  DEFAULT_COMMISSION_SETTINGS,
  getCommissionSettings,
  saveCommissionSettings,
} from "~server/creators/commission-settings.ts";
import { allCreatorBalances } from "~server/creators/ledger-read.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/creator-commissions";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** Creator commissions: every creator's balance, the hold setting and the payable CSV (decision 040). */
const PATH = "/admin/creator-commissions";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.database.db;
  const loaded = await settle(context.log, "loading creator commissions failed", async () => {
    const [settings, creators] = await Promise.all([getCommissionSettings(db), allCreatorBalances(db)]);
    return { settings, creators };
  });
  if (!loaded.ok) return { loadError: true, settings: DEFAULT_COMMISSION_SETTINGS, creators: [] };
  return { loadError: false, ...loaded.value };
}

export async function action({ request, context }: Route.ActionArgs) {
  const input = readForm(await request.formData(), { holdDays: "text" });
  const parsed = parseForm(commissionSettingsFormSchema, input);
  if (!parsed.ok) {
    return adminFailure({ title: "Error", description: parsed.errors.holdDays }, 400, {
      errors: parsed.errors,
      values: input,
    });
  }
  const saved = await settle(context.log, "saving commission settings failed", () =>
    saveCommissionSettings(context.database.db, parsed.data),
  );
  if (saved.ok) return backWithToast(PATH, "Commission settings saved");
  return adminFailure(saved.message, saved.status, { values: input });
}

export default function CreatorCommissions({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { settings, creators } = loaderData;
  return (
    <>
      <PageHeader
        title="Creator Commissions"
        subtitle="Balances, hold period and payouts of content creators"
      >
        <a href={`${PATH}/payable.csv`} className={buttonClass({ variant: "outline" })} download>
          <Download aria-hidden />
          Payable balances CSV
        </a>
      </PageHeader>
      {loaderData.loadError && <LoadError>Creator commissions could not be loaded.</LoadError>}
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="font-display text-lg font-semibold">Hold period</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <Field
              id="holdDays"
              label="Days before a commission is payable"
              error={actionData?.errors.holdDays}
              hint="Counted from the order's payment; applies to orders paid from now on (0 to 365)."
            >
              {(p) => (
                <Input
                  {...p}
                  name="holdDays"
                  type="number"
                  inputMode="numeric"
                  min="0"
                  max="365"
                  defaultValue={actionData?.values?.holdDays ?? String(settings.holdDays)}
                />
              )}
            </Field>
            <Button type="submit" disabled={busy} className="self-start">
              {busy ? "Saving…" : "Save"}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Creator</TableHead>
            <TableHead className="text-right">Pending</TableHead>
            <TableHead className="text-right">Payable</TableHead>
            <TableHead className="text-right">Paid to date</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!loaderData.loadError && creators.length === 0 && (
            <TableMessageRow colSpan={5}>No content creators found</TableMessageRow>
          )}
          {creators.map((c) => (
            <TableRow key={c.id}>
              <TableCell className="font-medium">{c.username}</TableCell>
              <TableCell className="text-right">{formatMoney(c.pendingCents)}</TableCell>
              <TableCell className="text-right">{formatMoney(c.payableCents)}</TableCell>
              <TableCell className="text-right">{formatMoney(c.paidCents)}</TableCell>
              <TableCell className="text-right">
                <Link to={`/admin/content-creators/${c.id}/ledger`} aria-label={`Ledger of ${c.username}`}>
                  Ledger
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
