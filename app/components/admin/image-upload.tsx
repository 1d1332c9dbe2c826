import { ImageUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { toast } from "~/components/ui/toaster.tsx";

type UploadResult = { url: string } | { error: string };
const UPLOAD_FAILED = "Failed to upload file";

/**
 * An image: upload a file or give a URL. With JavaScript the file is uploaded at once
 * (/admin/upload) and its URL fills the field; without it the file goes with the form (as
 * `${name}File`). `name` is the URL field's name and the ids' stem, so a form can hold several.
 */
export function ImageUpload({
  defaultUrl,
  error,
  previewAlt = "Main product preview",
  name = "imageUrl",
  fileName = "imageFile",
  uploadLabel = "Upload image",
  urlLabel = "Image URL",
}: {
  defaultUrl: string;
  error?: string;
  previewAlt?: string;
  name?: string;
  fileName?: string;
  uploadLabel?: string;
  urlLabel?: string;
}) {
  const [url, setUrl] = useState(defaultUrl);
  const fetcher = useFetcher<UploadResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if ("url" in result) {
      setUrl(result.url);
      toast.success("File uploaded successfully");
    } else {
      // The server's reason, under the spec's fallback title (said once when they are the same).
      toast.destructive(UPLOAD_FAILED, result.error === UPLOAD_FAILED ? undefined : result.error);
    }
    // Uploaded already: do not send the file again with the form.
    if (fileInput.current) fileInput.current.value = "";
  }, [fetcher.data, fetcher.state]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {url ? (
            <img src={url} alt={previewAlt} className="size-full object-cover" />
          ) : (
            <ImageUp className="size-8 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Label htmlFor={fileName}>{uploadLabel}</Label>
          <Input
            ref={fileInput}
            id={fileName}
            name={fileName}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={`${fileName}-hint`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (!file) return;
              const body = new FormData();
              body.append("file", file);
              fetcher.submit(body, {
                method: "post",
                action: "/admin/upload",
                encType: "multipart/form-data",
              });
            }}
          />
          <p id={`${fileName}-hint`} className="text-xs text-muted-foreground">
            JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
          </p>
          {uploading && <Spinner label="Uploading image" />}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={name}>{urlLabel}</Label>
        <Input
          id={name}
          name={name}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="/uploads/… or https://…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
        />
        {error && (
          <p id={`${name}-error`} className="text-sm text-destructive-text">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
