import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn.ts";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

export const buttonVariants = {
  default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
  outline: "border border-primary/70 bg-transparent text-primary hover:bg-primary/10",
  ghost: "text-foreground hover:bg-accent",
  destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

export const buttonSizes = {
  default: "h-10 px-4 py-2",
  // text-sm comes with every size (base).
  sm: "h-9 px-3",
  lg: "h-12 px-6 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

/** Class names for a button look, for elements that are not a `<Button>` (e.g. a `<Link>`). */
export function buttonClass({
  variant = "default",
  size = "default",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  return cn(base, buttonVariants[variant], variant !== "link" && buttonSizes[size], className);
}

export type ButtonProps = React.ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a `<Link>`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
};

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      // A plain <button> inside a form defaults to submit; make that explicit and opt-in.
      type={asChild ? type : (type ?? "button")}
      className={buttonClass({ variant, size, className })}
      {...props}
    />
  );
}
