import { useInView } from "react-intersection-observer";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useI18n } from "#app/lib/i18n.ts";

// The Visits view's charts (docs/product.md §27.5), drawn by recharts in the theme's colours. In Arabic the axes
// run from the right: time flows leftwards, bars grow from the right, the count axis stands on the right. The
// charts are pictures of the tables beside them (aria-hidden, and without recharts' keyboard layer): a screen
// reader and the keyboard read the tables. A ranked chart is drawn when it comes near the screen, in the space
// kept for it: each costs some 40 ms of the browser's time, and the view has eight of them below its first screen
// (decision 045).

const PRIMARY = "var(--color-primary)";

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  textAnchor?: "start" | "middle" | "end" | "inherit";
  verticalAnchor?: string;
}

/**
 * An axis label as recharts places it, written in the page's direction: in right-to-left text "start" and "end"
 * are the other sides, so the anchor recharts chose for a left-to-right line is turned round.
 */
function axisTick(rtl: boolean, format: (value: unknown) => string) {
  return function AxisTick({ x, y, payload, textAnchor, verticalAnchor }: TickProps) {
    const anchor = rtl && textAnchor === "start" ? "end" : rtl && textAnchor === "end" ? "start" : textAnchor;
    return (
      <text
        x={x}
        y={y}
        dy={verticalAnchor === "start" ? "0.71em" : "0.355em"}
        textAnchor={anchor}
        fill="var(--color-muted-foreground)"
        fontSize={12}
      >
        {format(payload?.value)}
      </text>
    );
  };
}

export interface ChartRow {
  label: string;
  count: number;
}

/** Views per day or per week, oldest first. */
export function TimeChart({ rows, format }: { rows: ChartRow[]; format: (value: number) => string }) {
  const { dir } = useI18n();
  const rtl = dir === "rtl";
  const text = axisTick(rtl, String);
  const count = axisTick(rtl, (value) => format(Number(value)));
  return (
    // Its tooltip stays inside it: recharts keeps the hidden tooltip where the pointer last showed it, which after
    // the window narrows would lie past the page's edge.
    <div aria-hidden="true" className="h-64 w-full overflow-hidden">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--color-border)" vertical={false} />
          {/* Every nth label, n found by measuring a few; the default measures every label one by one in the
              page. */}
          <XAxis
            dataKey="label"
            reversed={rtl}
            tick={text}
            minTickGap={24}
            interval="equidistantPreserveStart"
          />
          <YAxis orientation={rtl ? "right" : "left"} allowDecimals={false} tick={count} width={48} />
          <Tooltip
            formatter={(value) => format(Number(value))}
            contentStyle={{ background: "var(--color-background)", borderColor: "var(--color-border)" }}
            wrapperStyle={{ direction: dir }}
          />
          <Area
            type="monotone"
            dataKey="count"
            stroke={PRIMARY}
            fill={PRIMARY}
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A ranked list as horizontal bars, the largest first; `addresses` when the labels are paths or host names. */
export function RankedChart({
  rows,
  format,
  addresses = false,
}: {
  rows: ChartRow[];
  format: (value: number) => string;
  addresses?: boolean;
}) {
  const { dir } = useI18n();
  const rtl = dir === "rtl";
  // A path keeps its slashes where they belong inside Arabic text: isolated left to right (Unicode LRI…PDI).
  const text = axisTick(rtl, (value) =>
    addresses ? `\u2066${shorten(String(value))}\u2069` : String(value),
  );
  const count = axisTick(rtl, (value) => format(Number(value)));
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: "200px 0px" });
  return (
    <div ref={ref} aria-hidden="true" className="w-full" style={{ height: 32 * rows.length + 32 }}>
      {inView && (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={rows}
            layout="vertical"
            margin={{ top: 0, right: 8, bottom: 0, left: 8 }}
          >
            <XAxis type="number" reversed={rtl} allowDecimals={false} tick={count} />
            <YAxis
              type="category"
              dataKey="label"
              orientation={rtl ? "right" : "left"}
              tick={text}
              width={120}
              interval={0}
            />
            <Bar dataKey="count" fill={PRIMARY} radius={3} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </div>
  );
}

/** A long label (a page's path) cut to fit beside its bar; the table has it whole. */
function shorten(label: string): string {
  return label.length > 18 ? `${label.slice(0, 17)}…` : label;
}
