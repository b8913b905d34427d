/**
 * CSV as spreadsheets read it (RFC 4180): cells with a comma, quote or line break are quoted, and
 * a cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that hides one) gets a leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function csvCell(value: string | number | bigint | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes it). */
export function csvLine(cells: readonly (string | number | bigint | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
