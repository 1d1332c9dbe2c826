import { Badge } from "~/components/ui/badge.tsx";
import { formatDateTime } from "~/lib/dates.ts";

export type PolicyHistoryRow = {
  version: number;
  body: string;
  isTemplate: boolean;
  createdAt: Date | string;
  savedBy: string | null;
};

/** Every saved version of a policy, newest (in force) first; each text opens in place. */
export function PolicyHistory({ versions }: { versions: PolicyHistoryRow[] }) {
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-3">
      <h2 id="history-heading" className="font-display text-lg font-semibold">
        Version history
      </h2>
      <ol className="flex flex-col gap-2">
        {versions.map((v, index) => (
          <li key={v.version} className="rounded-md border p-3 text-sm">
            <details>
              <summary className="cursor-pointer">
                <span className="font-medium">Version {v.version}</span> · {formatDateTime(v.createdAt)} ·{" "}
                {v.savedBy ?? (v.isTemplate ? "Shop setup" : "Deleted account")}{" "}
                {index === 0 && <Badge variant="success">In force</Badge>}{" "}
                {v.isTemplate && <Badge variant="muted">Starter template</Badge>}
              </summary>
              <pre className="mt-3 max-h-96 overflow-auto text-xs whitespace-pre-wrap">{v.body}</pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
