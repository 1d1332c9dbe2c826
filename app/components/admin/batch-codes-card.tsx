import { Form } from "react-router";
import { Field } from "~/components/admin/field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "~/components/ui/card.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { CodeChecklist } from "./code-checklist.tsx";

type Code = { id: string; code: string };
export type BatchCodes = { attached: Code[]; unattached: Code[]; attachedCount: number; attachMax: number };

/**
 * The batch's list codes (the validity screen's codes printed on lids): attach by pasting or
 * ticking unattached ones, detach by ticking attached ones. Plain forms: they work without JS.
 */
export function BatchCodesCard({
  codes,
  busy,
  error,
  pasted,
}: {
  codes: BatchCodes;
  busy: boolean;
  error?: string;
  /** What was pasted, back after a refusal. */
  pasted?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-semibold">List Codes</h2>
        <p className="text-sm text-muted-foreground">
          {`${codes.attachedCount} attached. A valid lookup of an attached code shows this batch.`}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value="attach" />
          <Field
            id="attach-codes"
            label="Codes to attach"
            hint={`One per line (or separated by commas), up to ${codes.attachMax.toLocaleString("en-US")} per request. Codes already in another batch stay there.`}
            error={error}
          >
            {(p) => <Textarea {...p} name="pasted" rows={4} className="font-mono" defaultValue={pasted} />}
          </Field>
          {codes.unattached.length > 0 && (
            <CodeChecklist legend="Or select codes not in any batch" codes={codes.unattached} />
          )}
          <Button type="submit" disabled={busy} className="self-start">
            Attach Codes
          </Button>
        </Form>
        {codes.attached.length > 0 && (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="detach" />
            <CodeChecklist legend="Attached codes" codes={codes.attached} />
            <Button type="submit" variant="outline" disabled={busy} className="self-start">
              Detach Selected
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
