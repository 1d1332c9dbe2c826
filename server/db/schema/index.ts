export * from "./auth.ts";
export * from "./cart.ts";
export * from "./catalog.ts";
export * from "./content.ts";
export * from "./coupons.ts";
export * from "./orders.ts";
export * from "./payments.ts";
export * from "./system.ts";
