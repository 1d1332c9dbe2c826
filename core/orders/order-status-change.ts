/**
 * What the orders table says before an admin changes an order's status (pure: the dropdown's
 * confirm dialog and its tests). The fulfilment steps run pending → processing → shipped →
 * delivered; cancelled stands apart.
 */
export const FULFILMENT_STEPS = ["pending", "processing", "shipped", "delivered"] as const;

type Status = (typeof FULFILMENT_STEPS)[number] | "cancelled";

/** A status as staff read it: "pending" → "Pending". */
export const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The steps a change jumps over going forward (pending → delivered skips processing and shipped). */
export function skippedSteps(from: Status, to: Status): string[] {
  const steps: readonly string[] = FULFILMENT_STEPS;
  const a = steps.indexOf(from);
  const b = steps.indexOf(to);
  if (a < 0 || b < 0 || b <= a + 1) return [];
  return steps.slice(a + 1, b);
}

export type StatusChangeQuestion = {
  title: string;
  description: string;
  /** A skipped step or a move backwards, said before the owner confirms. */
  warning: string | null;
  confirmLabel: string;
  /** Whether the change is saved without asking (nothing is emailed). */
  silent: boolean;
};

const emailed: Record<Exclude<Status, "pending">, string> = {
  processing: "is being prepared",
  shipped: "has shipped",
  delivered: "was delivered",
  cancelled: "was cancelled",
};

/** The confirm dialog for changing an order from `from` to `to` ("#1a2b3c4d" names the order). */
export function statusChangeQuestion(from: Status, to: Status, orderLabel: string): StatusChangeQuestion {
  const title = `Change order ${orderLabel} to ${statusLabel(to)}?`;
  const warning = stepWarning(from, to);
  if (to === "pending")
    return {
      title,
      description: "No email is sent for Pending.",
      warning,
      confirmLabel: "Change status",
      silent: warning === null,
    };
  if (to === "cancelled")
    return {
      title: `Cancel order ${orderLabel}?`,
      description:
        "Its items go back in stock, any creator commission is reversed and the customer is emailed that the order was cancelled. This cannot be undone.",
      warning,
      confirmLabel: "Cancel order",
      silent: false,
    };
  return {
    title,
    description: `The customer is emailed that the order ${emailed[to]}. You can undo the change for one minute; the email waits until then.`,
    warning,
    confirmLabel: "Change status and email",
    silent: false,
  };
}

function stepWarning(from: Status, to: Status): string | null {
  const skipped = skippedSteps(from, to);
  if (skipped.length > 0) {
    const names = skipped.map(statusLabel).join(" and ");
    const noTracking = skipped.includes("shipped")
      ? ": the customer gets no shipping email and no tracking number"
      : "";
    return `This skips ${names}${noTracking}.`;
  }
  const steps: readonly string[] = FULFILMENT_STEPS;
  if (from === "cancelled")
    return "This order was cancelled: its items were put back in stock and stay there.";
  if (steps.indexOf(to) >= 0 && steps.indexOf(to) < steps.indexOf(from))
    return `This moves the order back from ${statusLabel(from)}.`;
  return null;
}
