import { useTheme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Axis, BarSeries, Grid, XYChart } from '@visx/xychart';
import type { OverviewDayDto } from '@erd/shared-contracts/backoffice';

const HEIGHT = 200;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 48 };

/** `2026-06-15` → `15.06.` */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.`;

/** The width of the element (ResizeObserver where the browser has it; 640 px otherwise). */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * One small bar chart of a number per day (`@visx/xychart`, SVG). It is a picture for the eye
 * only (`aria-hidden`): the screen gives the same numbers as a table for screen readers.
 */
export default function ActivityChart({ days, series }: { days: OverviewDayDto[]; series: 'votes' | 'registrations' }) {
  const theme = useTheme();
  const [box, width] = useWidth<HTMLDivElement>();
  const every = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor((width - MARGIN.left) / 56))));
  const ticks = days.filter((_, i) => (days.length - 1 - i) % every === 0).map((d) => d.day);
  const max = Math.max(1, ...days.map((d) => d[series]));
  return (
    <div ref={box} aria-hidden="true" data-testid={`chart-${series}`}>
      <XYChart
        width={width}
        height={HEIGHT}
        margin={MARGIN}
        captureEvents={false}
        xScale={{ type: 'band', paddingInner: 0.25, paddingOuter: 0.1 }}
        yScale={{ type: 'linear', domain: [0, max], nice: true }}
      >
        <Grid columns={false} numTicks={4} lineStyle={{ stroke: theme.colors.border }} />
        <BarSeries
          dataKey={series}
          data={days}
          xAccessor={(d: OverviewDayDto) => d.day}
          yAccessor={(d: OverviewDayDto) => d[series]}
          colorAccessor={() => (series === 'votes' ? theme.colors.primaryDark : theme.colors.secondary)}
        />
        <Axis orientation="bottom" tickValues={ticks} tickFormat={shortDay} />
        <Axis orientation="left" numTicks={4} tickFormat={(v: number) => (Number.isInteger(v) ? v.toLocaleString('de-DE') : '')} />
      </XYChart>
    </div>
  );
}
