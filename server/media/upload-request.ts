import type { RequestContext } from "../context.ts";
import { storeDocumentUpload } from "./documents.ts";
import { type S3Settings, s3MediaStore } from "./s3-store.ts";
import {
  localMediaStore,
  MAX_UPLOAD_BYTES,
  type MediaStore,
  storeImageUpload,
  UploadRejected,
} from "./uploads.ts";

/** Room for the other form fields around a maximal image. */
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

// One S3 client per configuration (it keeps its connections), not one per request.
const s3Stores = new WeakMap<S3Settings, MediaStore>();

/** The S3 bucket when S3_* is configured, otherwise DATA_DIR/uploads. */
export function mediaStoreFor(context: RequestContext): MediaStore {
  const s3 = context.config.s3;
  if (!s3) return localMediaStore(context.config.uploadsDir);
  let store = s3Stores.get(s3);
  if (!store) {
    store = s3MediaStore(s3);
    s3Stores.set(s3, store);
  }
  return store;
}

/** Refuses a body too big to hold an allowed image before reading it. */
export function uploadTooLarge(request: Request): boolean {
  return Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES;
}

/** A certificate of analysis: a PDF or an image (server/media/documents.ts). */
export const receiveDocumentUpload = (
  context: RequestContext,
  request: Request,
  field: string,
  form: FormData,
) => receiveImageUpload(context, request, field, form, storeDocumentUpload);

/**
 * Stores the image in multipart field `field` of an already read form, or reads the form first.
 * null when no file was sent; `{ error }` with a reason the admin can act on.
 */
export async function receiveImageUpload(
  context: RequestContext,
  request: Request,
  field: string,
  form?: FormData,
  store: typeof storeImageUpload = storeImageUpload,
): Promise<{ url: string } | { error: string } | null> {
  if (!form && uploadTooLarge(request)) return { error: "The image must be 5 MB or smaller" };
  let file: FormDataEntryValue | null;
  try {
    file = (form ?? (await request.formData())).get(field);
  } catch {
    return { error: "Failed to upload file" };
  }
  if (!(file instanceof File) || file.size === 0) return null;
  try {
    return await store(mediaStoreFor(context), new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof UploadRejected) return { error: error.message };
    context.log.error({ err: error }, "upload failed");
    return { error: "Failed to upload file" };
  }
}
