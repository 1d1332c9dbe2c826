import { describe, expect, it } from "vitest";
import { Collected, Counter, Histogram, Registry } from "./registry.ts";

describe("Prometheus text format", () => {
  it("renders counters by label set, with help, type and escaped label values", async () => {
    const registry = new Registry();
    const counter = registry.register(new Counter("t_requests_total", "Requests."));
    counter.inc({ route: "/a" });
    counter.inc({ route: "/a" }, 2);
    counter.inc({ route: 'say "hi"\\\n' });
    expect(await registry.render()).toBe(
      [
        "# HELP t_requests_total Requests.",
        "# TYPE t_requests_total counter",
        't_requests_total{route="/a"} 3',
        't_requests_total{route="say \\"hi\\"\\\\\\n"} 1',
        "",
      ].join("\n"),
    );
  });

  it("renders histograms with cumulative buckets, +Inf, sum and count", async () => {
    const registry = new Registry();
    const histogram = registry.register(new Histogram("t_seconds", "Time.", [0.1, 1]));
    for (const value of [0.05, 0.5, 0.5, 3]) histogram.observe({ job: "x" }, value);
    const text = await registry.render();
    expect(text).toContain('t_seconds_bucket{job="x",le="0.1"} 1');
    expect(text).toContain('t_seconds_bucket{job="x",le="1"} 3');
    expect(text).toContain('t_seconds_bucket{job="x",le="+Inf"} 4');
    expect(text).toContain('t_seconds_sum{job="x"} 4.05');
    expect(text).toContain('t_seconds_count{job="x"} 4');
  });

  it("reads collected values at render time, extra metrics last", async () => {
    const registry = new Registry();
    let value = 1;
    registry.register(new Collected("t_live", "Live.", "gauge", () => [{ labels: {}, value }]));
    value = 7;
    const extra = new Collected("t_extra", "Extra.", "gauge", async () => [{ labels: { a: "b" }, value: 2 }]);
    const text = await registry.render([extra]);
    expect(text).toContain("t_live 7");
    expect(text.indexOf("t_extra")).toBeGreaterThan(text.indexOf("t_live"));
    expect(text).toContain('t_extra{a="b"} 2');
  });
});
