import type * as React from "react";
import { Toaster } from "sonner";

// The only module that imports sonner: toaster.tsx loads it on the first toast, so pages that
// show none never download it. sonner replays toasts raised before its Toaster mounted.
export { toast as sonnerToast } from "sonner";

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

export default function SonnerToaster() {
  return (
    <Toaster
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
