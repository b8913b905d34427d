import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './analytics-csv';

describe('analytics CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas, and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Love, again')).toBe('"Love, again"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header and a line per row', () => {
    const csv = toCsv(
      [
        { title: 'Series', value: (r: { t: string; n: number }) => r.t },
        { title: 'Viewers', value: (r) => r.n },
      ],
      [
        { t: 'A', n: 1 },
        { t: '=B', n: 2 },
      ],
    );
    expect(csv).toBe("Series,Viewers\r\nA,1\r\n'=B,2\r\n");
  });
});
