import { useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button.tsx";

export type SubmitButtonProps = ButtonProps & {
  /** The form's `intent` value; the button shows `pendingLabel` while that form is submitting. */
  intent: string;
  pendingLabel: string;
};

/** A form's submit button carrying its intent; disabled with a busy label while it is being sent. */
export function SubmitButton({ intent, pendingLabel, children, className, ...props }: SubmitButtonProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      aria-disabled={busy || undefined}
      className={className ?? "w-full"}
      {...props}
    >
      {busy ? pendingLabel : children}
    </Button>
  );
}
