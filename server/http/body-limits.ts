import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** Forms, JSON calls and webhooks: far above any real one (the longest text field is 200,000 characters). */
export const FORM_BODY_LIMIT = 1024 * 1024;

/** Routes that take an image with the form (admin uploads), with or without React Router's `.data` suffix. */
const UPLOAD_ROUTE =
  /^\/admin\/(upload|products|certificates|testimonials|partners|blog\/new|blog\/[^/]+\/edit)(\.data)?\/?$/;

/** The CSV imports (catalog, customers) take a bigger file (server/csv-import/uploads.ts). */
const CSV_IMPORT_ROUTE = /^\/admin\/(products|customers)\/import(\.data)?\/?$/;

export function isUploadRoute(path: string) {
  return UPLOAD_ROUTE.test(path) || CSV_IMPORT_ROUTE.test(path);
}

const PAYLOAD_TOO_LARGE = "Payload Too Large: the request body is bigger than this address accepts.";

/**
 * Refuses oversized request bodies with 413 before anything reads them. Every route except the
 * uploads: a declared Content-Length above `FORM_BODY_LIMIT` is refused at once, a body without
 * one is cut off once it passes the limit.
 * Upload routes: their actions answer a declared Content-Length above the upload limit themselves
 * with a message the admin can act on (without reading the body), so here the body is only
 * capped — reading past `uploadLimit` bytes fails, whatever the headers claim.
 */
export function limitRequestBodies(uploadLimit: number, csvImportLimit = uploadLimit): MiddlewareHandler {
  const forms = bodyLimit({
    maxSize: FORM_BODY_LIMIT,
    // The rest of the body is never read: the connection cannot carry another request.
    onError: (c) => c.text(PAYLOAD_TOO_LARGE, 413, { Connection: "close" }),
  });
  return async (c, next) => {
    if (!isUploadRoute(c.req.path)) return forms(c, next);
    const body = c.req.raw.body;
    if (body)
      c.req.raw = new Request(c.req.raw, {
        body: capped(body, CSV_IMPORT_ROUTE.test(c.req.path) ? csvImportLimit : uploadLimit),
        duplex: "half",
      } as RequestInit);
    await next();
  };
}

/** The same bytes, erroring once more than `limit` have passed. */
function capped(body: ReadableStream<Uint8Array>, limit: number) {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new Error(PAYLOAD_TOO_LARGE));
        else controller.enqueue(chunk);
      },
    }),
  );
}
