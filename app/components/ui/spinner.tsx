import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/cn.ts";

export type SpinnerProps = React.ComponentProps<"span"> & {
  /** Announced to screen readers. */
  label?: string;
};

export function Spinner({ className, label = "Loading", ...props }: SpinnerProps) {
  return (
    <span role="status" className={cn("inline-flex items-center", className)} {...props}>
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
