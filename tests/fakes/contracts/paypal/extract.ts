/**
 * Cuts the parts of PayPal's published REST OpenAPI specifications that the shop calls out of a
 * checkout of paypal/paypal-rest-api-specifications (GitHub), into one small file per spec here:
 * the operations below with their request schemas and every component schema they reach.
 *
 *   node --import tsx tests/fakes/contracts/paypal/extract.ts <checkout>/openapi <commit>
 *
 * A PayPal change is then one re-run (and a look at the fake's tests).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Json = Record<string, unknown>;

/** The operations the shop calls, by spec file. */
export const OPERATIONS: Record<string, [method: string, path: string][]> = {
  checkout_orders_v2: [
    ["post", "/v2/checkout/orders"],
    ["get", "/v2/checkout/orders/{id}"],
    ["post", "/v2/checkout/orders/{id}/capture"],
  ],
  payments_payment_v2: [["post", "/v2/payments/captures/{capture_id}/refund"]],
  catalogs_products_v1: [
    ["post", "/v1/catalogs/products"],
    ["get", "/v1/catalogs/products/{product_id}"],
  ],
  billing_subscriptions_v1: [
    ["post", "/v1/billing/plans"],
    ["post", "/v1/billing/subscriptions"],
    ["get", "/v1/billing/subscriptions/{id}"],
    ["post", "/v1/billing/subscriptions/{id}/cancel"],
    ["post", "/v1/billing/subscriptions/{id}/suspend"],
    ["post", "/v1/billing/subscriptions/{id}/activate"],
  ],
  notifications_webhooks_v1: [["post", "/v1/notifications/verify-webhook-signature"]],
};

function refsIn(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(inner);
      else refsIn(inner, found);
    }
  }
}

function subset(spec: Json, operations: [string, string][], source: string) {
  const paths: Record<string, Json> = {};
  for (const [method, path] of operations) {
    const operation = (spec.paths as Record<string, Record<string, Json>>)[path]?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the spec`);
    paths[path] = {
      ...paths[path],
      [method]: { operationId: operation.operationId, requestBody: operation.requestBody },
    };
  }
  const components = spec.components as Record<string, Record<string, unknown>>;
  const kept: Record<string, Record<string, unknown>> = {};
  const pending = new Set<string>();
  refsIn(paths, pending);
  const done = new Set<string>();
  while (pending.size > 0) {
    const ref = pending.values().next().value as string;
    pending.delete(ref);
    if (done.has(ref)) continue;
    done.add(ref);
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
    if (!kind || !name) throw new Error(`unexpected reference ${ref}`);
    const target = components[kind]?.[name];
    kept[kind] = { ...kept[kind], [name]: target };
    refsIn(target, pending);
  }
  const info = spec.info as Json;
  return {
    "x-source": source,
    openapi: spec.openapi,
    info: { title: info.title, version: info.version },
    paths,
    components: kept,
  };
}

const [directory, commit] = process.argv.slice(2);
if (!directory || !commit) throw new Error("usage: extract.ts <spec checkout>/openapi <commit>");
for (const [file, operations] of Object.entries(OPERATIONS)) {
  const spec = JSON.parse(readFileSync(join(directory, `${file}.json`), "utf8")) as Json;
  const source = `paypal/paypal-rest-api-specifications (GitHub), openapi/${file}.json at commit ${commit}`;
  writeFileSync(
    join(import.meta.dirname, `${file}.json`),
    `${JSON.stringify(subset(spec, operations, source), null, 1)}\n`,
  );
}
