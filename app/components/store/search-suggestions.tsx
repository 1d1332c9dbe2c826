import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated.ts";
import { cn } from "~/lib/cn.ts";
import type { Suggestion } from "~server/search/suggest.ts";

/** Wait this long after the last keystroke before asking (one request per pause, not per key). */
const DEBOUNCE_MS = 150;
const KIND_LABEL: Record<Suggestion["kind"], string> = {
  product: "Product",
  collection: "Collection",
  post: "Article",
};

type SuggestAnswer = { suggestions: Suggestion[]; error?: string };

/**
 * The header search's suggestions as the WAI-ARIA combobox pattern: the field keeps focus, ↓/↑
 * move through the list (aria-activedescendant), Enter opens the chosen one (or searches, with
 * none chosen), Escape closes the list. Returns the props for the field and the list to render
 * below it (no props before hydration: without JavaScript the field is a plain search box).
 */
export function useSearchSuggestions() {
  const listId = useId();
  const fetcher = useFetcher<SuggestAnswer>();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef("");
  // Until the page is interactive the field is a plain search box (and stays one without JavaScript).
  const hydrated = useHydrated();

  useEffect(() => {
    const q = typed.trim();
    if (q.length < 2 || q === asked.current) return;
    const timer = setTimeout(() => {
      asked.current = q;
      fetcher.load(`/search/suggest?${new URLSearchParams({ q })}`);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, fetcher.load]);

  const suggestions = typed.trim().length >= 2 ? (fetcher.data?.suggestions ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(suggestion.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = suggestions.length - 1;
      setActive((i) => (event.key === "ArrowDown" ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === "Enter" && expanded && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const inputProps = hydrated && {
    role: "combobox",
    "aria-autocomplete": "list" as const,
    "aria-expanded": expanded,
    "aria-controls": listId,
    "aria-activedescendant":
      expanded && active >= 0 && active < suggestions.length ? optionId(active) : undefined,
    autoComplete: "off",
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setTyped(event.target.value);
      setOpen(true);
      setActive(-1);
    },
    onKeyDown,
    onBlur: () => setOpen(false),
    onFocus: () => setOpen(true),
  };

  const list = (
    <div
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      hidden={!expanded}
      className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border bg-popover py-1 text-popover-foreground shadow-md"
    >
      {suggestions.map((suggestion, i) => (
        <div
          key={suggestion.href}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          // Options are pointed at with aria-activedescendant: focus stays in the field.
          tabIndex={-1}
          // mousedown, not click: the field's blur would close the list before a click lands.
          onMouseDown={(event) => {
            event.preventDefault();
            choose(suggestion);
          }}
          className={cn(
            "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm",
            i === active && "bg-accent text-accent-foreground",
          )}
        >
          <span className="truncate">{suggestion.label}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{KIND_LABEL[suggestion.kind]}</span>
        </div>
      ))}
    </div>
  );
  return { inputProps, list };
}
