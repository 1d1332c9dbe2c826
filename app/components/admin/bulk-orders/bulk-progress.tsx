import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import type { ToastMessage } from "~core/toast.ts";
import type { BulkProgress } from "~server/bulk-orders/requests.ts";

const POLL_MS = 1000;
const UNDO_MS = 60_000;

const verb = (p: BulkProgress) =>
  p.kind === "ship" ? "Marking shipped" : `Changing to ${p.status ?? ""}`.trim();

/**
 * A bulk action's progress, polled until it is done; then the list reloads once. A status change
 * offers Undo for the minute its emails wait (the dropdown's rule).
 */
export function BulkProgressPanel({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const poll = useFetcher<BulkProgress>();
  const undo = useFetcher<{ toast?: ToastMessage & { id: string } }>();
  const { revalidate } = useRevalidator();
  const reloaded = useRef(false);
  const progress = poll.data?.id === requestId ? poll.data : null;
  const finished = progress?.state === "done";
  useFlashToast(undo.data?.toast);

  // biome-ignore lint/correctness/useExhaustiveDependencies: poll.load is stable per fetcher
  useEffect(() => {
    if (finished) return;
    if (poll.state === "idle") {
      const timer = setTimeout(() => poll.load(`/admin/orders/bulk/${requestId}`), progress ? POLL_MS : 0);
      return () => clearTimeout(timer);
    }
  }, [requestId, finished, poll.state, progress]);

  useEffect(() => {
    if (!finished || reloaded.current) return;
    reloaded.current = true;
    void revalidate();
  }, [finished, revalidate]);

  const undoOpen = useUndoWindow(progress);
  if (!progress)
    return (
      <p role="status" className="text-sm">
        Starting…
      </p>
    );
  const handled = progress.done + progress.failed;
  return (
    <section aria-label="Bulk action progress" className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <p role="status">
        {finished ? "Done" : verb(progress)}: {handled.toLocaleString("en-US")} of{" "}
        {progress.total.toLocaleString("en-US")} orders
        {progress.failed > 0 && `, ${progress.failed.toLocaleString("en-US")} not changed`}
      </p>
      <progress className="w-full" max={progress.total} value={handled} aria-label="Orders handled" />
      {progress.failures.length > 0 && (
        <ul className="max-h-32 overflow-auto text-xs text-destructive-text">
          {progress.failures.map((f) => (
            <li key={f.orderId}>
              #{f.number ?? "?"}: {f.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {undoOpen && (
          <undo.Form method="post" action="/admin/orders/bulk/status">
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="requestId" value={requestId} />
            <Button type="submit" size="sm" variant="outline" disabled={undo.state !== "idle"}>
              Undo (emails wait a minute)
            </Button>
          </undo.Form>
        )}
        {finished && (
          <Button type="button" size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        )}
      </div>
    </section>
  );
}

/** True while a finished status change can still be undone (held emails; never a cancel). */
function useUndoWindow(progress: BulkProgress | null) {
  const [open, setOpen] = useState(false);
  const until =
    progress?.kind === "status" && progress.status !== "cancelled" && progress.finishedAt
      ? Date.parse(progress.finishedAt) + UNDO_MS
      : 0;
  useEffect(() => {
    const left = until - Date.now();
    setOpen(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setOpen(false), left);
    return () => clearTimeout(timer);
  }, [until]);
  return open;
}
