import { createElement } from "react";
import type { MailTemplateName, MailTemplateProps } from "./templates/index.ts";

export type RenderedMail = { html: string; text: string };

/**
 * Renders a template to the HTML and plain-text bodies every message carries. The templates and
 * React Email (with Tailwind, Prettier and Prism, ~2 MB of modules) load on the first message, not
 * at every start: a restart does not pay for them (docs/performance.md, "Start and restart").
 */
export async function renderMail<T extends MailTemplateName>(
  template: T,
  props: MailTemplateProps<T>,
): Promise<RenderedMail> {
  const [{ render, toPlainText }, { mailTemplates }] = await Promise.all([
    import("@react-email/render"),
    import("./templates/index.ts"),
  ]);
  // The registry is keyed by name, so TypeScript cannot pair a template with its props by itself.
  const component = mailTemplates[template] as unknown as React.FC<Record<string, unknown>>;
  const element = createElement(component, props as Record<string, unknown>);
  // One React render: the plain text is converted from the HTML (what render's plainText option does).
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
