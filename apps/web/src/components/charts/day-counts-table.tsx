/** A chart's posts per day as a visually hidden table, for screen readers. */
export function DayCountsTable({ days, caption }: { days: Array<{ day: string; date: string; count: number }>; caption: string }) {
  return (
    // A table cannot shrink below its content: the wrapper hides it without widening the page.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Posts</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.date}</th>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
