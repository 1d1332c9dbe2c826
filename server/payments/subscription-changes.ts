import { ConflictError } from "../errors.ts";
import type { SubscriptionRef } from "./provider.ts";
import type { PlannedLine } from "./stripe/session-plan.ts";

/**
 * A pause as the provider is asked for it: no charge for `months` renewals from `nextRenewal`
 * on; renewals go on by themselves at `until`. A skip is a pause of one renewal (`kind: "skip"`).
 */
export type PausePlan = { kind: "skip" | "pause"; months: number; nextRenewal: Date; until: Date };

/** What a "Update payment method" button does: go to the provider's page, or only tell the person. */
export type PaymentMethodAnswer = { url: string } | { message: string };

/**
 * The customer's self-service changes as each provider does them (decision 042). Like the
 * PaymentProvider, an adapter only talks to the provider and throws when it refuses; what a
 * provider cannot do is refused with `unsupported` (a ConflictError with the reason), never faked.
 */
export interface SubscriptionChanger {
  pause(subscription: SubscriptionRef, plan: PausePlan): Promise<void>;
  resume(subscription: SubscriptionRef): Promise<void>;
  /** The recurring charge from the next renewal on: the monthly lines, no proration. */
  changeItems(subscription: SubscriptionRef, lines: PlannedLine[]): Promise<void>;
  /** Ends the agreement at once: no further charge. */
  cancelNow(subscription: SubscriptionRef): Promise<void>;
  paymentMethod(subscription: SubscriptionRef, returnUrl: string): Promise<PaymentMethodAnswer>;
}

/** A change this provider cannot make, with what the person is told. */
export function unsupported(description: string): ConflictError {
  return new ConflictError({ title: "Not possible with this payment method", description });
}

/** The built-in sandbox: nobody else to tell; our row's dates are the whole agreement. */
export const sandboxChanger: SubscriptionChanger = {
  pause: async () => undefined,
  resume: async () => undefined,
  changeItems: async () => undefined,
  cancelNow: async () => undefined,
  paymentMethod: async () => ({
    message:
      "Test-mode subscriptions are paid with the test card and keep no payment method: nothing to update.",
  }),
};
