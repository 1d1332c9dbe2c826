import { HtmlValidate, type Message } from "html-validate";

/**
 * The storefront's HTML checked by a real validator (html-validate): content models (what may
 * nest in what), duplicate ids and attributes, ARIA misuse, broken references. Style rules
 * (quotes, self-closing tags, inline styles) are left off: React writes the markup. Repeated
 * class names are checked too (they hide copy-paste slips).
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "no-dup-class": "error" },
});

/** Each problem as `line:column rule: message <selector>`, so a failure says where to look. */
export async function markupProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map(
      (m: Message) => `${m.line}:${m.column} ${m.ruleId}: ${m.message} <${m.selector ?? ""}>`,
    ),
  );
}
