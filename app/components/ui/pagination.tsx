import { ChevronLeft, ChevronRight } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn.ts";
import { buttonClass } from "./button.tsx";
import { paginationItems } from "./pagination-items.ts";

export type PaginationProps = Omit<React.ComponentProps<"nav">, "children"> & {
  page: number;
  totalPages: number;
  /** Pages as links (e.g. `?page=3`): works without JavaScript. */
  getHref?: (page: number) => string;
  /** Pages as buttons, for client-side state. Used when `getHref` is absent. */
  onPageChange?: (page: number) => void;
};

export function Pagination({
  page,
  totalPages,
  getHref,
  onPageChange,
  className,
  ...props
}: PaginationProps) {
  if (totalPages <= 1) return null;

  const control = (target: number, content: React.ReactNode, label: string, current = false) => {
    const disabled = target < 1 || target > totalPages;
    const cls = buttonClass({
      variant: current ? "default" : "ghost",
      size: "icon",
      className: cn("h-9 min-w-9 w-auto px-2", disabled && "pointer-events-none opacity-40"),
    });
    const common = {
      "aria-label": label,
      "aria-current": current ? ("page" as const) : undefined,
      className: cls,
    };
    if (getHref && !disabled) {
      return (
        <Link to={getHref(target)} {...common}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" disabled={disabled} onClick={() => onPageChange?.(target)} {...common}>
        {content}
      </button>
    );
  };

  return (
    <nav aria-label="Pagination" className={cn("flex justify-center", className)} {...props}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>{control(page - 1, <ChevronLeft aria-hidden />, "Previous page")}</li>
        {paginationItems(page, totalPages).map((item, index) =>
          item === "ellipsis" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity besides position
            <li key={`ellipsis-${index}`} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item}>{control(item, item, `Page ${item}`, item === page)}</li>
          ),
        )}
        <li>{control(page + 1, <ChevronRight aria-hidden />, "Next page")}</li>
      </ul>
    </nav>
  );
}
