import { Bookmark, BookmarkPlus, Trash2, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import type { ToastMessage } from "~core/toast.ts";

type View = { id: string; name: string; query: string; shared: boolean; mine: boolean };
type ViewAnswer = {
  ok: boolean;
  errors: Record<string, string[] | undefined>;
  toast?: ToastMessage & { id: string };
};

/**
 * Saved views above the orders filter: each a link to its filter (the current one marked), delete
 * on your own, and "Save view" naming the filter shown now (private, or shared with all staff).
 */
export function SavedViews({ views, query }: { views: View[]; query: string }) {
  return (
    <nav aria-label="Saved views" className="mb-4 flex flex-wrap items-center gap-2">
      <Link
        to="/admin/orders"
        aria-current={query === "" ? "page" : undefined}
        className="rounded-full border px-3 py-1 text-sm aria-[current=page]:border-primary aria-[current=page]:bg-primary/10"
      >
        All orders
      </Link>
      {views.map((view) => (
        <ViewChip key={view.id} view={view} current={view.query === query} />
      ))}
      {query !== "" && !views.some((v) => v.query === query) && <SaveView query={query} />}
    </nav>
  );
}

function ViewChip({ view, current }: { view: View; current: boolean }) {
  const fetcher = useFetcher<ViewAnswer>();
  useFlashToast(fetcher.data?.toast);
  if (fetcher.state !== "idle" && fetcher.formData?.get("intent") === "delete") return null;
  return (
    <span
      className="inline-flex items-center rounded-full border text-sm aria-[current=page]:border-primary aria-[current=page]:bg-primary/10"
      aria-current={current ? "page" : undefined}
    >
      <Link to={`/admin/orders?${view.query}`} className="inline-flex items-center gap-1 py-1 pl-3 pr-2">
        {view.shared ? (
          <Users aria-hidden className="size-3.5" />
        ) : (
          <Bookmark aria-hidden className="size-3.5" />
        )}
        {view.name}
        {view.shared && <span className="sr-only"> (shared)</span>}
      </Link>
      {view.mine && (
        <fetcher.Form method="post" action="/admin/orders/views">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="viewId" value={view.id} />
          <button
            type="submit"
            aria-label={`Delete view ${view.name}`}
            className="rounded-full p-1 pr-2 text-muted-foreground hover:text-destructive-text"
          >
            <Trash2 aria-hidden className="size-3.5" />
          </button>
        </fetcher.Form>
      )}
    </span>
  );
}

function SaveView({ query }: { query: string }) {
  const fetcher = useFetcher<ViewAnswer>();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFlashToast(fetcher.data?.toast);
  const error =
    fetcher.data && !fetcher.data.ok
      ? (fetcher.data.errors.name?.[0] ?? fetcher.data.toast?.description)
      : null;
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  if (!open)
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden />
        Save view
      </Button>
    );
  return (
    <fetcher.Form method="post" action="/admin/orders/views" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="query" value={query} />
      <label htmlFor="view-name" className="sr-only">
        View name
      </label>
      <Input
        ref={input}
        id="view-name"
        name="name"
        required
        maxLength={60}
        placeholder="View name"
        className="h-8 w-48"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "view-name-error" : undefined}
        onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      />
      <label className="flex items-center gap-1 text-sm">
        <input type="checkbox" name="shared" className="size-4" />
        Share with all staff
      </label>
      <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {error && (
        <p id="view-name-error" role="alert" className="w-full text-sm text-destructive-text">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
