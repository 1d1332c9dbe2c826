export * from "./accounts.ts";
export * from "./catalog.ts";
export * from "./content.ts";
export * from "./coupons.ts";
export * from "./creators.ts";
export * from "./mail.ts";
export * from "./orders.ts";
export * from "./subscriptions.ts";
export { daysFromNow, uniqueSuffix } from "./unique.ts";
