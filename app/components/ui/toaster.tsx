import type * as React from "react";
import { useEffect, useRef } from "react";
import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

/** sonner's `toast` plus `toast.destructive(title, description)` for failure messages. */
export const toast = Object.assign(
  (...args: Parameters<typeof sonnerToast>) => sonnerToast(...args),
  sonnerToast,
  {
    destructive: (title: string, description?: string) => sonnerToast.error(title, { description }),
  },
);

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
};

/** Shows a toast in the given variant (used for toasts that come from the server). */
export function showToast({ title, description, variant = "default" }: ToastMessage) {
  if (variant === "destructive") return toast.destructive(title, description);
  if (variant === "success") return toast.success(title, { description });
  return toast(title, { description });
}

/** Shows a server-sent flash toast once per `id`, after hydration (sonner is client-only). */
export function useFlashToast(flash: (ToastMessage & { id: string }) | null | undefined) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    showToast(flash);
  }, [flash]);
}

// sonner injects its own unlayered CSS, so it is themed through its CSS variables, not utilities.
const toasterStyle = {
  "--normal-bg": "var(--color-card)",
  "--normal-text": "var(--color-card-foreground)",
  "--normal-border": "var(--color-border)",
  "--success-bg": "#0f1d13",
  "--success-text": "#c6f6d5",
  "--success-border": "color-mix(in srgb, var(--color-success) 45%, transparent)",
  "--error-bg": "#26100c",
  "--error-text": "#fed7d2",
  "--error-border": "color-mix(in srgb, var(--color-destructive-text) 55%, transparent)",
  "--border-radius": "var(--radius-md)",
  fontFamily: "var(--font-sans)",
} as React.CSSProperties;

export function Toaster() {
  return (
    <SonnerToaster
      theme="dark"
      position="top-right"
      richColors
      closeButton
      // Below the sticky header, so toasts never cover the cart and account buttons.
      offset={{ top: "4.75rem", right: "1rem" }}
      mobileOffset={{ top: "4.5rem" }}
      style={toasterStyle}
    />
  );
}
