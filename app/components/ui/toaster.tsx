import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from "react";
import type { ToastMessage } from "~core/toast.ts";

// sonner (~10 KB gzip) is not needed for the first paint: it is loaded with the first toast.
const SonnerToaster = lazy(() => import("./sonner-toaster.tsx"));
const loadSonner = () => import("./sonner-toaster.tsx").then((module) => module.sonnerToast);

/** A once-only flag the Toaster subscribes to (module state: one toaster per page). */
const toasterWanted = (() => {
  let wanted = false;
  const listeners = new Set<() => void>();
  return {
    get: () => wanted,
    set() {
      if (wanted) return;
      wanted = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/** Shows a toast in the given variant (used for toasts that come from the server). */
export function showToast({ title, description, variant = "default" }: ToastMessage) {
  toasterWanted.set();
  void loadSonner().then((sonnerToast) => {
    if (variant === "destructive") sonnerToast.error(title, { description });
    else if (variant === "success") sonnerToast.success(title, { description });
    else sonnerToast(title, { description });
  });
}

type ToastOptions = { description?: string };

/** `toast(title)`, `toast.success(title, { description })`, `toast.destructive(title, description)`. */
export const toast = Object.assign(
  (title: string, options?: ToastOptions) => showToast({ title, ...options }),
  {
    success: (title: string, options?: ToastOptions) => showToast({ title, ...options, variant: "success" }),
    destructive: (title: string, description?: string) =>
      showToast({ title, description, variant: "destructive" }),
  },
);

/** Shows a server-sent flash toast once per `id`, after hydration (sonner is client-only). */
export function useFlashToast(flash: (ToastMessage & { id: string }) | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    showToast(flash);
  }, [flash]);
}

/** Shows each of a page's flash toasts once (a chain of redirects can bring several). */
export function useFlashToasts(flashes: (ToastMessage & { id: string })[]) {
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const flash of flashes) {
      if (shown.current.has(flash.id)) continue;
      shown.current.add(flash.id);
      showToast(flash);
    }
  }, [flashes]);
}

/** Mounts sonner's toaster once the first toast is asked for. */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
