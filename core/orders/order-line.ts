/**
 * One line of an order as screens and emails show it: what was bought, at the price paid (a
 * snapshot, so later catalog changes do not alter past orders). Views take the fields they need
 * with Pick/Omit instead of declaring their own line type.
 */
export type OrderLine = {
  id: string;
  name: string;
  weight: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  imageUrl: string | null;
};
