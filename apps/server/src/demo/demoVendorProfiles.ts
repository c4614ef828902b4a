import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/database';
import { accounts, vendorProfiles } from '../platform/db/schema';

// Demo vendor profiles (issue 13 "My vendor profile"): texts and support contacts of the demo
// vendors, so the profile screen and the service page have something to show.

const PROFILES: { vendor: string; descriptions: Record<string, string>; supportEmail: string; supportPhone: string; supportUrl: string; websiteUrl: string }[] = [
  {
    vendor: 'Skyline Software',
    descriptions: {
      en: 'Skyline Software builds mail, office and CRM services for small and mid-sized businesses, hosted in Europe.',
      de: 'Skyline Software entwickelt Mail-, Office- und CRM-Dienste für kleine und mittlere Unternehmen, gehostet in Europa.',
      sv: 'Skyline Software bygger e-post-, kontors- och CRM-tjänster för små och medelstora företag, med drift i Europa.',
    },
    supportEmail: 'support@skyline.example',
    supportPhone: '+46 8 555 010 00',
    supportUrl: 'https://support.skyline.example',
    websiteUrl: 'https://www.skyline.example',
  },
  {
    vendor: 'Nimbus Security',
    descriptions: {
      en: 'Nimbus Security protects endpoints, identities and networks of companies of every size.',
      de: 'Nimbus Security schützt Endgeräte, Identitäten und Netzwerke von Unternehmen jeder Größe.',
    },
    supportEmail: 'help@nimbus.example',
    supportPhone: '+49 30 555 200 00',
    supportUrl: 'https://help.nimbus.example',
    websiteUrl: 'https://www.nimbus.example',
  },
  {
    vendor: 'Orbit Analytics',
    descriptions: { en: 'Orbit Analytics turns business data into dashboards, reports and automated workflows.' },
    supportEmail: 'support@orbit.example',
    supportPhone: '+1 415 555 0300',
    supportUrl: 'https://support.orbit.example',
    websiteUrl: 'https://www.orbit.example',
  },
];

/** Demo vendor profiles (issue 13): texts, support contact of the demo vendors. */
export async function loadDemoVendorProfiles(tx: Tx): Promise<void> {
  for (const profile of PROFILES) {
    const [vendor] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.displayName, profile.vendor), eq(accounts.type, 'Vendor')))
      .limit(1);
    if (!vendor) throw new Error(`demo vendor profiles: vendor ${profile.vendor} is missing from the demo world`);
    const { vendor: _name, ...values } = profile;
    await tx.insert(vendorProfiles).values({ vendorAccountId: vendor.id, ...values });
  }
}
