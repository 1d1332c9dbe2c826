import { AlertDialog } from "radix-ui";
import type * as React from "react";
import { buttonClass } from "./button.tsx";

export type ConfirmDialogProps = {
  /** The element that opens the dialog (rendered via `asChild`, so pass a button). */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  confirmLabel?: React.ReactNode;
  cancelLabel?: React.ReactNode;
  /** Red confirm button, for deleting and other irreversible actions. */
  destructive?: boolean;
  onConfirm: () => void;
};

/** A modal yes/no question (Radix AlertDialog: focus starts on Cancel, Escape cancels). */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-overlay fixed inset-0 z-50 bg-black/75 backdrop-blur-[2px]" />
        <AlertDialog.Content
          // Without a description, say so explicitly (Radix warns about a dangling aria-describedby).
          {...(description ? {} : { "aria-describedby": undefined })}
          className="animate-dialog fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-popover p-6 text-popover-foreground shadow-2xl shadow-black/60"
        >
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="font-display text-xl font-semibold">{title}</AlertDialog.Title>
            {description && (
              <AlertDialog.Description className="text-sm text-muted-foreground">
                {description}
              </AlertDialog.Description>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass({ variant: "ghost" })}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass({ variant: destructive ? "destructive" : "default" })}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
