import { Search } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/input.tsx";
import { cn } from "~/lib/cn.ts";
import { useSearchSuggestions } from "./search-suggestions.tsx";

export type SearchFormProps = {
  /** What the field shows: the current search on /search, empty elsewhere. */
  defaultValue?: string;
  /** Shows the label above the field instead of only to screen readers. */
  visibleLabel?: boolean;
  /** Names the landmark, so several search boxes on one page are told apart. */
  landmarkLabel: string;
  className?: string;
};

/**
 * A GET form to /search: without JavaScript it is a plain form, with it React Router navigates
 * without a page load and suggestions appear while typing (search-suggestions.tsx); either way
 * every search has its own URL.
 */
export function SearchForm({ defaultValue = "", visibleLabel, landmarkLabel, className }: SearchFormProps) {
  const fieldId = useId();
  const suggestions = useSearchSuggestions();
  return (
    <search aria-label={landmarkLabel} className={className}>
      <Form method="get" action="/search" className="flex flex-col gap-1.5">
        <label htmlFor={fieldId} className={visibleLabel ? "text-sm font-medium" : "sr-only"}>
          Search the shop
        </label>
        <div className="relative flex gap-2">
          <input
            {...(suggestions.inputProps || {})}
            id={fieldId}
            name="q"
            type="search"
            maxLength={100}
            defaultValue={defaultValue}
            // The field on /search follows the query after back/forward.
            key={defaultValue}
            placeholder="Search…"
            className={cn(fieldClass, "h-10")}
          />
          {suggestions.list}
          <button type="submit" className={buttonClass({ variant: "outline", size: "icon" })}>
            <Search className="size-4" aria-hidden />
            <span className="sr-only">Search</span>
          </button>
        </div>
      </Form>
    </search>
  );
}
