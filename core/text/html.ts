const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to place in HTML made on the server (blog Markdown, label pieces, imported descriptions). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);
