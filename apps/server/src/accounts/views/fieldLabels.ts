import { sql } from 'drizzle-orm';
import type { Locale } from '@cmp/contracts/locales';
import type { Queryable } from '../../platform/db/database';

// Issue 30 "no raw keys in any message": a view field's error names it "<View>.<Field>" (the key the
// account views and orders check by), which a person reading the message does not know —
// "Product_SKYLINE_MAIL.Domain is required". The message names the field as the screens label it.

/**
 * A field of a product's own view: the fields orders and quotes ask customers for
 * (orders/orderViewValues.ts), whose errors reach the portal's people through PlaceOrder,
 * AcceptQuote and the product's account view. The base views' keys (Company.Email) stay as they
 * are: partner integrations read them, and their screens check those fields before sending.
 */
const PRODUCT_FIELD_KEY = /^Product_[A-Z0-9_]+\.([A-Za-z][A-Za-z0-9]*)$/;

/**
 * The label a view field has in the caller's language on the first layout that shows it (English
 * when that language has none); a product field no layout shows is named by its field name alone.
 * Undefined for any other key, which the message keeps as it is.
 */
export async function viewFieldLabel(db: Queryable, key: string, locale: Locale): Promise<string | undefined> {
  const fieldName = PRODUCT_FIELD_KEY.exec(key)?.[1];
  if (!fieldName) return undefined;
  const found = (await db.execute(sql`
    select coalesce(labels ->> ${locale}, labels ->> 'en') as label
    from view_layouts, jsonb_path_query(pages, '$[*].Containers[*].Fields[*] ? (@.Field == $key).Labels', jsonb_build_object('key', ${key}::text)) as labels
    limit 1`)) as unknown as { rows: { label: string | null }[] };
  return found.rows[0]?.label || fieldName;
}
