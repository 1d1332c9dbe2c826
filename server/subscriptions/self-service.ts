import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { isUuid } from "../db/ids.ts";
import { subscriptions } from "../db/schema/index.ts";
import { ConflictError, DomainError, NotFoundError, ProviderFailureError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ProviderName } from "../payments/registry.ts";
import type { SubscriptionChanger } from "../payments/subscription-changes.ts";
import { recordSubscriptionEvent, type SubscriptionActor } from "./events.ts";
import { type ChangeAction, sendChangeNotice } from "./notices.ts";

export type Subscription = typeof subscriptions.$inferSelect;

/** What the self-service changes need: the database, each provider's adapter, the outbox. */
export type SelfServiceDeps = {
  db: Db;
  changerFor: (name: ProviderName) => SubscriptionChanger;
  mailer: Pick<Mailer, "send">;
  /** The shop's origin, for the links in the emails. */
  publicUrl: string;
  now?: () => Date;
};

/** Whose subscription: a customer passes their user id (another user's id is "not found"); an admin none. */
export type ChangeTarget = { subscriptionId: string; userId?: string; actor: SubscriptionActor };

/** A change decided on the locked row: what the provider is asked, then what our row becomes. */
export type ChangePlan = {
  set: Partial<typeof subscriptions.$inferInsert>;
  provider: (changer: SubscriptionChanger) => Promise<void>;
};

const NOT_FOUND = new NotFoundError({
  title: "Subscription not found",
  description: "We could not find that subscription. Nothing was changed.",
});

/**
 * One self-service change, serialised per subscription: the row is locked (FOR UPDATE) for the
 * whole change, so two changes at once run one after the other and a renewal (which locks the same
 * row) sees either the old or the new row, never a mix. The provider is asked first; when it
 * refuses, nothing changes here. The history line is written in the same transaction, and the
 * email is queued once it committed (a failing outbox never undoes the change).
 */
export async function applyChange(
  deps: SelfServiceDeps,
  target: ChangeTarget,
  action: ChangeAction,
  plan: (row: Subscription, now: Date, tx: Tx) => ChangePlan | Promise<ChangePlan>,
): Promise<Subscription> {
  const now = deps.now?.() ?? new Date();
  const updated = await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, target);
    if (row.status === "canceled") {
      throw new ConflictError({
        title: "Subscription ended",
        description: "This subscription has already ended.",
      });
    }
    const change = await plan(row, now, tx);
    await askProvider(() => change.provider(deps.changerFor(row.provider)));
    const [after] = await tx
      .update(subscriptions)
      .set(change.set)
      .where(eq(subscriptions.id, row.id))
      .returning();
    await recordSubscriptionEvent(tx, {
      subscriptionId: row.id,
      actor: target.actor,
      action,
      before: row,
      after: after!,
    });
    return after!;
  });
  await sendChangeNotice(deps, action, updated).catch(() => undefined);
  return updated;
}

/** The subscription under its row lock; NotFoundError for an unknown id or another user's. */
export async function lockSubscription(tx: Tx, target: Omit<ChangeTarget, "actor">): Promise<Subscription> {
  const row = await findOwned(tx, target, true);
  if (!row) throw NOT_FOUND;
  return row;
}

/** The subscription without a lock (reads), or NotFoundError. */
export async function ownedSubscription(db: Db, target: Omit<ChangeTarget, "actor">): Promise<Subscription> {
  const row = await findOwned(db, target, false);
  if (!row) throw NOT_FOUND;
  return row;
}

async function findOwned(
  db: Db | Tx,
  { subscriptionId, userId }: Omit<ChangeTarget, "actor">,
  lock: boolean,
) {
  if (!isUuid(subscriptionId)) return null;
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        userId === undefined ? undefined : eq(subscriptions.userId, userId),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  // A checkout that never finished paying is not the customer's subscription.
  return row && row.status !== "incomplete" ? row : null;
}

/** Changes other than cancelling need a subscription that renews: running and not ending. */
export function requireRenewing(row: Subscription): void {
  if (row.status !== "active" || row.cancelAtPeriodEnd) {
    throw new ConflictError({
      title: "Not possible now",
      description:
        row.status === "past_due"
          ? "The last payment of this subscription failed. Update the payment method first."
          : "This subscription is ending, so it can no longer be changed.",
    });
  }
}

/** Runs a provider call; a refusal becomes a ProviderFailureError (our own refusals pass through). */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new ProviderFailureError(
      {
        title: "Payment provider did not answer",
        description:
          "The payment provider did not confirm the change, so nothing was changed. Please try again in a few minutes.",
      },
      { cause: error },
    );
  }
}
