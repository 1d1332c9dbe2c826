import { cn } from "~/lib/cn.ts";

/** The gold count bubble on cart controls; renders nothing at 0. Decorative: the control's label says the count. */
export function CartBadge({ quantity, className }: { quantity: number; className?: string }) {
  if (quantity <= 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-none font-bold text-primary-foreground tabular-nums",
        className,
      )}
    >
      {quantity > 99 ? "99+" : quantity}
    </span>
  );
}
