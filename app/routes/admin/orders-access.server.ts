import { can, type Role } from "~core/staff/roles.ts";
import type { TimelineEvent } from "~server/orders/timeline/index.ts";

/** What the orders screens offer this role (the server refuses the rest anyway). */
export const orderPermissions = (access: Role) => ({
  refund: can(access, "refund:order"),
  ship: can(access, "ship:order"),
  print: can(access, "print:order"),
  note: can(access, "note:order"),
  exportOrders: can(access, "export:order"),
  exportCustomers: can(access, "export:customer"),
  customerData: can(access, "view:customer"),
  emails: can(access, "view:email"),
  webhooks: can(access, "view:webhook"),
  bulk: {
    status: can(access, "edit:order"),
    ship: can(access, "ship:order"),
    print: can(access, "print:order"),
    export: can(access, "export:order"),
  },
});

export type OrderPermissions = ReturnType<typeof orderPermissions>;

/**
 * Fulfilment ships to the name and address on the order and sees nothing else of the customer:
 * without `view:customer` the email and phone are left out of what the page receives.
 */
export function withoutCustomerData<R extends { orders: { email: string | null; phone: string | null }[] }>(
  result: R,
  customerData: boolean,
): R {
  if (customerData) return result;
  return { ...result, orders: result.orders.map((order) => ({ ...order, email: null, phone: null })) };
}

/**
 * The timeline as this role may see it: links only to screens the role may open, and, without
 * `view:customer`, no email addresses (an email event says what was sent, not to whom).
 */
export function timelineFor(events: TimelineEvent[], may: OrderPermissions): TimelineEvent[] {
  return events.map((event) => {
    const allowed = (event.kind === "email" && may.emails) || (event.kind === "webhook" && may.webhooks);
    const hidesAddress = event.kind === "email" && !may.customerData;
    return { ...event, href: allowed ? event.href : null, ...(hidesAddress && { detail: null }) };
  });
}
