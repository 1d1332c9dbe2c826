import { describeImage } from "../media/describe.ts";
import { type ImageSizes, markdownUploadImages } from "./markdown.ts";
import { markdownProblem } from "./markdown-limits.ts";

/**
 * The intrinsic sizes of the uploads a Markdown text shows (read with sharp, cached per file), so
 * the rendered <img> carries width and height. Uploads that are missing or unreadable are left out
 * and rendered without a size. Markdown over the limits is not lexed here (it is not rendered).
 */
export async function markdownImageSizes(uploadsDir: string, markdown: string): Promise<ImageSizes> {
  const sizes = new Map<string, { width: number; height: number }>();
  if (markdownProblem(markdown)) return sizes;
  let urls: string[];
  try {
    urls = markdownUploadImages(markdown);
  } catch {
    return sizes; // a stack overflow the limits do not catch: rendering reports it
  }
  for (const url of urls) {
    const image = await describeImage(uploadsDir, url);
    if (image.responsive) sizes.set(url, { width: image.width, height: image.height });
  }
  return sizes;
}
