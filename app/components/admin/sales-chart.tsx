import { formatMoney } from "~core/pricing/money.ts";

export type SalesDay = { day: string; revenueCents: number; orders: number };

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 4;

/**
 * Revenue per day as bars with the order count as a line, for the last 30 days. Screen readers get
 * a summary label and the full numbers in a table.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenueCents));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const slot = (WIDTH - PAD * 2) / Math.max(1, days.length);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const y = (value: number, max: number) => HEIGHT - PAD - (value / max) * (HEIGHT - PAD * 2);
  const line = days
    .map((d, i) => `${(PAD + slot * i + slot / 2).toFixed(1)},${y(d.orders, maxOrders).toFixed(1)}`)
    .join(" ");
  const summary = `Last 30 days: ${formatMoney(totalRevenue)} revenue from ${totalOrders} ${totalOrders === 1 ? "order" : "orders"}`;

  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
        <span>{summary}</span>
        <span className="flex items-center gap-2">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-primary" /> Revenue
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden className="inline-block h-0.5 w-4 bg-success" /> Orders
        </span>
      </figcaption>
      <div className="grid grid-cols-[auto_1fr_auto] gap-2">
        <Axis
          label="Revenue"
          ticks={[formatMoney(maxRevenue), formatMoney(Math.round(maxRevenue / 2)), formatMoney(0)]}
        />
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-44 w-full"
          role="img"
          aria-label={summary}
          preserveAspectRatio="none"
        >
          {days.map((d, i) => {
            const top = y(d.revenueCents, maxRevenue);
            return (
              <rect
                key={d.day}
                x={PAD + slot * i + slot * 0.15}
                y={top}
                width={slot * 0.7}
                height={HEIGHT - PAD - top}
                rx={2}
                className="fill-primary/80"
              >
                <title>{`${d.day}: ${formatMoney(d.revenueCents)}, ${d.orders} orders`}</title>
              </rect>
            );
          })}
          <polyline
            points={line}
            fill="none"
            strokeWidth={2}
            className="stroke-success"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <Axis
          label="Orders"
          ticks={[String(maxOrders), maxOrders > 1 ? String(Math.round(maxOrders / 2)) : "", "0"]}
          end
        />
      </div>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
      <table className="sr-only">
        <caption>Revenue and orders per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{formatMoney(d.revenueCents)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * An axis beside the chart: its top, middle and bottom values (HTML, so the stretched SVG does not
 * distort the text). Hidden from screen readers, which get the table.
 */
function Axis({ label, ticks, end }: { label: string; ticks: string[]; end?: boolean }) {
  return (
    <div
      aria-hidden
      data-axis={label}
      className={`flex h-44 flex-col justify-between text-xs text-muted-foreground tabular-nums ${end ? "text-left" : "text-right"}`}
    >
      {ticks.map((tick, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: three fixed positions
        <span key={i}>{tick}</span>
      ))}
    </div>
  );
}
