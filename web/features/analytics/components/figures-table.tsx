import type { ReactNode } from "react";
import { cn } from "@web/lib/cn";

// One figure column: its heading and cell classes (alignment, when it shows), and what a row shows in it.
export interface FigureColumn<Row> {
  header: string;
  headClassName: string;
  cellClassName: string;
  cell: (row: Row) => ReactNode;
  title?: (row: Row) => string;
}

// A table of figures per named row (a campaign, a template) that scrolls sideways on a phone, as a
// named region keyboard users can focus.
export function FiguresTable<Row>({
  label,
  nameHeader,
  nameWidth,
  name,
  rows,
  rowKey,
  rowTestId,
  columns,
}: {
  label: string;
  nameHeader: string;
  // The truncated name's max-width classes.
  nameWidth: string;
  name: (row: Row) => string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId?: string;
  columns: readonly FigureColumn<Row>[];
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {nameHeader}
            </th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.headClassName}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-0" data-testid={rowTestId}>
              <th scope="row" className="py-2 pr-3 text-left font-medium" title={name(row)}>
                <span className={cn("block truncate", nameWidth)}>{name(row)}</span>
              </th>
              {columns.map((c) => (
                <td key={c.header} className={c.cellClassName} title={c.title?.(row)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
