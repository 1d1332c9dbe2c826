import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBodyBytes } from "../fakes/http-body.ts";

export type StoredObject = {
  bytes: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
};

export type FakeS3 = {
  /** http://127.0.0.1:<port>, to use as S3_ENDPOINT. */
  endpoint: string;
  /** Objects by "<bucket>/<key>". */
  objects: Map<string, StoredObject>;
  /** Every request as "<METHOD> <path>" with its Authorization header. */
  requests: { line: string; authorization: string | undefined }[];
  close(): Promise<void>;
};

/**
 * A local S3 speaking just enough of the API for uploads, path-style (`/<bucket>/<key>`): PutObject
 * stores the body, GetObject serves it (so a browser can load the images). A request without an
 * AWS Signature V4 header, or with a streamed (aws-chunked) body this fake cannot read, gets the
 * error a real S3 would give.
 */
export async function startFakeS3({ bucket, accessKeyId }: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3["requests"] = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    const authorization = req.headers.authorization;
    requests.push({ line: `${req.method} ${path}`, authorization });
    const [, requestBucket, ...rest] = path.split("/");
    const key = rest.join("/");
    const fail = (status: number, code: string) => {
      res.writeHead(status, { "content-type": "application/xml" });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    };
    if (requestBucket !== bucket || !key) return fail(404, "NoSuchBucket");
    if (req.method === "GET") {
      const object = objects.get(`${bucket}/${key}`);
      if (!object) return fail(404, "NoSuchKey");
      res.writeHead(200, { "content-type": object.contentType ?? "application/octet-stream" });
      return res.end(object.bytes);
    }
    if (req.method !== "PUT") return fail(405, "MethodNotAllowed");
    const signed = authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`);
    if (!signed) return fail(403, "AccessDenied");
    if (String(req.headers["x-amz-content-sha256"]).startsWith("STREAMING"))
      return fail(501, "NotImplemented");
    objects.set(`${bucket}/${key}`, {
      bytes: await readBodyBytes(req),
      contentType: req.headers["content-type"],
      cacheControl: req.headers["cache-control"],
    });
    res.writeHead(200, { etag: '"fake"' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies FakeS3;
}
