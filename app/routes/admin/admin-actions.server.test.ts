import { describe, expect, it } from "vitest";
import type { Db } from "~server/db/client.ts";
import { type adminFailure, deleteIntent, runIntent, toggleIntent } from "./admin-actions.server.ts";

const db = {} as Db;
const post = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
};
// A handler that tells which one ran (the helpers pass any result through).
const named = (name: string) => async () => ({ errors: {}, values: null, toast: null, name }) as never;

describe("admin action helpers", () => {
  it("runs the handler of the posted intent, and save for none or an unknown one", async () => {
    const handlers = { save: named("save"), delete: named("delete") };
    const run = async (fields: Record<string, string>) =>
      ((await runIntent(post(fields), db, handlers)) as unknown as { name: string }).name;
    expect(await run({ intent: "delete" })).toBe("delete");
    expect(await run({})).toBe("save");
    for (const intent of ["publish", "constructor", "__proto__", "toString"])
      expect(await run({ intent })).toBe("save");
  });

  it("deletes by the posted id and redirects back with a toast, or answers 404 with the failure toast", async () => {
    const removed: string[] = [];
    const handler = deleteIntent("/admin/things", async (_db, id) => removed.push(id) === 1, {
      success: "Thing deleted",
      failure: { title: "Failed to delete thing" },
    });
    const ok = (await runIntent(post({ intent: "delete", id: "a" }), db, { save: handler })) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin/things");
    expect(ok.headers.get("set-cookie")).toContain("flash-toast");
    const gone = (await runIntent(post({ id: "b" }), db, { save: handler })) as ReturnType<
      typeof adminFailure
    >;
    expect(gone.init?.status).toBe(404);
    expect(gone.data.toast).toMatchObject({ title: "Failed to delete thing", variant: "destructive" });
    expect(removed).toEqual(["a", "b"]);
  });

  it("toggles to the posted value; a failed toggle says nothing when the screen wants silence", async () => {
    const seen: boolean[] = [];
    const toggle = (found: boolean, failure: { title: string } | null) =>
      toggleIntent(
        async (_db, _id, value) => {
          seen.push(value);
          return found;
        },
        {
          success: (value) => (value ? "On" : "Off"),
          failure,
        },
      );
    const on = await runIntent(post({ value: "true" }), db, { save: toggle(true, null) });
    expect(on).toMatchObject({ toast: { title: "On", variant: "success" } });
    expect(await runIntent(post({ value: "false" }), db, { save: toggle(false, null) })).toMatchObject({
      toast: null,
    });
    const failed = (await runIntent(post({}), db, { save: toggle(false, { title: "Nope" }) })) as ReturnType<
      typeof adminFailure
    >;
    expect(failed.data.toast?.title).toBe("Nope");
    expect(seen).toEqual([true, false, false]);
  });
});
