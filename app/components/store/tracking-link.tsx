import { ExternalLink } from "lucide-react";
import { cn } from "~/lib/cn.ts";
import type { TrackingInfo } from "~core/orders/shipment.ts";

/**
 * An order's tracking line: the carrier and the tracking number, linked to the carrier's tracking
 * page (a new tab) when it has one. Shared by My Orders, the order page, the admin order detail
 * and the guest order-status page. Build `tracking` with `trackingInfo` (core/orders/shipment.ts).
 */
export function TrackingLink({ tracking, className }: { tracking: TrackingInfo; className?: string }) {
  return (
    <span className={cn("break-words", className)}>
      {tracking.carrier}{" "}
      {tracking.url ? (
        <a
          href={tracking.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Track parcel ${tracking.trackingNumber} with ${tracking.carrier} (opens in a new tab)`}
          className="inline-flex items-center gap-1 font-mono text-primary underline underline-offset-4"
        >
          {tracking.trackingNumber}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : (
        <span className="font-mono">{tracking.trackingNumber}</span>
      )}
    </span>
  );
}
