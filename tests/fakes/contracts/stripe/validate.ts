import { readFileSync } from "node:fs";

/**
 * Checks a request to the fake Stripe against the published parameters of its endpoint
 * (requests.json) the way Stripe's API does, and returns Stripe's error for the first problem:
 * an unknown parameter (`parameter_unknown`), a missing required one (`parameter_missing`), an
 * empty string where a value cannot be unset (`parameter_invalid_empty`), a number, boolean or enum
 * value that is not one. Form values arrive as strings (tests/fakes/stripe-form.ts).
 */

type Schema = {
  type?: "object" | "array" | "string" | "number" | "boolean";
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: string[];
  anyOf?: Schema[];
  format?: string;
};

export type ContractError = { code?: string; message: string; param: string };

type Contract = {
  source: string;
  apiVersion: string;
  endpoints: Array<{ method: string; path: string; params: Schema }>;
};

const contract: Contract = JSON.parse(readFileSync(new URL("./requests.json", import.meta.url), "utf8"));

type Endpoint = { method: string; path: string; params: Schema; pattern: RegExp };

export const stripeContract = {
  source: contract.source,
  apiVersion: contract.apiVersion,
};

const endpoints: Endpoint[] = contract.endpoints.map((endpoint) => ({
  method: endpoint.method,
  path: endpoint.path,
  params: endpoint.params,
  pattern: new RegExp(`^${endpoint.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/** The contract's endpoint for a request, or null when the shop is not expected to call it. */
export function contractEndpoint(method: string, path: string) {
  return endpoints.find((endpoint) => endpoint.method === method && endpoint.pattern.test(path)) ?? null;
}

/** Stripe's error for the request's parameters, or null when they are valid. */
export function validateStripeParams(method: string, path: string, body: unknown): ContractError | null {
  const endpoint = contractEndpoint(method, path);
  if (!endpoint) return null;
  return check(endpoint.params, body, "");
}

const nameOf = (parent: string, key: string | number) => (parent ? `${parent}[${key}]` : String(key));

function check(schema: Schema, value: unknown, param: string): ContractError | null {
  if (schema.anyOf) return checkAnyOf(schema.anyOf, value, param);
  switch (schema.type) {
    case "object":
      return checkObject(schema, value, param);
    case "array":
      return checkArray(schema, value, param);
    case "number":
      return checkScalar(value, param, /^-?\d+(\.\d+)?$/, "parameter_invalid_integer", "Invalid integer");
    case "boolean":
      return checkScalar(value, param, /^(true|false)$/, undefined, "Invalid boolean");
    case "string":
      return checkString(schema, value, param);
    default:
      return null;
  }
}

function checkAnyOf(options: Schema[], value: unknown, param: string): ContractError | null {
  let first: ContractError | null = null;
  for (const option of options) {
    const error = check(option, value, param);
    if (!error) return null;
    // The option of the value's own kind explains the problem best (an object's unknown key).
    if (!first || (typeof value === "object" && option.type === "object")) first = error;
  }
  return first;
}

function checkObject(schema: Schema, value: unknown, param: string): ContractError | null {
  if (value === "") return emptyError(param);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { message: `Invalid object`, param };
  }
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    const name = nameOf(param, key);
    const childSchema = schema.properties?.[key];
    if (childSchema) {
      const error = check(childSchema, child, name);
      if (error) return error;
    } else if (typeof schema.additionalProperties === "object") {
      const error = check(schema.additionalProperties, child, name);
      if (error) return error;
    } else {
      return { code: "parameter_unknown", message: `Received unknown parameter: ${name}`, param: name };
    }
  }
  for (const key of schema.required ?? []) {
    if (!(key in record)) {
      const name = nameOf(param, key);
      return { code: "parameter_missing", message: `Missing required param: ${name}.`, param: name };
    }
  }
  return null;
}

function checkArray(schema: Schema, value: unknown, param: string): ContractError | null {
  if (value === "") return emptyError(param);
  if (!Array.isArray(value)) return { message: `Invalid array`, param };
  for (const [index, item] of value.entries()) {
    const error = schema.items ? check(schema.items, item, nameOf(param, index)) : null;
    if (error) return error;
  }
  return null;
}

function checkScalar(
  value: unknown,
  param: string,
  valid: RegExp,
  code: string | undefined,
  label: string,
): ContractError | null {
  if (value === "") return emptyError(param);
  if (typeof value === "string" && valid.test(value)) return null;
  return { ...(code && { code }), message: `${label}: ${shown(value)}`, param };
}

function checkString(schema: Schema, value: unknown, param: string): ContractError | null {
  if (typeof value !== "string") return { message: `Invalid string: ${shown(value)}`, param };
  if (schema.enum) {
    if (schema.enum.includes(value)) return null;
    if (value === "") return emptyError(param);
    return { message: `Invalid ${param}: must be one of ${listed(schema.enum)}`, param };
  }
  return value === "" ? emptyError(param) : null;
}

function emptyError(param: string): ContractError {
  return {
    code: "parameter_invalid_empty",
    message: `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    param,
  };
}

function listed(values: string[]) {
  return values.length < 2 ? values.join("") : `${values.slice(0, -1).join(", ")}, or ${values.at(-1)}`;
}

function shown(value: unknown) {
  return typeof value === "string" ? value : JSON.stringify(value);
}
