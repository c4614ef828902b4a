import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readImportRows, UnreadableImportFile, type ImportRow } from './importFile';

// The CSV reader (csv-parse, issue 31) as an import sees it: rows numbered by the line they start on,
// cells by column title, whatever the file's line endings, BOM, separator or chunking.

async function rowsOf(text: string, chunkSize = text.length): Promise<ImportRow[]> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  const rows: ImportRow[] = [];
  for await (const row of readImportRows('CSV', Readable.from(chunks))) rows.push(row);
  return rows;
}

describe('readImportRows (CSV)', () => {
  const file = '\uFEFFType,Company,Department\r\nCompany,"Alpha, Ltd",\r\n\r\nDepartment,Alpha,"Sales\r\nand ""Marketing"""\r\nCompany,Be"ta,\r\n';

  it('reads quoted fields with separators, quotes and line breaks, skips empty lines and numbers rows by their first line', async () => {
    expect(await rowsOf(file)).toEqual([
      { row: 2, cells: { Type: 'Company', Company: 'Alpha, Ltd' } },
      { row: 4, cells: { Type: 'Department', Company: 'Alpha', Department: 'Sales\r\nand "Marketing"' } },
      { row: 6, cells: { Type: 'Company', Company: 'Be"ta' } },
    ]);
  });

  it('reads the same rows when the file arrives a few bytes at a time, with LF lines', async () => {
    const lf = file.replace(/\r\n/g, '\n');
    const rows = await rowsOf(lf, 3);
    expect(rows.map((r) => r.row)).toEqual([2, 4, 6]);
    expect(rows[1]!.cells.Department).toBe('Sales\nand "Marketing"');
  });

  it('takes ; as the separator when the title line has more of them (Excel in most European locales)', async () => {
    expect(await rowsOf('Type;Company;Country\nCompany;Gamma, GmbH;DE\n')).toEqual([{ row: 2, cells: { Type: 'Company', Company: 'Gamma, GmbH', Country: 'DE' } }]);
  });

  it('names the missing title, and refuses a quote never closed or an empty file', async () => {
    await expect(rowsOf('Name,Email\na,b\n')).rejects.toMatchObject({ missingColumn: 'Type' });
    await expect(rowsOf('Type,Name\nCompany,x\n')).rejects.toMatchObject({ missingColumn: 'Company' });
    await expect(rowsOf('Type,Company\nCompany,"Open\n')).rejects.toBeInstanceOf(UnreadableImportFile);
    await expect(rowsOf('')).rejects.toBeInstanceOf(UnreadableImportFile);
  });
});
