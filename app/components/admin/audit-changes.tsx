/** One field's value before and after, as stored in an audit entry. */
export type AuditFieldChange = { from: unknown; to: unknown };

/** A value as a short line: text as is, empty as "—", lists and objects as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

/** "priceCents" → "price cents": field names as people read them. */
const fieldName = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();

/** An entry's fields, before → after; facts with no before (a refund's amount) as "field: value". */
export function AuditChanges({ changes }: { changes: Record<string, AuditFieldChange> }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {fields.map(([field, change]) => (
        <div key={field} className="contents">
          <dt className="font-medium text-muted-foreground">{fieldName(field)}</dt>
          <dd className="break-words">
            {change.from === null ? (
              auditValue(change.to)
            ) : (
              <>
                <del className="text-muted-foreground">{auditValue(change.from)}</del>
                {" → "}
                <ins className="no-underline">{auditValue(change.to)}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
