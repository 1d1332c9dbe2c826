import { can, type Role } from "~core/staff/roles.ts";

/** What the orders screen offers this role (the server refuses the rest anyway). */
export const orderPermissions = (access: Role) => ({
  refund: can(access, "refund:order"),
  exportOrders: can(access, "export:order"),
  exportCustomers: can(access, "export:customer"),
  customerData: can(access, "view:customer"),
  bulk: {
    status: can(access, "edit:order"),
    ship: can(access, "ship:order"),
    print: can(access, "print:order"),
    export: can(access, "export:order"),
  },
});

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
