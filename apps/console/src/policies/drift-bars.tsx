import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { init, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { dayLabel, type DriftDay } from './drift-series';
import styles from './policies.module.css';

// The smallest set that draws the bars: the legend is HTML beside the chart, and the numbers are in the
// page's text and table, so no tooltip (ECharts' tooltip alone weighs more than the bars).
registerParts([BarChart, GridComponent, CanvasRenderer]);

/** Drift alerts per day, stacked by severity. The numbers are also in a table for screen readers. */
export default function DriftBars({ series }: { series: readonly DriftDay[] }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = init(element.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      animation: false,
      grid: { left: 32, right: 8, top: 8, bottom: 24 },
      xAxis: {
        type: 'category',
        data: series.map((day) => dayLabel(day.day)),
        axisLabel: { color: '#4a5361' },
        axisLine: { lineStyle: { color: '#d5d9e0' } },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: '#4a5361' },
        splitLine: { lineStyle: { color: '#eef0f3' } },
      },
      series: [
        {
          name: 'Medium',
          type: 'bar',
          stack: 'alerts',
          itemStyle: { color: '#a16207' },
          data: series.map((day) => day.medium),
        },
        {
          name: 'High',
          type: 'bar',
          stack: 'alerts',
          itemStyle: { color: '#c2410c' },
          data: series.map((day) => day.high),
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series]);
  return <div ref={element} className={styles.chart} aria-hidden="true" />;
}
