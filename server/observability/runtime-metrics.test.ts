import { describe, expect, it, vi } from "vitest";
import { Registry } from "./registry.ts";
import { registerRuntimeMetrics } from "./runtime-metrics.ts";

const registry = new Registry();
registerRuntimeMetrics(registry);

/** The value of one sample line of the text format, e.g. `value(text, "nodejs_heap_size_used_bytes")`. */
function value(text: string, sample: string) {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe("runtime metrics under prom-client's names", () => {
  it("report the heap, the Node version and what keeps the event loop alive", async () => {
    const timer = setInterval(() => {}, 60_000);
    const text = await registry.render();
    clearInterval(timer);
    expect(value(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(1_000_000);
    expect(value(text, "nodejs_heap_size_total_bytes")).toBeGreaterThanOrEqual(
      value(text, "nodejs_heap_size_used_bytes")!,
    );
    expect(text).toMatch(/^nodejs_heap_space_size_used_bytes\{space="old"\} \d+/m);
    expect(text).toContain(`nodejs_version_info{version="${process.version}"} 1`);
    expect(text).toMatch(/^nodejs_active_resources\{type="Timeout"\} [1-9]/m);
  });

  it("report the event-loop delay the monitor samples", async () => {
    await vi.waitFor(async () => {
      const text = await registry.render();
      expect(value(text, "nodejs_eventloop_lag_samples")).toBeGreaterThan(0);
    });
    const text = await registry.render();
    for (const figure of ["mean", "p50", "p90", "p99", "max"]) {
      const seconds = value(text, `nodejs_eventloop_lag_${figure}_seconds`);
      expect(seconds, figure).toBeGreaterThanOrEqual(0);
      expect(seconds, figure).toBeLessThan(10);
    }
  });

  it("time garbage collection by kind", async () => {
    let garbage: unknown[] = [];
    for (let i = 0; i < 2_000_000; i++) garbage.push({ i });
    garbage = [];
    await vi.waitFor(async () => {
      const text = await registry.render();
      expect(text).toMatch(/^nodejs_gc_duration_seconds_count\{kind="(minor|major|incremental)"\} [1-9]/m);
    });
    expect(garbage).toHaveLength(0);
  });
});
