import {
  CircleDot,
  CreditCard,
  type LucideIcon,
  Mail,
  PackageCheck,
  ReceiptText,
  RotateCcw,
  ShoppingBag,
  StickyNote,
  Webhook,
} from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/dates.ts";
import type { TimelineEvent } from "~server/orders/timeline/events.ts";

const icons: Record<string, LucideIcon> = {
  placed: ShoppingBag,
  paid: CreditCard,
  status: ReceiptText,
  shipment: PackageCheck,
  email: Mail,
  refund: RotateCcw,
  note: StickyNote,
  webhook: Webhook,
};

/** The order's events, newest first. Every text is rendered as text (notes keep their line breaks). */
export function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Order timeline" className="flex flex-col gap-4 border-l pl-4">
      {events.map((event) => {
        const Icon = icons[event.kind] ?? CircleDot;
        return (
          <li key={event.id} className="relative text-sm">
            <Icon
              aria-hidden
              className="absolute -left-[1.55rem] top-0.5 size-4 rounded-full bg-background"
            />
            <p className="font-medium">
              {event.href ? <Link to={event.href}>{event.title}</Link> : event.title}
            </p>
            {event.detail && (
              <p className="whitespace-pre-wrap break-words text-muted-foreground">{event.detail}</p>
            )}
            <p className="text-xs text-muted-foreground">
              <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
              {event.actor && ` · ${event.actor}`}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
