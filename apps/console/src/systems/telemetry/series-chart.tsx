import { compact, linePath, niceMax, PLOT, scale, tickIndexes } from './chart-geometry';
import styles from './telemetry.module.css';

export interface ChartSeries {
  name: string;
  /** A CSS color of the design tokens, as an SVG presentation attribute (no inline style under the CSP). */
  color: string;
  values: ReadonlyArray<number | null>;
  kind: 'line' | 'bar';
}

/**
 * One small chart of a system's telemetry, in plain SVG: lines or bars per bucket, an optional dashed
 * reference (a drifted metric's baseline) and marks at given buckets (its alerts). Decorative for screen
 * readers: the card's table holds the same numbers.
 */
export function SeriesChart({
  series,
  labels,
  reference,
  marks = [],
}: {
  series: readonly ChartSeries[];
  /** The label of each bucket, for the x axis. */
  labels: readonly string[];
  reference?: { value: number; label: string };
  /** Bucket indexes to mark, with their color. */
  marks?: ReadonlyArray<{ index: number; color: string }>;
}) {
  const max = niceMax([...series.flatMap((line) => line.values), reference?.value ?? null]);
  const bars = series.filter((line) => line.kind === 'bar');
  const s = scale(labels.length, max);
  const barWidth = Math.max(1, (s.band * 0.8) / Math.max(bars.length, 1));
  const bottom = PLOT.height - PLOT.bottom;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${PLOT.width} ${PLOT.height}`}
      role="presentation"
      aria-hidden="true"
      focusable="false"
    >
      {[0, 0.5, 1].map((fraction) => (
        <g key={fraction}>
          <line
            x1={PLOT.left}
            x2={PLOT.width - PLOT.right}
            y1={s.y(max * fraction)}
            y2={s.y(max * fraction)}
            stroke="#eef0f3"
          />
          <text x={PLOT.left - 6} y={s.y(max * fraction) + 4} textAnchor="end" className={styles.axis}>
            {compact(max * fraction)}
          </text>
        </g>
      ))}
      {tickIndexes(labels.length).map((index) => (
        <text key={index} x={s.x(index)} y={PLOT.height - 6} textAnchor="middle" className={styles.axis}>
          {labels[index]}
        </text>
      ))}
      {marks.map((mark) => (
        <line
          key={`mark-${mark.index}`}
          x1={s.x(mark.index)}
          x2={s.x(mark.index)}
          y1={PLOT.top}
          y2={bottom}
          stroke={mark.color}
          strokeWidth={2}
          strokeDasharray="2 3"
        />
      ))}
      {bars.map((line, barIndex) =>
        line.values.map((value, index) =>
          value === null || value === 0 ? null : (
            <rect
              key={`${line.name}-${index}`}
              x={s.x(index) - (barWidth * bars.length) / 2 + barIndex * barWidth}
              y={s.y(value)}
              width={barWidth}
              height={bottom - s.y(value)}
              fill={line.color}
            />
          ),
        ),
      )}
      {reference && (
        <line
          x1={PLOT.left}
          x2={PLOT.width - PLOT.right}
          y1={s.y(reference.value)}
          y2={s.y(reference.value)}
          stroke="#4a5361"
          strokeWidth={1.5}
          strokeDasharray="6 4"
        />
      )}
      {series
        .filter((line) => line.kind === 'line')
        .map((line) => (
          <g key={line.name}>
            <path d={linePath(line.values, s)} fill="none" stroke={line.color} strokeWidth={2} />
            {/* A lone value between gaps has no segment: a dot shows it. */}
            {line.values.map((value, index) =>
              value !== null && line.values[index - 1] == null && line.values[index + 1] == null ? (
                <circle key={index} cx={s.x(index)} cy={s.y(value)} r={2.5} fill={line.color} />
              ) : null,
            )}
          </g>
        ))}
    </svg>
  );
}
