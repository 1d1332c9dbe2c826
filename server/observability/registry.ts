/**
 * A small Prometheus registry: counters, histograms and values read when scraped, rendered in
 * the text exposition format (version 0.0.4). Hand-written because the shop needs only these
 * three kinds (decision 025); label values are escaped, label sets are bounded by the callers.
 */
export type Labels = Record<string, string>;

type Sample = { labels: Labels; value: number; suffix?: string };

interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "gauge" | "histogram";
  samples(): Sample[] | Promise<Sample[]>;
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');

function formatLabels(labels: Labels): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

/** Label sets are kept by their sorted JSON form. */
const keyOf = (labels: Labels) =>
  JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

export class Counter implements Metric {
  readonly type = "counter";
  private readonly values = new Map<string, Sample>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const sample = this.values.get(key);
    if (sample) sample.value += by;
    else this.values.set(key, { labels, value: by });
  }

  /** The current value for these labels (0 when never counted). */
  get(labels: Labels = {}): number {
    return this.values.get(keyOf(labels))?.value ?? 0;
  }

  samples(): Sample[] {
    return [...this.values.values()];
  }
}

export class Histogram implements Metric {
  readonly type = "histogram";
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) entry.counts[i]!++;
    entry.sum += value;
    entry.count++;
  }

  samples(): Sample[] {
    return [...this.series.values()].flatMap(({ labels, counts, sum, count }) => [
      ...this.buckets.map((le, i) => ({
        labels: { ...labels, le: String(le) },
        value: counts[i]!,
        suffix: "_bucket",
      })),
      { labels: { ...labels, le: "+Inf" }, value: count, suffix: "_bucket" },
      { labels, value: sum, suffix: "_sum" },
      { labels, value: count, suffix: "_count" },
    ]);
  }
}

/** A value read at scrape time (from the process or the database). */
export class Collected implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: "counter" | "gauge",
    private readonly read: () => Sample[] | Promise<Sample[]>,
  ) {}

  samples() {
    return this.read();
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];

  register<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  /** The text format; `extra` metrics (scrape-time readers with their own inputs) come last. */
  async render(extra: Metric[] = []): Promise<string> {
    const blocks = await Promise.all(
      [...this.metrics, ...extra].map(async (metric) => {
        const lines = [`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`];
        for (const s of await metric.samples())
          lines.push(`${metric.name}${s.suffix ?? ""}${formatLabels(s.labels)} ${formatValue(s.value)}`);
        return lines.join("\n");
      }),
    );
    return `${blocks.join("\n")}\n`;
  }
}
