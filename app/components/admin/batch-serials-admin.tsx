import { Form } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit.tsx";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Input } from "~/components/ui/input.tsx";
import { formatSerial as printed } from "~core/catalog/serial-code.ts";

type Flagged = { id: string; code: string; clientCount: number; flaggedAt: Date | string | null };
type Event = { id: string; code: string; action: string; note: string; createdAt: Date | string };
export type SerialAdmin = { flagged: Flagged[]; history: Event[] };

const day = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 10) : "");
const ACTIONS: Record<string, string> = {
  unflag: "Unflagged",
  delete: "Deleted",
  bulk_delete: "Deleted unverified",
};

/**
 * Flagged serials of the batch with Unflag (a note is required, kept in the history), deleting a
 * never-verified serial by its code, and deleting every unverified serial after a confirmation.
 */
export function BatchSerialsAdmin({
  flagged,
  history,
  errors,
}: SerialAdmin & { errors: Partial<Record<string, string>> }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-semibold">Flags and Deletions</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="flagged-heading" className="flex flex-col gap-3">
          <h3 id="flagged-heading" className="font-semibold">
            Flagged serials
          </h3>
          {flagged.length === 0 && <p className="text-sm text-muted-foreground">No flagged serials.</p>}
          {flagged.map((s) => (
            <Form key={s.id} method="post" className="flex flex-wrap items-end gap-2 rounded-md border p-3">
              <input type="hidden" name="intent" value="unflag" />
              <input type="hidden" name="id" value={s.id} />
              <p className="w-full font-mono text-sm">
                {printed(s.code)} · {s.clientCount} clients · flagged {day(s.flaggedAt)}
              </p>
              <Field id={`note-${s.id}`} label="Note" className="grow" error={errors.note}>
                {(p) => <Input {...p} name="note" maxLength={500} placeholder="Why it is not a copy" />}
              </Field>
              <Button type="submit" variant="outline">
                Unflag
              </Button>
            </Form>
          ))}
        </section>
        <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
          <input type="hidden" name="intent" value="deleteSerial" />
          <Field
            id="delete-serial"
            label="Delete a serial"
            className="grow"
            hint="Only a serial that was never verified; verified serials are evidence and are kept."
            error={errors.serial}
          >
            {(p) => <Input {...p} name="serial" className="font-mono" placeholder="XXXX-XXXX-XXXX-C" />}
          </Field>
          <Button type="submit" variant="outline">
            Delete Serial
          </Button>
        </Form>
        <ConfirmSubmit
          fields={{ intent: "deleteUnverified" }}
          question="Delete every serial of this batch that was never verified? Verified serials are kept."
        >
          <Button type="submit" variant="destructive">
            Delete Unverified Serials
          </Button>
        </ConfirmSubmit>
        {history.length > 0 && (
          <section aria-labelledby="history-heading">
            <h3 id="history-heading" className="font-semibold">
              History
            </h3>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {history.map((e) => (
                <li key={e.id}>
                  {day(e.createdAt)} · {ACTIONS[e.action] ?? e.action}
                  {e.code && <span className="font-mono"> {printed(e.code)}</span>}
                  {e.note && <> — {e.note}</>}
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
