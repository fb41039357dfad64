/** Views per day as bars; the chart library is loaded with this screen only. */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartBars } from './figures-age';

export function ViewsChart({ perDay }: { perDay: Array<{ date: string; views: number }> }) {
  const bars = chartBars(perDay);
  return (
    <figure aria-label="Views per day" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => [String(value), 'Views']} labelFormatter={(label) => String(label)} />
          <Bar dataKey="views" name="Views" fill="#15803d" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      {/* The same numbers as text, for screen readers and for checking the chart against. */}
      <table className="sr-only">
        <caption>Views per day</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.date}>
              <th scope="row">{bar.date}</th>
              <td>{bar.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
