import { Input } from "~/components/ui/input.tsx";

/** A labelled input of the creator portal's plain HTML forms, with its error under it. */
export function PortalField({
  label,
  error,
  ...input
}: React.ComponentProps<"input"> & { name: string; label: string; error?: string }) {
  const id = `creator-${input.name}`;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <Input id={id} required aria-invalid={error ? true : undefined} {...input} />
      {error && <span className="text-destructive-text">{error}</span>}
    </div>
  );
}
