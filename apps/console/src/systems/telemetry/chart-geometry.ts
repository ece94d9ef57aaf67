/*
 * The geometry of the telemetry charts, pure: scales, paths and ticks for a plain SVG drawing. Plain SVG
 * rather than a chart library: the system page's budget has no room for one (see docs/console/README.md).
 */

export interface Plot {
  width: number;
  height: number;
  /** Room for the y axis labels on the left and the x labels below. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export const PLOT: Plot = { width: 640, height: 180, left: 48, bottom: 22, top: 8, right: 8 };

/** A round upper bound for the y axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(values: ReadonlyArray<number | null>): number {
  const max = Math.max(0, ...values.filter((value): value is number => value !== null));
  if (max <= 0) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(max)));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export interface Scale {
  x: (index: number) => number;
  y: (value: number) => number;
  /** The width of one bucket. */
  band: number;
}

/** Buckets spread evenly across the plot, each value's point in the middle of its bucket. */
export function scale(count: number, max: number, plot: Plot = PLOT): Scale {
  const inner = plot.width - plot.left - plot.right;
  const band = inner / Math.max(count, 1);
  const bottom = plot.height - plot.bottom;
  const span = bottom - plot.top;
  return {
    band,
    x: (index) => plot.left + band * (index + 0.5),
    y: (value) => bottom - (Math.min(value, max) / max) * span,
  };
}

/** An SVG path through the values, lifted over gaps (null) rather than drawn down to zero. */
export function linePath(values: ReadonlyArray<number | null>, { x, y }: Scale): string {
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

/** At most `wanted` evenly spaced bucket indexes to label on the x axis, the last one included. */
export function tickIndexes(count: number, wanted = 6): number[] {
  if (count === 0) return [];
  const step = Math.max(1, Math.ceil(count / wanted));
  const ticks: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) ticks.unshift(index);
  return ticks;
}

/** A short number for an axis: 1.2k, 3.4M. */
export function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(value / 1_000)}k`;
  return trim(value);
}

const trim = (value: number): string => String(Number(value.toFixed(value % 1 === 0 ? 0 : 2)));
