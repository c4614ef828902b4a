import type { Tx } from '../platform/db/database';
import { supportDetails, terms } from '../platform/db/schema';
import type { AccountRow } from '../platform/session';

const TERMS_OF_SERVICE = `<h2>1. Scope</h2>
<p>These terms of service govern your use of the Cloud Service Providers marketplace portal and of every cloud service you order through it. By using the portal you agree to them on behalf of the organisation you represent.</p>
<h2>2. Your account</h2>
<p>You keep your sign-in details confidential and tell your administrator at once if you suspect that someone else has used them. You are responsible for what is done under your account.</p>
<ul>
<li>Use the portal only for the lawful business purposes of your organisation.</li>
<li>Do not try to reach accounts, data or services you have not been given access to.</li>
<li>Do not disrupt the portal or the services, for example by overloading them with automated requests.</li>
</ul>
<h2>3. Orders and billing</h2>
<p>Services are billed according to the pricelist that applies to your organisation. Subscriptions renew for the commitment period you chose unless they are terminated before the end of that period.</p>
<h2>4. Availability and changes</h2>
<p>We aim to keep the portal available at all times and announce planned maintenance in advance. We may change these terms; we will tell you about significant changes and ask you to accept them again.</p>
<h2>5. Liability</h2>
<p>Our liability is limited to the fees paid for the affected service in the twelve months before the event that caused the damage, except where the law does not allow such a limitation.</p>`;

const PRIVACY_POLICY = `<h2>What we collect</h2>
<p>To run the portal we process your name, business e-mail address, username, the organisation you belong to and a record of what you do in the portal (the audit log).</p>
<h2>Why we process it</h2>
<ul>
<li>To sign you in and keep your account secure, including multi-factor authentication.</li>
<li>To provision, bill and support the services your organisation orders.</li>
<li>To meet legal obligations such as keeping invoices and audit records.</li>
</ul>
<h2>How long we keep it</h2>
<p>Account data is kept while your account exists and deleted within 90 days after it is terminated. Invoices and audit records are kept for as long as the law requires.</p>
<h2>Your rights</h2>
<p>You may ask for a copy of your personal data, have it corrected or deleted, and object to its processing. Write to privacy@cloudserviceproviders.example; you may also complain to your data protection authority.</p>`;

const RESELLER_AGREEMENT = `<h2>Northwind reseller agreement</h2>
<p>This agreement applies to every customer of Northwind Cloud who orders cloud services through this portal. It adds to the terms of service of the platform; where they differ, this agreement prevails for services bought from Northwind Cloud.</p>
<h2>Support</h2>
<p>Northwind Cloud is your first point of contact for every question about your services. Our support desk is open Monday to Friday from 08:00 to 18:00 UK time; critical incidents are handled around the clock.</p>
<ul>
<li>Critical incidents: a first response within one hour.</li>
<li>Other requests: a first response within one business day.</li>
</ul>
<h2>Payment</h2>
<p>Invoices are issued monthly and are payable within 30 days. Northwind Cloud may suspend services when an invoice remains unpaid 14 days after a reminder.</p>`;

/** Support details and terms of the demo world (spec §3 "Support details", "Confirmed term"). */
export async function loadDemoSupportAndTerms(tx: Tx, owner: AccountRow, northwind: AccountRow): Promise<void> {
  await tx.insert(supportDetails).values([
    {
      accountId: owner.id,
      details: {
        SupportPhoneNumber: '+1 206 555 0100',
        SupportTechnicalEmail: 'support@cloudserviceproviders.example',
        SupportWorkingHoursRegular: '08:00–20:00',
        SupportWorkingDaysRegular: 'Monday–Friday',
        SupportWorkingHoursOthers: '10:00–16:00',
        SupportWorkingDaysOthers: 'Saturday',
        SupportUrl: 'https://support.cloudserviceproviders.example',
        SupportButtonText: 'Open a support ticket',
        SupportSalesPhoneNumber: '+1 206 555 0110',
        SupportSalesEmail: 'sales@cloudserviceproviders.example',
        SupportBillingPhoneNumber: '+1 206 555 0120',
        SupportBillingEmail: 'billing@cloudserviceproviders.example',
        Imprint: 'https://cloudserviceproviders.example/imprint',
        KnowledgeBaseUrl: 'https://academy.cloudserviceproviders.example',
      },
    },
    {
      accountId: northwind.id,
      details: {
        SupportPhoneNumber: '+44 20 7946 0321',
        SupportTechnicalEmail: 'support@northwind.example',
        SupportWorkingHoursRegular: '08:00–18:00',
        SupportWorkingDaysRegular: 'Monday–Friday',
        SupportWorkingHoursOthers: '09:00–13:00',
        SupportWorkingDaysOthers: 'Saturday',
        SupportUrl: 'https://support.northwind.example',
        SupportButtonText: 'Visit the Northwind help centre',
        SupportSalesPhoneNumber: '+44 20 7946 0322',
        SupportSalesEmail: 'sales@northwind.example',
        SupportBillingPhoneNumber: '+44 20 7946 0323',
        SupportBillingEmail: 'billing@northwind.example',
        Imprint: 'https://northwind.example/imprint',
        KnowledgeBaseUrl: 'https://academy.northwind.example',
      },
    },
  ]);
  await tx.insert(terms).values([
    { ownerAccountId: owner.id, name: 'Terms of service', termsText: TERMS_OF_SERVICE, pathToTermsPdf: null, isPrivacyPolicy: false },
    { ownerAccountId: owner.id, name: 'Privacy policy', termsText: PRIVACY_POLICY, pathToTermsPdf: null, isPrivacyPolicy: true },
    { ownerAccountId: northwind.id, name: 'Northwind reseller agreement', termsText: RESELLER_AGREEMENT, pathToTermsPdf: null, isPrivacyPolicy: false, productName: 'Northwind Cloud' },
  ]);
}
