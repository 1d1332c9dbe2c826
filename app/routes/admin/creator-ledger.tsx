import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { BalanceSummary, LedgerTable, NextPageLink } from "~/components/creator/ledger-view.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { parseForm, readForm } from "~/lib/forms.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { adminUser } from "~server/auth/guards.ts";
import { creatorLedgerScreen } from "~server/creators/ledger-read.ts";
import { markCreatorPaid, markPaidSchema } from "~server/creators/payouts.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/creator-ledger";
import { adminFailure, backWithToast } from "./admin-actions.server.ts";

/** One creator's ledger and balance, and "Mark paid" (decision 040). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cursor = new URL(request.url).searchParams.get("ledger");
  const screen = await creatorLedgerScreen(context.database.db, params.creatorId, cursor);
  if (!screen) throw data("This content creator no longer exists.", { status: 404 });
  return screen;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const input = readForm(await request.formData(), { reference: "text", idempotencyKey: "text" });
  const parsed = parseForm(markPaidSchema, input);
  if (!parsed.ok) {
    const description = Object.values(parsed.errors)[0];
    return adminFailure({ title: "Error", description }, 400, { errors: parsed.errors, values: input });
  }
  const actorId = context.get(adminUser).id;
  const paid = await settle(context.log, "marking a creator paid failed", () =>
    markCreatorPaid(context.database.db, { ...parsed.data, creatorId: params.creatorId, actorId }),
  );
  if (!paid.ok) return adminFailure(paid.message, paid.status, { values: input });
  const path = `/admin/content-creators/${params.creatorId}/ledger`;
  return backWithToast(path, `Payout of ${formatMoney(paid.value.payout.amountCents)} recorded`);
}

export default function CreatorLedger({ loaderData, actionData }: Route.ComponentProps) {
  useFlashToast(actionData?.toast);
  const busy = useNavigation().state === "submitting";
  const { creator, balance, ledger } = loaderData;
  return (
    <>
      <PageHeader title={`Ledger of ${creator.username}`} subtitle="Commission entries, newest first">
        <Link to="/admin/creator-commissions" className="text-sm underline">
          All creator balances
        </Link>
      </PageHeader>
      <BalanceSummary balance={balance} />
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="font-display text-lg font-semibold">Mark paid</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-col gap-4" noValidate>
            <input
              type="hidden"
              name="idempotencyKey"
              value={actionData?.values?.idempotencyKey ?? loaderData.idempotencyKey}
            />
            <Field
              id="reference"
              label="Payout reference"
              error={actionData?.errors.reference}
              hint={`Pays everything payable now (${formatMoney(balance.payableCents)}).`}
            >
              {(p) => (
                <Input {...p} name="reference" maxLength={200} defaultValue={actionData?.values?.reference} />
              )}
            </Field>
            <Button type="submit" disabled={busy} className="self-start">
              {busy ? "Recording…" : "Mark paid"}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <LedgerTable rows={ledger.rows} />
      <NextPageLink href={ledger.next} label="Older entries" />
    </>
  );
}
