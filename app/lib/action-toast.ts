import type { ToastMessage } from "~/components/ui/toaster.tsx";

/** A toast returned in action data; the page shows it once per id (see useFlashToast). */
export type ActionToast = ToastMessage & { id: string };

export function actionToast(
  title: string,
  description?: string,
  variant: ToastMessage["variant"] = "default",
): ActionToast {
  return { id: crypto.randomUUID(), title, variant, ...(description ? { description } : {}) };
}
