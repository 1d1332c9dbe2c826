import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormAlert } from "~/components/ui/input-field.tsx";
import { passkeyFailureMessage, passkeysSupported } from "~/lib/passkeys.ts";

type Props = {
  /** Runs the browser's prompt and resolves with the answer for the form's `response` field. */
  ceremony: () => Promise<string>;
  /** The form fields posted with the answer (intent, redirectTo, a name…). */
  fields: Record<string, string>;
  label: string;
  pendingLabel: string;
  variant?: "default" | "outline";
};

/**
 * A button that runs a passkey ceremony and posts its answer to the current route's action.
 * Usable only once the browser is known to support passkeys (after hydration: the server cannot
 * know). Until then its place is kept, invisible, so the buttons below it do not move when it
 * appears (a click aimed at "Continue with Apple" landed on nothing); without WebAuthn it is gone.
 */
export function PasskeyButton({ ceremony, fields, label, pendingLabel, variant = "outline" }: Props) {
  const [supported, setSupported] = useState<boolean>();
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const submit = useSubmit();
  const submitting = useNavigation().state === "submitting";
  useEffect(() => setSupported(passkeysSupported()), []);
  if (supported === false) return null;
  if (supported === undefined) return <KeptPlace label={label} variant={variant} />;

  const run = async () => {
    setFailure(undefined);
    setWorking(true);
    try {
      const response = await ceremony();
      await submit({ ...fields, response }, { method: "post" });
    } catch (error) {
      setFailure(passkeyFailureMessage(error));
    } finally {
      setWorking(false);
    }
  };
  const busy = working || submitting;
  return (
    <div className="flex flex-col gap-2">
      {failure && <FormAlert>{failure}</FormAlert>}
      <Button type="button" variant={variant} onClick={run} disabled={busy} aria-busy={busy}>
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? pendingLabel : label}
      </Button>
    </div>
  );
}

/** The button's size and place, invisible and out of the accessibility tree until hydration. */
function KeptPlace({ label, variant }: Pick<Props, "label" | "variant">) {
  return (
    <div className="invisible flex flex-col gap-2" aria-hidden="true">
      <Button type="button" variant={variant} disabled tabIndex={-1}>
        <KeyRound aria-hidden="true" className="size-4" />
        {label}
      </Button>
    </div>
  );
}
