import { Badge, type BadgeVariant } from "~/components/ui/badge.tsx";

export type MailStatus = "pending" | "sent" | "failed" | "stored";

const look: Record<MailStatus, { label: string; variant: BadgeVariant }> = {
  stored: { label: "Stored", variant: "muted" },
  pending: { label: "Pending", variant: "warning" },
  sent: { label: "Sent", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
};

/** Outbox status: stored (no SMTP), pending (delivery or retry due), sent, failed (gave up). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge variant={look[status].variant}>{look[status].label}</Badge>;
}
