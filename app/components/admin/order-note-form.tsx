import { MessageSquarePlus } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { FieldErrors } from "~/lib/forms.ts";

type NoteResult = { ok: boolean; errors: FieldErrors; values: Record<string, string> } | undefined;

/** The internal-note box above the timeline: staff only, the customer never sees it. */
export function OrderNoteForm({ result }: { result: NoteResult }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.has("body");
  const form = useRef<HTMLFormElement>(null);
  const error = result?.ok === false ? result.errors.body : undefined;
  // A saved note empties the box; a refused one keeps what was typed.
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <Form method="post" ref={form} className="flex flex-col gap-2" aria-label="Add an internal note">
      <Label htmlFor="order-note">Internal note</Label>
      <Textarea
        id="order-note"
        name="body"
        rows={3}
        maxLength={2000}
        required
        defaultValue={result?.ok === false ? result.values.body : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "order-note-error order-note-hint" : "order-note-hint"}
      />
      <p id="order-note-hint" className="text-xs text-muted-foreground">
        Only staff see notes; the customer never does.
      </p>
      {error && (
        <p id="order-note-error" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" className="self-start" disabled={saving}>
        <MessageSquarePlus aria-hidden />
        {saving ? "Adding…" : "Add note"}
      </Button>
    </Form>
  );
}
