import type { StoredPage } from '@cmp/contracts/accountViews';
import type { AuditChange, AuditLogEntry } from '@cmp/contracts/auditLog';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../platform/db/database';
import { viewLayouts } from '../platform/db/schema';
import { catalogue } from '../platform/i18n/messages';

// Issue 10: a change in the audit log names its field as people know it from the screen ("VAT
// number"), not by its key ("Company › VatNumber"). The account views' labels are data
// (view_layouts, each in 15 languages); settings screens that are not metadata-driven
// (notification preferences) keep theirs in the message catalogue as `audit_field_<View>.<Field>`.

/** The label of a changed field in one language, or undefined for a field no layout shows any more. */
export type FieldLabelOf = (view: string, field: string) => string | undefined;

export async function loadFieldLabels(db: Queryable, locale: Locale): Promise<FieldLabelOf> {
  const rows = await db.select({ pages: viewLayouts.pages }).from(viewLayouts).orderBy(viewLayouts.accountType, viewLayouts.view, viewLayouts.productName);
  const labels = new Map<string, string>();
  for (const page of rows.flatMap((row) => (row.pages ?? []) as unknown as StoredPage[])) {
    for (const field of page.Containers.flatMap((container) => container.Fields)) {
      const label = field.Labels[locale] ?? field.Labels.en;
      // The first layout naming a field gives its label (the same field reads the same in every layout).
      if (label && !labels.has(field.Field)) labels.set(field.Field, label);
    }
  }
  const messages = catalogue(locale);
  return (view, field) => labels.get(`${view}.${field}`) ?? messages[`audit_field_${view}.${field}`];
}

const isChange = (row: unknown): row is AuditChange => typeof row === 'object' && row !== null && !Array.isArray(row);

/** The entries with a `Label` beside each change that names a known field (the stored entry is not touched). */
export function withFieldLabels<Entry extends Pick<AuditLogEntry, 'Details'>>(entries: Entry[], labelOf: FieldLabelOf): Entry[] {
  return entries.map((entry) => {
    const { changes } = entry.Details;
    if (!Array.isArray(changes)) return entry;
    const labelled = changes.map((row: unknown) => {
      if (!isChange(row) || typeof row.View !== 'string' || typeof row.Field !== 'string') return row;
      const label = labelOf(row.View, row.Field);
      return label ? { ...row, Label: label } : row;
    });
    return { ...entry, Details: { ...entry.Details, changes: labelled } };
  });
}
