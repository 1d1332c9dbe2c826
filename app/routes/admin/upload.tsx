import { data } from "react-router";
import { receiveImageUpload } from "~server/media/upload-request.ts";
import type { Route } from "./+types/upload";

export async function loader() {
  return data({ error: "Send the file with POST" }, { status: 405 });
}

/** Stores one image from the admin (multipart field "file"); answers its URL or the reason it was refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await receiveImageUpload(context, request, "file");
  if (!result) return data({ error: "Choose an image file to upload" }, { status: 400 });
  return data(result, { status: "error" in result ? 400 : 200 });
}
