import { useFetcher } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import { formatDate, formatDateTime } from "~/lib/dates.ts";
import type { FieldErrors } from "~/lib/forms.ts";
import { formatMoney } from "~core/pricing/money.ts";
import type { ActionToast } from "~core/toast.ts";
import type { AdminRenewalRecord } from "~server/subscriptions/renewal-record.ts";

type Sub = {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  provider: string;
  items: { name: string; weight: string; unitPriceCents: number }[];
};

type Dated<T> = {
  [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K];
};
type RenewalRecord = {
  consent: Dated<NonNullable<AdminRenewalRecord["consent"]>> | null;
  notices: Dated<AdminRenewalRecord["notices"][number]>[];
  waitingChange: Dated<NonNullable<AdminRenewalRecord["waitingChange"]>> | null;
};

const noticeLabels = {
  price_change: "Price change notice",
  yearly_reminder: "Yearly reminder",
  payment_failed: "Payment failed",
  past_due: "Past due",
  ended: "Ended after failed payments",
} as const;

/** The subscription's automatic renewal in the back office: consent, notices sent, price change (decision 046). */
export function RenewalRecordPanel({ subscription, record }: { subscription: Sub; record: RenewalRecord }) {
  return (
    <section aria-labelledby="automatic-renewal" className="flex max-w-3xl flex-col gap-4">
      <h2 id="automatic-renewal" className="font-display text-xl font-semibold">
        Automatic renewal
      </h2>
      <ConsentDetails consent={record.consent} />
      <h3 className="font-semibold">Notices sent</h3>
      {record.notices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notices sent yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {record.notices.map((notice) => (
            <li key={notice.id}>
              {noticeLabels[notice.kind]} · {formatDateTime(notice.sentAt)} · {notice.summary}
            </li>
          ))}
        </ul>
      )}
      <PriceChange subscription={subscription} waiting={record.waitingChange} />
    </section>
  );
}

/** "terms v3, refunds v1" — the policy versions the buyer agreed under (decision 047). */
const policiesInForce = (versions: Record<string, number> | null) =>
  versions && Object.keys(versions).length
    ? Object.entries(versions)
        .map(([policy, version]) => `${policy} v${version}`)
        .join(", ")
    : "—";

function ConsentDetails({ consent }: { consent: RenewalRecord["consent"] }) {
  if (!consent)
    return (
      <p className="text-sm text-muted-foreground">
        No consent recorded (made before consent was collected).
      </p>
    );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-muted-foreground">Consent given</dt>
      <dd>{formatDateTime(consent.consentedAt)}</dd>
      <dt className="text-muted-foreground">Terms version</dt>
      <dd className="break-all">{consent.termsVersion}</dd>
      <dt className="text-muted-foreground">Policies in force</dt>
      <dd>{policiesInForce(consent.policyVersions)}</dd>
      <dt className="text-muted-foreground">IP address</dt>
      <dd className="break-all">{consent.clientIp ?? "—"}</dd>
      <dt className="text-muted-foreground">Browser</dt>
      <dd className="break-all">{consent.userAgent ?? "—"}</dd>
      <dt className="text-muted-foreground">Terms shown</dt>
      <dd className="whitespace-pre-line">{consent.termsText}</dd>
    </dl>
  );
}

type PriceChangeAnswer = { ok: boolean; errors: FieldErrors; toast?: ActionToast };

function PriceChange({
  subscription,
  waiting,
}: {
  subscription: Sub;
  waiting: RenewalRecord["waitingChange"];
}) {
  const fetcher = useFetcher<PriceChangeAnswer>();
  useFlashToast(fetcher.data?.toast);
  const errors = fetcher.data?.errors ?? {};
  if (waiting)
    return (
      <p className="text-sm">
        New monthly price {formatMoney(waiting.newMonthlyCents)} from the renewal on{" "}
        {formatDate(waiting.effectiveAt)}; notice{" "}
        {waiting.noticeSentAt
          ? `sent ${formatDate(waiting.noticeSentAt)}`
          : `due ${formatDate(waiting.notifyAt)}`}
        .
      </p>
    );
  if (subscription.status !== "active" || subscription.cancelAtPeriodEnd) return null;
  return (
    <fetcher.Form
      method="post"
      action={`/admin/subscriptions/${subscription.id}/price-change`}
      className="flex flex-col gap-3 rounded-lg border p-4"
    >
      <h3 className="font-semibold">Change the price</h3>
      <p className="text-sm text-muted-foreground">
        The new price applies from the first renewal at least the notice away; the subscriber is emailed 7–30
        days before it.
        {subscription.provider !== "sandbox" &&
          " Change the price at the payment provider for that date too."}
      </p>
      {subscription.items.map((item, index) => (
        <Field
          key={`${item.name}-${item.weight}`}
          id={`unit-price-${index}`}
          label={`New unit price: ${item.name} (${item.weight})`}
          error={errors.unitPrices}
        >
          {(control) => (
            <Input
              {...control}
              name="unitPrice"
              inputMode="decimal"
              defaultValue={(item.unitPriceCents / 100).toFixed(2)}
            />
          )}
        </Field>
      ))}
      <Field id="notice-days" label="Notice (days)" error={errors.noticeDays} hint="7 to 30 days">
        {(control) => (
          <Input {...control} name="noticeDays" type="number" min={7} max={30} defaultValue={14} />
        )}
      </Field>
      <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
        Schedule price change
      </Button>
    </fetcher.Form>
  );
}
