import { and, eq, inArray } from 'drizzle-orm';
import type { EnumMember, FieldDefinition, LayoutField, LayoutPage, StoredPage } from '@cmp/contracts/accountViews';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../../platform/db/database';
import { enumData, viewDefinitions, viewLayouts } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import { SEEDED_ENUMS, displayEnumMembers, type StoredEnumMember } from './enumSeed';
import { SEEDED_LAYOUTS, SEEDED_VIEW_DEFINITIONS } from './viewSeed';

/**
 * Writes the seeded view definitions, layouts and enums where they are missing. Idempotent: it runs
 * at every start, so a fresh and an existing database both get them, and never overwrites what an
 * owner has changed since.
 */
export async function seedAccountViews(db: Queryable): Promise<void> {
  // Most starts find every seeded row there: what is missing is asked first and only that is
  // written — the definitions are large JSON, sent and parsed for nothing at each start otherwise
  // (issue 12: start-up).
  const definitionNames = new Set((await db.select({ name: viewDefinitions.name }).from(viewDefinitions).where(inArray(viewDefinitions.name, Object.keys(SEEDED_VIEW_DEFINITIONS)))).map((row) => row.name));
  const layoutKey = (layout: { accountType: string; view: string; productName: string }) => `${layout.accountType}/${layout.view}/${layout.productName}`;
  const layoutKeys = new Set(
    (await db.select({ accountType: viewLayouts.accountType, view: viewLayouts.view, productName: viewLayouts.productName }).from(viewLayouts).where(inArray(viewLayouts.productName, [...new Set(SEEDED_LAYOUTS.map((layout) => layout.productName))]))).map(layoutKey),
  );
  const enumNames = new Set((await db.select({ name: enumData.name }).from(enumData).where(inArray(enumData.name, Object.keys(SEEDED_ENUMS)))).map((row) => row.name));
  const missingDefinitions = Object.entries(SEEDED_VIEW_DEFINITIONS).filter(([name]) => !definitionNames.has(name));
  const missingLayouts = SEEDED_LAYOUTS.filter((layout) => !layoutKeys.has(layoutKey(layout)));
  const missingEnums = Object.entries(SEEDED_ENUMS).filter(([name]) => !enumNames.has(name));
  if (missingDefinitions.length) await db.insert(viewDefinitions).values(missingDefinitions.map(([name, fields]) => ({ name, fields }))).onConflictDoNothing();
  if (missingLayouts.length) await db.insert(viewLayouts).values(missingLayouts).onConflictDoNothing();
  if (missingEnums.length) {
    await db
      .insert(enumData)
      .values(missingEnums.map(([name, members]) => ({ name, members: members as unknown as Record<string, unknown>[] })))
      .onConflictDoNothing();
  }
}

/** The definitions of the named views (missing views are left out). */
export async function loadViewDefinitions(db: Queryable, names: string[]): Promise<Map<string, FieldDefinition[]>> {
  if (!names.length) return new Map();
  const rows = await db.select().from(viewDefinitions).where(inArray(viewDefinitions.name, names));
  return new Map(rows.map((row) => [row.name, row.fields as unknown as FieldDefinition[]]));
}

export async function loadEnumMembers(db: Queryable, enumName: string): Promise<StoredEnumMember[] | undefined> {
  const [row] = await db.select().from(enumData).where(eq(enumData.name, enumName)).limit(1);
  return row ? (row.members as unknown as StoredEnumMember[]) : undefined;
}

export async function loadDisplayedEnum(db: Queryable, enumName: string, locale: Locale): Promise<EnumMember[] | undefined> {
  const members = await loadEnumMembers(db, enumName);
  return members && displayEnumMembers(enumName, members, locale);
}

/** How the portal shows a field when the layout does not say (Combobox for enums …). */
function displayTemplateOf(definition: FieldDefinition): string {
  if (definition.EnumName) return 'Combobox';
  switch (definition.Type) {
    case 'bool':
      return 'Checkbox';
    case 'int32':
    case 'decimal':
      return 'Number';
    case 'datetime':
      return 'Date';
    default:
      return definition.Name.toLowerCase().includes('email') ? 'Email' : 'Text';
  }
}

const label = (labels: Record<string, string>, locale: Locale) => labels[locale] ?? labels.en ?? '';

/**
 * GetViewLayout: the stored pages with each field's definition, label and enum members in the
 * caller's language. A layout without pages (or none at all) is "Viewlayout contains no Pages".
 */
export async function loadViewLayout(db: Queryable, type: string, view: string, productName: string, locale: Locale): Promise<LayoutPage[]> {
  const pages = await findViewLayout(db, type, view, productName, locale);
  if (!pages) throw new ApiError(404, 'viewlayout_no_pages');
  return pages;
}

/** loadViewLayout, answering undefined for a layout without pages (placing an order asks on every order). */
export async function findViewLayout(db: Queryable, type: string, view: string, productName: string, locale: Locale): Promise<LayoutPage[] | undefined> {
  const [row] = await db
    .select()
    .from(viewLayouts)
    .where(and(eq(viewLayouts.accountType, type), eq(viewLayouts.view, view), eq(viewLayouts.productName, productName)))
    .limit(1);
  const pages = (row?.pages ?? []) as unknown as StoredPage[];
  if (!pages.length) return undefined;
  const references = pages.flatMap((p) => p.Containers.flatMap((c) => c.Fields.map((f) => f.Field)));
  const definitions = await loadViewDefinitions(db, [...new Set(references.map((ref) => ref.split('.')[0]!))]);
  const enums = new Map<string, EnumMember[]>();
  const toField = async (ref: string, labels: Record<string, string>, template?: string): Promise<LayoutField | undefined> => {
    const [viewName, fieldName] = ref.split('.') as [string, string];
    const definition = definitions.get(viewName)?.find((f) => f.Name === fieldName);
    if (!definition) return undefined; // a layout naming a removed field shows the rest
    if (definition.EnumName && !enums.has(definition.EnumName)) enums.set(definition.EnumName, (await loadDisplayedEnum(db, definition.EnumName, locale)) ?? []);
    return {
      Name: definition.Name,
      View: viewName,
      Value: null,
      InitialValue: null,
      DisplayValue: label(labels, locale),
      DisplayTemplate: template ?? displayTemplateOf(definition),
      EnumName: definition.EnumName ?? null,
      EnumMembers: definition.EnumName ? enums.get(definition.EnumName)! : [],
      EnumsLoaded: Boolean(definition.EnumName),
      Type: definition.Type,
      Required: definition.Required,
      MaxLength: definition.MaxLength,
      Pattern: definition.Pattern ?? null,
      Unique: definition.Unique ?? false,
      RemoteCheck: definition.RemoteCheck ?? null,
      ReadOnly: definition.ReadOnly ?? false,
      CreateOnly: definition.CreateOnly ?? false,
      MfaProtected: definition.MfaProtected ?? false,
    };
  };
  const result: LayoutPage[] = [];
  for (const p of pages) {
    const containers = [];
    for (const c of p.Containers) {
      const fields = [];
      for (const f of c.Fields) {
        const field = await toField(f.Field, f.Labels, f.DisplayTemplate);
        if (field) fields.push(field);
      }
      containers.push({ Id: c.Id, Name: c.Name, DisplayValue: label(c.Labels, locale), Fields: fields });
    }
    result.push({ Id: p.Id, Name: p.Name, DisplayValue: label(p.Labels, locale), Containers: containers });
  }
  return result;
}
