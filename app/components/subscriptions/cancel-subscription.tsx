import { XCircle } from "lucide-react";
import { useNavigation } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { Button } from "~/components/ui/button.tsx";
import { cancelQuestion, type SubscriptionSummary } from "~/lib/subscriptions.ts";

/**
 * "Cancel subscription" with a confirmation (customer page and admin detail). Without JavaScript
 * the button posts straight away, like the other account forms.
 */
export function CancelSubscription({
  subscription,
  which,
}: {
  subscription: SubscriptionSummary & { id: string };
  /** For screen readers, which subscription (" #abcd1234") when a page lists several. */
  which?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("subscriptionId") === subscription.id;
  return (
    <ConfirmSubmit
      fields={{ intent: "cancel", subscriptionId: subscription.id }}
      title="Cancel this subscription?"
      question={cancelQuestion(subscription)}
      confirmLabel="Cancel subscription"
      cancelLabel="Keep subscription"
    >
      <Button type="submit" variant="outline" disabled={busy}>
        <XCircle aria-hidden />
        {busy ? "Cancelling..." : "Cancel subscription"}
        {which && <span className="sr-only">{which}</span>}
      </Button>
    </ConfirmSubmit>
  );
}
