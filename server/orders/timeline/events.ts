/**
 * One timeline of an order: what happened to it, from every table that records something about it,
 * merged by time. Each source turns its rows into these events on its own, so another source (the
 * audit log's `entityTimeline`) is one more list handed to `mergeTimelines`.
 */
export type TimelineKind =
  | "placed"
  | "paid"
  | "status"
  | "shipment"
  | "email"
  | "refund"
  | "note"
  | "webhook";

export type TimelineEvent = {
  /** Unique within the timeline (source prefix + row id): a list key. */
  id: string;
  at: Date;
  /** The known kinds; another source may bring its own (shown with a neutral icon). */
  kind: TimelineKind | (string & {});
  /** One line, plain text ("Refund of $10.00 succeeded"). */
  title: string;
  /** More plain text (a note's body, an email's subject), shown as text, never as HTML. */
  detail?: string | null;
  /** Who did it, when known ("Sam Lee", "Stripe", "Customer"). */
  actor?: string | null;
  /** An admin page with more (the email, the webhook event). */
  href?: string | null;
};

/**
 * The events of several sources as one list, newest first. Events at the same instant keep the order
 * their sources gave (placed before paid before emailed).
 */
export function mergeTimelines(...sources: TimelineEvent[][]): TimelineEvent[] {
  return sources
    .flat()
    .map((event, index) => ({ event, index }))
    .sort((a, b) => b.event.at.getTime() - a.event.at.getTime() || b.index - a.index)
    .map(({ event }) => event);
}
