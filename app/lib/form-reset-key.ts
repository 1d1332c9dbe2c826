import { useLocation } from "react-router";

/**
 * The key of a form that comes back empty after a successful submission (its redirect is a new
 * location) but keeps what the visitor typed after a refusal. React Router shows a refusal's
 * action data while it still reloads the page's data, and moves to the new location only after:
 * keyed by the location alone, the form would remount a moment after its errors appear and drop a
 * correction typed in between (with the refused text back in the field).
 */
export function useFormResetKey(refused: boolean): string {
  const location = useLocation();
  return refused ? "refused" : location.key;
}

/** Whether an action's answer refused the form (its toast is an error): the form keeps what was typed. */
export function refusedBy(actionData: { toast?: { variant?: string } | null } | null | undefined): boolean {
  return actionData?.toast?.variant === "destructive";
}

/**
 * The key of a create/edit form of one record (an admin dialog or page): a new record or a success
 * mounts it afresh; a refusal keeps it mounted, so a correction typed at once is never replaced.
 */
export function useRecordFormKey(refused: boolean, recordId: string | null | undefined): string {
  return `${useFormResetKey(refused)}:${recordId ?? "new"}`;
}
