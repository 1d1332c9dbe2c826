import { data, redirect, useSearchParams } from "react-router";
import {
  BalanceSummary,
  LedgerTable,
  NextPageLink,
  ScrollTable,
  Td,
  Th,
} from "~/components/creator/ledger-view.tsx";
import { PortalField } from "~/components/creator/portal-field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate } from "~/lib/dates.ts";
import { type FieldErrors, parseForm } from "~/lib/forms.ts";
import { brand } from "~core/brand.ts";
import { CREATOR_PATH } from "~core/creator-portal.ts";
import { discountLabel } from "~core/pricing/coupon-status.ts";
import { formatMoney } from "~core/pricing/money.ts";
import { loadCreatorPortal } from "~server/creators/portal.ts";
import { creatorCookie, creatorOfRequest, endCreatorSession } from "~server/creators/sessions.ts";
import { creatorSignInSchema, SIGN_IN_FAILED, signInCreator } from "~server/creators/sign-in.ts";
import { settle } from "~server/http/error-response.ts";
import type { Route } from "./+types/portal";

/**
 * The creator portal (docs/creators.md): sign-in, then the signed-in creator's coupons, orders,
 * ledger and balance. Its own session cookie (Path=/creator) and plain HTML forms and links, so
 * every request is a document request that carries it.
 */
export function meta() {
  return [{ title: `Creator portal | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.database.db;
  const creator = await creatorOfRequest(db, request);
  if (!creator) return data({ portal: null }, { headers: NO_STORE });
  const url = new URL(request.url);
  const cursors = { orders: url.searchParams.get("orders"), ledger: url.searchParams.get("ledger") };
  const portal = await loadCreatorPortal(db, creator, cursors);
  return data({ portal }, { headers: NO_STORE });
}

/** The loader's no-store, and a refused sign-in's Retry-After. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) merged.set(name, value);
  return merged;
}

type ActionData = { errors: FieldErrors; username: string; message: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.database.db;
  const form = await request.formData();
  const publicUrl = context.config.publicUrl;
  if (form.get("intent") === "sign-out") {
    await endCreatorSession(db, request);
    return redirect(CREATOR_PATH, { headers: { "Set-Cookie": creatorCookie(null, publicUrl) } });
  }
  const parsed = parseForm(creatorSignInSchema, form);
  const username = String(form.get("username") ?? "").slice(0, 50);
  if (!parsed.ok)
    return data<ActionData>({ errors: parsed.errors, username, message: null }, { status: 400 });
  const attempt = await settle(context.log, "creator sign-in failed", () =>
    signInCreator(db, parsed.data, context.clientIp),
  );
  if (!attempt.ok) {
    const { message, status, headers } = attempt;
    return data<ActionData>(
      { errors: {}, username, message: message.description ?? message.title },
      { status, headers },
    );
  }
  if (!attempt.value)
    return data<ActionData>({ errors: {}, username, message: SIGN_IN_FAILED }, { status: 401 });
  return redirect(CREATOR_PATH, { headers: { "Set-Cookie": creatorCookie(attempt.value, publicUrl) } });
}

export default function CreatorPortal({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <p className="font-display text-lg text-primary">{brand.name} · Creator portal</p>
      {loaderData.portal ? <Portal portal={loaderData.portal} /> : <SignIn result={actionData} />}
    </main>
  );
}

function SignIn({ result }: { result: ActionData | undefined }) {
  const errors = result?.errors ?? {};
  // Back from a set-password link (password-links.ts).
  const [params] = useSearchParams();
  return (
    <section className="mx-auto flex w-full max-w-sm flex-col gap-4">
      <h1 className="font-display text-2xl font-semibold">Creator sign-in</h1>
      {params.get("password") === "set" && !result && (
        <p role="status" className="text-sm">
          Your password is set: sign in with it.
        </p>
      )}
      {result?.message && (
        <p role="alert" className="text-sm text-destructive-text">
          {result.message}
        </p>
      )}
      {/* A plain form: the document POST carries the portal's cookie (Path=/creator). */}
      <form method="post" action={CREATOR_PATH} className="flex flex-col gap-4">
        <PortalField
          name="username"
          label="Username"
          error={errors.username}
          maxLength={50}
          autoComplete="username"
          defaultValue={result?.username}
        />
        <PortalField
          name="password"
          label="Password"
          error={errors.password}
          maxLength={200}
          autoComplete="current-password"
          type="password"
        />
        <Button type="submit">Sign in</Button>
      </form>
    </section>
  );
}

type PortalData = NonNullable<Route.ComponentProps["loaderData"]["portal"]>;

function Portal({ portal }: { portal: PortalData }) {
  const { coupons, orders, ledger } = portal;
  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl font-semibold">Hello, {portal.username}</h1>
        <form method="post" action={CREATOR_PATH}>
          <Button type="submit" name="intent" value="sign-out" variant="outline" size="sm">
            Sign out
          </Button>
        </form>
      </header>
      <section aria-labelledby="balance" className="flex flex-col gap-3">
        <h2 id="balance" className="text-lg font-semibold">
          Balance
        </h2>
        <BalanceSummary balance={portal.balance} />
        <p className="text-sm text-muted-foreground">
          Commission is pending for {portal.holdDays} days after an order is paid, then payable. Refunds and
          cancellations take back their share; after a payout that shows as a negative balance, settled by the
          next payout.
        </p>
      </section>
      <section aria-labelledby="coupons" className="flex flex-col gap-3">
        <h2 id="coupons" className="text-lg font-semibold">
          Your coupon codes
        </h2>
        {coupons.length === 0 ? (
          <p className="text-sm text-muted-foreground">No coupon codes yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {coupons.map((c) => (
              <li key={c.code} className="rounded-md border border-border px-3 py-2 text-sm">
                <span className="font-mono font-semibold">{c.code}</span> · {discountLabel(c)} off ·{" "}
                {c.isActive ? "Active" : "Inactive"}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="orders" className="flex flex-col gap-3">
        <h2 id="orders" className="text-lg font-semibold">
          Orders with your codes
        </h2>
        <OrdersTable rows={orders.rows} />
        <NextPageLink href={orders.next} label="Older orders" />
      </section>
      <section aria-labelledby="ledger" className="flex flex-col gap-3">
        <h2 id="ledger" className="text-lg font-semibold">
          Ledger
        </h2>
        <LedgerTable rows={ledger.rows} />
        <NextPageLink href={ledger.next} label="Older entries" />
      </section>
    </>
  );
}

function OrdersTable({ rows }: { rows: PortalData["orders"]["rows"] }) {
  if (rows.length === 0)
    return <p className="text-sm text-muted-foreground">No orders with your codes yet.</p>;
  return (
    <ScrollTable label="Orders with your codes">
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Order</Th>
          <Th>Customer</Th>
          <Th className="text-right">Order total</Th>
          <Th className="text-right">Commission</Th>
          <Th className="text-right">Clawed back</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static server-rendered page of rows without ids
          <tr key={index} className="border-t border-border">
            <Td>{o.paidAt ? formatDate(o.paidAt) : "—"}</Td>
            <Td>{o.orderRef}</Td>
            <Td>{[o.firstName, o.city].filter(Boolean).join(", ") || "—"}</Td>
            <Td className="text-right tabular-nums">{formatMoney(o.totalCents)}</Td>
            <Td className="text-right tabular-nums">{formatMoney(o.commissionCents)}</Td>
            <Td className="text-right tabular-nums">
              {o.clawedBackCents ? formatMoney(-o.clawedBackCents) : "—"}
            </Td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
