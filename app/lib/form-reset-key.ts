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
