// 导出所选: the chosen rows as a CSV file the person opens in a spreadsheet, with the columns as the table
// shows them (titles as headers, cells as text). Built in the browser — the rows are already here — with a
// byte-order mark so that a spreadsheet reads the Chinese as UTF-8.
export interface ExportColumn<T> {
  title: string;
  text: (row: T) => string;
}

function cell(value: string): string {
  // A leading = + - @ would be read as a formula: quote it as text.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function rowsToCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const lines = [
    columns.map((c) => cell(c.title)).join(','),
    ...rows.map((r) => columns.map((c) => cell(c.text(r))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
