import { cn } from "~/lib/cn.ts";

/** A field's or a group's error message (nothing when there is none); `id` for aria-describedby. */
export function FieldError({
  id,
  message,
  className,
}: {
  id?: string;
  message: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={cn("text-sm text-destructive-text", className)}>
      {message}
    </p>
  );
}
