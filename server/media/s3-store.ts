import type { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "../config.ts";
import { IMMUTABLE_CACHE_CONTROL, type MediaStore } from "./uploads.ts";

export type S3Settings = NonNullable<Config["s3"]>;

/**
 * The public base URL of the bucket: S3_PUBLIC_URL (a CDN or custom domain) when set, otherwise the
 * bucket under S3_ENDPOINT (path style, as S3-compatible services expect), otherwise AWS's own
 * virtual-hosted address.
 */
export function s3PublicUrl(settings: S3Settings): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, "");
  if (settings.endpoint) return `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}`;
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}

// The AWS SDK takes ~0.4 s to load: only a shop that keeps uploads in S3 loads it, at its first upload.
const awsSdk = () => import("@aws-sdk/client-s3");

async function createS3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = await awsSdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible services (MinIO, R2, Ceph, a local fake) address buckets in the path.
    forcePathStyle: Boolean(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 demands them: several S3-compatible services reject the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Uploads in an S3 bucket: `uploads/<name>` and the responsive variants `images/<width>/<name>`,
 * the same paths below the bucket's public URL as below this server for local uploads, so the
 * pages build variant URLs the same way (see `app/lib/images.ts`). Nothing resizes images on
 * request there, so the variants are stored with the upload.
 */
export function s3MediaStore(settings: S3Settings): MediaStore {
  const base = s3PublicUrl(settings);
  let client: Promise<S3Client> | undefined;
  const put = async (key: string, bytes: Buffer, contentType: string) => {
    client ??= createS3Client(settings);
    const [{ PutObjectCommand }, s3] = await Promise.all([awsSdk(), client]);
    return s3.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        // Names are random and never reused.
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  };
  return {
    async put(name, bytes, contentType) {
      await put(`uploads/${name}`, bytes, contentType);
      return `${base}/uploads/${name}`;
    },
    async putVariant(name, width, bytes, format) {
      // The same paths as the image route: `<name>` is WebP, `<name>.avif` AVIF.
      const key = format === "avif" ? `images/${width}/${name}.avif` : `images/${width}/${name}`;
      await put(key, bytes, `image/${format}`);
    },
  };
}
