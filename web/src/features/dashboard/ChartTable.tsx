/**
 * A chart's figures as a table under it ('Voir en tableau'), for a screen reader's table
 * navigation or a closer look: the same numbers the picture draws, one row each.
 */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: readonly [string, string]; rows: readonly (readonly [string, string | number])[] }) {
  return (
    <details className="mt-2 text-sm text-slate-300">
      <summary className="cursor-pointer text-slate-400">Voir en tableau</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 font-medium">{columns[0]}</th>
            <th scope="col" className="py-1 text-right font-medium">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-t border-space-700">
              <th scope="row" className="py-1 font-normal">{label}</th>
              <td className="py-1 text-right">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
