import { formatDateTime } from "~/lib/dates.ts";
import { AuditChanges, type AuditFieldChange } from "./audit-changes.tsx";

/** What the timeline needs of an audit entry (server/audit/query.ts `entityTimeline` rows). */
export type TimelineEntry = {
  id: string;
  createdAt: Date | string;
  actorName: string;
  actorEmail: string | null;
  action: string;
  entityType: string;
  changes: Record<string, AuditFieldChange>;
};

/**
 * One entity's history from the audit log, newest first: when, who, what they did and the fields
 * before → after. Used by the product editor; any admin page can show it for its own entity
 * (load `entityTimeline(db, type, id)` in the loader, pass the rows here).
 */
export function AuditTimeline({
  entries,
  title = "History",
  showEntity = false,
}: {
  entries: TimelineEntry[];
  title?: string;
  /** Name the entity kind of each entry (a product's timeline also holds its variants' and stock's). */
  showEntity?: boolean;
}) {
  return (
    <section aria-labelledby="audit-timeline-heading" className="flex flex-col gap-3">
      <h2 id="audit-timeline-heading" className="font-display text-lg font-semibold">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No recorded changes yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-md border p-3 text-sm">
              <p>
                <time dateTime={new Date(entry.createdAt).toISOString()} className="text-muted-foreground">
                  {formatDateTime(entry.createdAt)}
                </time>{" "}
                · <span className="font-medium">{entry.actorName}</span>
                {entry.actorEmail && <span className="text-muted-foreground"> ({entry.actorEmail})</span>} ·{" "}
                {showEntity ? `${entry.entityType} ${entry.action}` : entry.action}
              </p>
              <div className="mt-2">
                <AuditChanges changes={entry.changes} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
