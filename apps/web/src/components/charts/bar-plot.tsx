import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarPlotProps {
  /** One object per bar, oldest first. */
  data: readonly object[];
  /** The field shown under each bar, the field charted, and the field titling a bar's tooltip. */
  labelKey: string;
  valueKey: string;
  titleKey: string;
  /** What a value counts, in the tooltip ("Posts"). */
  valueName: string;
  formatValue?: (value: number) => string;
  barRadius?: number;
  maxBarSize?: number;
  /** Leaves out labels closer than this (px) so long ranges stay readable; every label is shown without it. */
  minLabelGap?: number;
  /** Negative to pull the value axis closer to the edge. */
  marginLeft?: number;
}

/** Recharts bars filling their box, in the text colour (the brand colour where it is used). */
export default function BarPlot({
  data,
  labelKey,
  valueKey,
  titleKey,
  valueName,
  formatValue = String,
  barRadius = 4,
  maxBarSize = 40,
  minLabelGap,
  marginLeft = -24,
}: BarPlotProps) {
  const tick = { fontSize: 12, fill: '#64748b' };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 4, right: 4, bottom: 0, left: marginLeft }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey={labelKey}
          tickLine={false}
          axisLine={false}
          tick={tick}
          {...(minLabelGap === undefined ? {} : { interval: 'preserveStartEnd' as const, minTickGap: minLabelGap })}
        />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={tick} />
        <Tooltip
          cursor={{ fill: '#f1f5f9' }}
          labelFormatter={(_, payload) => String(payload?.[0]?.payload?.[titleKey] ?? '')}
          formatter={(value) => [formatValue(Number(value)), valueName]}
          contentStyle={{ borderRadius: 12, borderColor: '#e2e8f0', fontSize: 12 }}
        />
        <Bar dataKey={valueKey} fill="currentColor" radius={[barRadius, barRadius, 0, 0]} maxBarSize={maxBarSize} />
      </BarChart>
    </ResponsiveContainer>
  );
}
