import { Truck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog.tsx";
import { useFlashToast } from "~/components/ui/toaster.tsx";
import type { FieldErrors } from "~/lib/forms.ts";
import { orderLabel } from "~core/orders/order-number.ts";
import type { ActionToast } from "~core/toast.ts";
import { type ShipmentDefaults, ShipmentFields } from "./shipment-fields.tsx";

type ShipResult = { saved: boolean; errors?: FieldErrors; toast?: ActionToast };

/**
 * Asks for the carrier and tracking number when an admin picks "Shipped", and posts them to the
 * ship page's action (/admin/orders/:id/ship), which sets the status and sends the email once.
 * Closes once saved; a refused entry stays open with the message under its field.
 */
export function ShipDialog({
  order,
  open,
  onOpenChange,
}: {
  order: ShipmentDefaults & { id: string; number: number | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<ShipResult>();
  useFlashToast(fetcher.data?.toast);
  // Close on each new successful answer only (a reopened dialog still has the last answer).
  const closedFor = useRef<ShipResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.saved || closedFor.current === fetcher.data) return;
    closedFor.current = fetcher.data;
    onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Ship order #{orderLabel(order)}</DialogTitle>
          <DialogDescription>The customer gets an email with the tracking link.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={`/admin/orders/${order.id}/ship`} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="ship" />
          <ShipmentFields defaults={order} errors={fetcher.data?.saved ? undefined : fetcher.data?.errors} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              <Truck aria-hidden />
              Mark shipped
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
