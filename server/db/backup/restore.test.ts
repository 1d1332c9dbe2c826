import { describe, expect, it } from "vitest";
import { withoutUnknownSettings } from "./restore.ts";

describe("settings an older server does not know", () => {
  const dump = [
    "SET statement_timeout = 0;",
    "SET transaction_timeout = 0;",
    "",
    "--",
    "-- Name: blog_posts; Type: TABLE; Schema: public; Owner: -",
    "--",
    "INSERT INTO public.blog_posts VALUES ('a post', 'first line",
    "SET transaction_timeout = 0;",
    "last line');",
  ].join("\n");

  it("are left out of the dump's header only, never out of the data", () => {
    const restored = withoutUnknownSettings(dump, new Set(["statement_timeout"]));
    const lines = restored.split("\n");
    expect(lines[0]).toBe("SET statement_timeout = 0;");
    expect(lines[1]).toBe("-- left out (unknown to this server): SET transaction_timeout = 0;");
    expect(lines.slice(2)).toEqual(dump.split("\n").slice(2));
  });

  it("leave a dump for a server that knows every setting unchanged", () => {
    expect(withoutUnknownSettings(dump, new Set(["statement_timeout", "transaction_timeout"]))).toBe(dump);
  });
});
