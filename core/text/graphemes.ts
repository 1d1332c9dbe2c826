/**
 * Text cut by what a reader sees as one character (a grapheme: an emoji with its modifiers, a
 * letter with its accents), never by UTF-16 code unit — `"🙂x"[0]` is half an emoji ("�").
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The first grapheme of `text`, or "" when it is empty. */
export function firstGrapheme(text: string): string {
  for (const { segment } of segmenter.segment(text)) return segment;
  return "";
}
