import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, getHeapStatistics } from "node:v8";
import { Collected, Histogram, type Registry } from "./registry.ts";

/**
 * The Node runtime's health, under the names prom-client's default metrics use (so the usual
 * Node dashboards and alerts work): event-loop delay, heap, garbage collection, active resources.
 * Registered once per process by metrics.ts.
 */
export function registerRuntimeMetrics(registry: Registry) {
  registerEventLoopDelay(registry);
  registerHeap(registry);
  registerGarbageCollection(registry);
  registerActiveResources(registry);
  registry.register(
    new Collected("nodejs_version_info", "Node.js version of this process.", "gauge", () => [
      { labels: { version: process.version }, value: 1 },
    ]),
  );
}

function gauge(registry: Registry, name: string, help: string, read: () => number) {
  registry.register(new Collected(name, help, "gauge", () => [{ labels: {}, value: read() }]));
}

/** Sampled every 20 ms; the percentiles cover the time since the previous scrape. */
function registerEventLoopDelay(registry: Registry) {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
  const figures: Array<[string, string, () => number]> = [
    ["nodejs_eventloop_lag_mean_seconds", "Mean event-loop delay.", () => delay.mean],
    ["nodejs_eventloop_lag_p50_seconds", "Median event-loop delay.", () => delay.percentile(50)],
    [
      "nodejs_eventloop_lag_p90_seconds",
      "90th percentile of the event-loop delay.",
      () => delay.percentile(90),
    ],
    [
      "nodejs_eventloop_lag_p99_seconds",
      "99th percentile of the event-loop delay.",
      () => delay.percentile(99),
    ],
    ["nodejs_eventloop_lag_max_seconds", "Largest event-loop delay.", () => delay.max],
  ];
  for (const [name, help, read] of figures) gauge(registry, name, help, () => seconds(read()));
  // Reset after the last figure is read, so each scrape reports its own interval.
  registry.register(
    new Collected(
      "nodejs_eventloop_lag_samples",
      "Event-loop delay samples in this scrape's interval.",
      "gauge",
      () => {
        const samples = [{ labels: {}, value: delay.count }];
        delay.reset();
        return samples;
      },
    ),
  );
}

function registerHeap(registry: Registry) {
  gauge(registry, "nodejs_heap_size_total_bytes", "V8 heap size.", () => getHeapStatistics().total_heap_size);
  gauge(registry, "nodejs_heap_size_used_bytes", "V8 heap in use.", () => getHeapStatistics().used_heap_size);
  gauge(
    registry,
    "nodejs_heap_size_limit_bytes",
    "V8 heap limit.",
    () => getHeapStatistics().heap_size_limit,
  );
  gauge(
    registry,
    "nodejs_external_memory_bytes",
    "Memory of C++ objects bound to JavaScript.",
    () => process.memoryUsage().external,
  );
  registry.register(
    new Collected("nodejs_heap_space_size_used_bytes", "V8 heap in use, by space.", "gauge", () =>
      getHeapSpaceStatistics().map((space) => ({
        labels: { space: space.space_name.replace(/_space$/, "") },
        value: space.space_used_size,
      })),
    ),
  );
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};

function registerGarbageCollection(registry: Registry) {
  const gc = registry.register(
    new Histogram(
      "nodejs_gc_duration_seconds",
      "Garbage collection pauses, by kind.",
      [0.001, 0.01, 0.1, 1, 2, 5],
    ),
  );
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A gc entry's detail is { kind, flags } (Node's PerformanceEntry types omit it).
      const { detail } = entry as unknown as { detail?: { kind?: number } };
      const kind = GC_KINDS[detail?.kind ?? -1] ?? "other";
      gc.observe({ kind }, entry.duration / 1000);
    }
  });
  observer.observe({ entryTypes: ["gc"] });
}

/** Open sockets, timers, file handles…: a count that only grows is a leak. */
function registerActiveResources(registry: Registry) {
  registry.register(
    new Collected(
      "nodejs_active_resources",
      "Active resources keeping the event loop alive, by type.",
      "gauge",
      () => {
        const counts = new Map<string, number>();
        for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
        return [...counts].map(([type, value]) => ({ labels: { type }, value }));
      },
    ),
  );
  gauge(
    registry,
    "nodejs_active_resources_total",
    "Active resources keeping the event loop alive.",
    () => process.getActiveResourcesInfo().length,
  );
}
