import { GaugeChart } from 'echarts/charts';
import { init, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

registerParts([GaugeChart, CanvasRenderer]);

/** The governance score on a 0–100 dial. The number is also in the page's text for screen readers. */
export default function ScoreGauge({ score }: { score: number }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = init(element.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      animation: false,
      series: [
        {
          type: 'gauge',
          min: 0,
          max: 100,
          startAngle: 210,
          endAngle: -30,
          radius: '95%',
          progress: {
            show: true,
            width: 14,
            itemStyle: { color: score >= 75 ? '#146c2e' : score >= 50 ? '#a16207' : '#b42318' },
          },
          axisLine: { lineStyle: { width: 14, color: [[1, '#e5e7eb']] } },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          pointer: { show: false },
          anchor: { show: false },
          title: { show: false },
          detail: {
            valueAnimation: false,
            offsetCenter: [0, '0%'],
            fontSize: 40,
            fontWeight: 700,
            color: '#161b22',
            formatter: '{value}',
          },
          data: [{ value: Math.round(score) }],
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [score]);
  return <div ref={element} style={{ width: '100%', height: 200 }} aria-hidden="true" />;
}
