import type { ImportRow } from './importFile';

// A row group is what one transaction imports (issue 17: all-or-nothing per group, never half an
// account): the rows naming one company — its Company row, departments and users — or, when the
// Company column is empty (an import into a company), the rows of one department, or a single user.
// A group's rows follow one another in the file, so reading needs only the current group in memory.

export interface ImportGroup {
  key: string;
  /** The first row's number: the group's identity in the job's record of finished groups. */
  firstRow: number;
  rows: ImportRow[];
}

const groupKey = (row: ImportRow) => {
  const company = row.cells.Company?.toLowerCase();
  if (company) return `company:${company}`;
  const department = row.cells.Department?.toLowerCase();
  if (department) return `department:${department}`;
  return `row:${row.row}`;
};

/**
 * Cuts the rows into groups. A group whose key came before (its rows do not follow one another) is
 * still answered, marked `isSplit`, so its rows are reported instead of imported twice.
 */
export async function* readImportGroups(rows: AsyncIterable<ImportRow>): AsyncGenerator<ImportGroup & { isSplit: boolean }> {
  const seen = new Set<string>();
  let current: ImportGroup | undefined;
  for await (const row of rows) {
    const key = groupKey(row);
    if (current && current.key === key) {
      current.rows.push(row);
      continue;
    }
    if (current) yield { ...current, isSplit: false };
    const isSplit = seen.has(key);
    seen.add(key);
    current = { key, firstRow: row.row, rows: [row] };
    if (isSplit) {
      yield { ...current, isSplit: true };
      current = undefined;
      seen.add(key);
    }
  }
  if (current) yield { ...current, isSplit: false };
}
