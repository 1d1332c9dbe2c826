import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from "~/components/ui/table.tsx";
import { formatDateTime } from "~/lib/dates.ts";

export type HistoryEvent = {
  id: string;
  actor: "customer" | "admin" | "system";
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string | Date;
};

const actions: Record<string, string> = {
  skip: "Skipped next delivery",
  pause: "Paused",
  resume: "Resumed",
  change_items: "Changed items",
  cancel: "Cancelled",
};

const show = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value ?? "—"));

/** "pausedUntil: — → 2026-03-01…": only the fields the change touched. */
function changesOf(event: HistoryEvent): string {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return keys.map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`).join("; ") || "—";
}

/** The subscription's history (decision 042): who changed what, newest first. */
export function SubscriptionHistory({ events }: { events: HistoryEvent[] }) {
  return (
    <section aria-labelledby="subscription-history" className="flex flex-col gap-3">
      <h2 id="subscription-history" className="font-display text-xl font-semibold">
        History
      </h2>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>Change</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.length === 0 && <TableMessageRow colSpan={4}>No changes yet</TableMessageRow>}
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{formatDateTime(event.createdAt)}</TableCell>
              <TableCell className="capitalize">{event.actor}</TableCell>
              <TableCell>{actions[event.action] ?? event.action}</TableCell>
              <TableCell className="text-xs">{changesOf(event)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
