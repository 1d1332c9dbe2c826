import { Search } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog.tsx";
import { cn } from "~/lib/cn.ts";
import type { Role } from "~core/staff/roles.ts";
import type { PaletteHit } from "~server/admin-search/search.ts";
import { navGroupsFor } from "./nav.ts";

type Entry = { key: string; label: string; detail: string; to: string };

const OPEN_EVENT = "admin:open-palette";

/** Opens the palette from anywhere (the search button of the phone header: no keyboard there). */
export function openCommandPalette() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** Ctrl+K (⌘K on a Mac) toggles the palette from anywhere in the back office. */
function useShortcut(toggle: () => void, open: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener(OPEN_EVENT, open);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(OPEN_EVENT, open);
    };
  }, [toggle, open]);
}

/** The screens the role opens whose name matches, then the orders and products the search finds. */
function useEntries(access: Role, query: string) {
  const search = useFetcher<{ hits: PaletteHit[]; error: boolean }>();
  const { load } = search;
  const text = query.trim();
  useEffect(() => {
    if (text.length < 2) return;
    const timer = setTimeout(() => void load(`/admin/search?q=${encodeURIComponent(text)}`), 200);
    return () => clearTimeout(timer);
  }, [text, load]);
  const screens = useMemo(
    () =>
      navGroupsFor(access)
        .flatMap((group) => group.items.map((item) => ({ ...item, group: group.label })))
        .filter((item) => item.label.toLowerCase().includes(text.toLowerCase()))
        .map((item) => ({ key: item.to, label: item.label, detail: `Go to · ${item.group}`, to: item.to })),
    [access, text],
  );
  const hits = text.length >= 2 ? (search.data?.hits ?? []) : [];
  const entries: Entry[] = [...screens, ...hits.map((hit) => ({ key: `${hit.kind}:${hit.to}`, ...hit }))];
  return { entries, searching: search.state === "loading", failed: search.data?.error === true };
}

/**
 * The command palette: jump to any screen the role opens, or to an order (name, email, order
 * number, coupon) or a product (name, SKU). Arrow keys move, Enter opens, Esc closes.
 */
export function CommandPalette({ access }: { access: Role }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const toggle = useMemo(() => () => setOpen((was) => !was), []);
  const show = useMemo(() => () => setOpen(true), []);
  useShortcut(toggle, show);
  const { entries, searching, failed } = useEntries(access, query);
  const go = (entry: Entry | undefined) => {
    if (!entry) return;
    setOpen(false);
    setQuery("");
    navigate(entry.to);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (entries.length ? (i + step + entries.length) % entries.length : 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(entries[Math.min(active, entries.length - 1)]);
    }
  };
  const shown = Math.min(active, Math.max(entries.length - 1, 0));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex w-full items-center gap-2 rounded-md border border-input px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent"
      >
        <Search className="size-4" aria-hidden />
        <span>Search or jump to…</span>
        <kbd className="ml-auto rounded border px-1 text-xs">Ctrl K</kbd>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg gap-3 p-4">
          <DialogTitle>Search or jump to</DialogTitle>
          <DialogDescription className="sr-only">
            Type a screen, an order number, a customer's name or email, a product or a SKU.
          </DialogDescription>
          <input
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-activedescendant={entries.length ? `${listId}-${shown}` : undefined}
            aria-label="Search the back office"
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Orders, customers, products, screens…"
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
          />
          <div id={listId} role="listbox" aria-label="Results" className="max-h-80 overflow-y-auto">
            {entries.map((entry, index) => (
              <div
                key={entry.key}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === shown}
                onClick={() => go(entry)}
                onKeyDown={() => undefined}
                onMouseMove={() => setActive(index)}
                className={cn(
                  "block cursor-pointer rounded-md px-3 py-2 text-sm",
                  index === shown && "bg-accent",
                )}
              >
                <span className="font-medium">{entry.label}</span>
                <span className="ml-2 text-xs text-muted-foreground">{entry.detail}</span>
              </div>
            ))}
          </div>
          <p aria-live="polite" className="text-xs text-muted-foreground">
            {failed
              ? "Search failed. Please try again."
              : searching
                ? "Searching…"
                : entries.length === 0
                  ? "Nothing found."
                  : `${entries.length} results`}
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}
