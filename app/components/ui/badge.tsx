import type * as React from "react";
import { cn } from "~/lib/cn.ts";

export const badgeVariants = {
  default: "border-transparent bg-primary text-primary-foreground",
  outline: "border-primary/60 text-primary",
  secondary: "border-transparent bg-accent text-accent-foreground",
  muted: "border-border bg-muted text-muted-foreground",
  success: "border-success/40 bg-success/15 text-success",
  warning: "border-warning/40 bg-warning/15 text-warning",
  destructive: "border-destructive-text/40 bg-destructive/25 text-destructive-text",
} as const;

export type BadgeVariant = keyof typeof badgeVariants;

export function Badge({
  className,
  variant = "default",
  ...props
}: React.ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      data-slot="badge"
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3",
        badgeVariants[variant],
        className,
      )}
      {...props}
    />
  );
}
