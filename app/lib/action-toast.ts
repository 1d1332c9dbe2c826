import type { ToastMessage } from "~/components/ui/toaster.tsx";

/** A toast returned by an action; `id` makes each response show once (see useFlashToast). */
export type ActionToast = ToastMessage & { id: string };

export function actionToast(toast: ToastMessage): ActionToast {
  return { ...toast, id: crypto.randomUUID() };
}
