import { Badge, type BadgeVariant } from "~/components/ui/badge.tsx";

const variants: Record<string, BadgeVariant> = {
  processed: "success",
  ignored: "muted",
  failed: "destructive",
};

/** processed / ignored / failed, or "in progress" while the first run has not finished. */
export function WebhookOutcomeBadge({ outcome }: { outcome: string | null }) {
  return (
    <Badge variant={outcome ? (variants[outcome] ?? "muted") : "warning"}>{outcome ?? "in progress"}</Badge>
  );
}

export const providerName = (provider: string) => (provider === "paypal" ? "PayPal" : "Stripe");
