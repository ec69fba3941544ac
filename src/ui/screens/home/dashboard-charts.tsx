// The dashboard's charts, Fluent UI v9's own (@fluentui/react-charts), in a chunk of their own that only the
// dashboard loads: the sign-in page and the shell never carry them. A chart draws the widget's figures; every
// figure is also in the table beside it, written per SPEC §9 from the 分 — the bar heights are 万元 for drawing
// only, and each callout shows the exact amount.
import { DonutChart, VerticalBarChart } from '@fluentui/react-charts';
import { fenAsWanForDrawing, formatFen } from '../../../domain/format/money-format';
import type { WidgetDef, WidgetRow, WidgetView } from '../../../domain/statistics/dashboard';

const PALETTE = ['#0f6cbd', '#c239b3', '#038387', '#ca5010', '#8764b8', '#498205', '#986f0b', '#e43ba6', '#00b7c3'];

export interface WidgetChartProps {
  def: WidgetDef;
  view: WidgetView;
  rows: readonly WidgetRow[];
  width: number;
}

export function WidgetChart({ def, view, rows, width }: WidgetChartProps) {
  const key = view.chartValue;
  const money = view.columns.find((c) => c.key === key)?.kind === 'money';
  const shown = (r: WidgetRow) => (money ? `${formatFen(String(r[key] ?? 0))} 元` : String(r[key] ?? 0));
  const drawn = (r: WidgetRow) => (money ? fenAsWanForDrawing(String(r[key] ?? 0)) : Number(r[key] ?? 0));
  const title = `${def.title}·${view.label}`;
  if (def.chart === 'donut') {
    const points = rows.filter((r) => Number(r[key] ?? 0) > 0);
    // The donut draws its data's chartTitle as a line above the ring, which its height clips, and the card already
    // heads the chart: the name is given to the figure instead.
    return (
      <div role="figure" aria-label={title}>
        <DonutChart
          data={{
            chartData: points.map((r, i) => ({
              legend: r.label,
              data: drawn(r),
              color: PALETTE[i % PALETTE.length],
              xAxisCalloutData: r.label,
              yAxisCalloutData: shown(r),
            })),
          }}
          innerRadius={45}
          height={220}
          width={width}
          hideLabels
          valueInsideDonut={points.length ? `${points.length}` : '0'}
        />
      </div>
    );
  }
  return (
    <VerticalBarChart
      chartTitle={title}
      data={rows.map((r, i) => ({
        x: r.label,
        y: drawn(r),
        legend: r.label,
        color: PALETTE[i % PALETTE.length],
        xAxisCalloutData: r.label,
        yAxisCalloutData: shown(r),
      }))}
      height={240}
      width={width}
      hideLegend
      yAxisTitle={money ? '万元' : ''}
      wrapXAxisLables
      barWidth="auto"
      maxBarWidth={40}
    />
  );
}
