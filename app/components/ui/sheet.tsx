import { X } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn.ts";
import { DialogOverlay } from "./dialog.tsx";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

export type SheetContentProps = React.ComponentProps<typeof SheetPrimitive.Content> & {
  side?: "left" | "right";
  /** Any CSS length, e.g. "20rem". Never wider than the screen. */
  width?: string;
  /** Take the whole screen width below the `sm` breakpoint, `width` from there up. */
  fullWidthOnMobile?: boolean;
};

/** A side drawer: a modal dialog that slides in from the left or right edge. */
export function SheetContent({
  side = "right",
  width = "20rem",
  fullWidthOnMobile = false,
  className,
  style,
  children,
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <DialogOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        style={{ "--sheet-width": width, ...style } as React.CSSProperties}
        className={cn(
          "fixed inset-y-0 z-50 flex h-full flex-col gap-4 overflow-y-auto bg-card p-6 text-card-foreground shadow-2xl shadow-black/60",
          side === "left" ? "animate-sheet-left left-0 border-r" : "animate-sheet-right right-0 border-l",
          fullWidthOnMobile
            ? "w-full sm:w-[min(var(--sheet-width),100%)]"
            : "w-[min(var(--sheet-width),100%)]",
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground">
          <X className="size-5" aria-hidden />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("mt-auto flex flex-col gap-2", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      className={cn("font-display text-xl font-semibold text-foreground", className)}
      {...props}
    />
  );
}

export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
