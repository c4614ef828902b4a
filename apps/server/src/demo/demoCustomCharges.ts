import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/database';
import { accounts, customChargeAttachments, customCharges, users } from '../platform/db/schema';
import { DAY_MS } from '../platform/dates';


/** A one-page PDF saying `text`: the demo charge's attachment (a real PDF, so the download opens). */
export function demoPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[\\()]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Demo custom charges (issue 13 "Demo world"): on Contoso Ltd's billing tab, added by Northwind's
 * administrator in Contoso's currency (EUR, the one currency of its pricelist, limit and invoices): three pending — one a credit (negative), one with a
 * PDF attachment — and one billed last month. No audit entries: the demo's history stays the
 * accounts' creation, as the access-matrix test expects of Contoso.
 */
export async function loadDemoCustomCharges(tx: Tx): Promise<void> {
  const [contoso] = await tx.select().from(accounts).where(and(eq(accounts.displayName, 'Contoso Ltd'), eq(accounts.type, 'Company'))).limit(1);
  const [creator] = await tx.select({ id: users.accountId }).from(users).where(eq(users.username, 'reseller.admin')).limit(1);
  if (!contoso || !creator) return;
  const currency = String(contoso.views.Company?.Values.Currency ?? 'EUR');
  const now = Date.now();
  const charge = (name: string, description: string, price: string, cost: string, daysAgo: number, billedDaysAgo?: number) => ({
    accountId: contoso.id,
    name,
    description,
    price,
    cost,
    currency,
    createdByAccountId: creator.id,
    createdAt: new Date(now - daysAgo * DAY_MS),
    ...(billedDaysAgo === undefined ? {} : { status: 'Billed' as const, billedAt: new Date(now - billedDaysAgo * DAY_MS) }),
  });
  const rows = await tx
    .insert(customCharges)
    .values([
      charge('Hardware security keys (5)', 'Five FIDO2 keys shipped to the London office.', '175.00', '122.50', 40, 30),
      charge('Onboarding workshop', 'Two-day Microsoft 365 onboarding workshop on site, statement of work attached.', '1450.00', '900.00', 6),
      charge('Migration support', 'Mailbox migration support, 12 hours.', '960.00', '600.00', 3),
      charge('Service credit: e-mail outage', 'Credit for the e-mail outage of last week (SLA breach).', '-120.00', '0.00', 1),
    ])
    .returning({ id: customCharges.id, name: customCharges.name });
  const workshop = rows.find((row) => row.name === 'Onboarding workshop')!;
  const pdf = demoPdf('Onboarding workshop - statement of work (Contoso Ltd)');
  await tx.insert(customChargeAttachments).values({
    customChargeId: workshop.id,
    fileName: 'Statement of work - onboarding workshop.pdf',
    storageName: `${randomUUID()}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: pdf.length,
    content: pdf,
  });
}
