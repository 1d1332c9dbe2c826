/**
 * sharp as every media module uses it. libvips' operation cache (by default up to 50 MB and 100
 * operations) keeps decoded images for reuse, but each image is processed once here (variants
 * are written to disk and served from there), so it only held memory: off
 * (docs/decisions/018-cached-product-pages.md).
 */
import sharp from "sharp";

sharp.cache(false);

export { sharp };
