/** A toast the server asks the browser to show (flash cookie or action data). */
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
};

/** A toast returned by an action; `id` makes each response show once (see useFlashToast). */
export type ActionToast = ToastMessage & { id: string };

export function actionToast(toast: ToastMessage): ActionToast {
  return { ...toast, id: crypto.randomUUID() };
}
