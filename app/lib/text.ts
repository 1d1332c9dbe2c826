/** Testimonial text limits: longer text is cut with an ellipsis (less room next to media). */
export const TESTIMONIAL_LIMITS = { text: 600, withMedia: 400 } as const;

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

export function testimonialText(content: string, hasMedia: boolean): string {
  return truncate(content, hasMedia ? TESTIMONIAL_LIMITS.withMedia : TESTIMONIAL_LIMITS.text);
}
