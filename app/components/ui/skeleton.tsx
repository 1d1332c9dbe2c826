import type * as React from "react";
import { cn } from "~/lib/cn.ts";

/** A pulsing block that holds the place of content still loading; hidden from screen readers. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      data-slot="skeleton"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
