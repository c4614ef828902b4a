import type { Locale } from '@cmp/contracts/locales';
import type { Tx } from '../platform/db/database';
import type { AccountRow } from '../platform/session';
import { insertKnowledgeBaseArticles, type NewKnowledgeBaseArticle } from '../support/knowledgeBase';

type Article = Omit<NewKnowledgeBaseArticle, 'ownerAccountId' | 'locale' | 'url'> & { slug: string };

const ACADEMY = 'https://academy.cloudserviceproviders.example/articles';

const ENGLISH: Article[] = [
  {
    slug: 'reset-password',
    title: 'Reset a forgotten password',
    summary: 'If you cannot sign in because you forgot your password, request a reset link on the sign-in page.',
    body: [
      'On the sign-in page choose "Can\'t sign in?".',
      'Enter your username and send the request; a link arrives by e-mail within a few minutes.',
      'Open the link and choose a new password of at least 12 characters with a number, a special character, an uppercase and a lowercase letter.',
      'The link can be used once; ask for a new one if it has expired.',
    ].join('\n'),
  },
  {
    slug: 'two-factor-authentication',
    title: 'Set up two-factor authentication (MFA)',
    summary: 'Protect your account with a second factor: an authenticator app code or a code sent by e-mail.',
    body: [
      'Open your profile menu, choose your name and go to the Security tab.',
      'Add an authenticator app method and scan the QR code with the app.',
      'Enter the six-digit code the app shows to enable the method.',
      'From then on, signing in asks for a code; you can rename methods or make one primary.',
    ].join('\n'),
  },
  {
    slug: 'add-user',
    title: 'Add a user to your company',
    summary: 'Administrators create users from the New menu in the footer; the new user receives an invitation e-mail.',
    body: [
      'Choose New, then User, in the footer action bar.',
      'Pick the company or department the user belongs to, fill in the name, username and e-mail address.',
      'Choose the roles the user gets; roles that give more than you hold cannot be chosen.',
      'Save: the user receives an e-mail with a link to set a password.',
    ].join('\n'),
  },
  {
    slug: 'terminate-subscription',
    title: 'Terminate a subscription',
    summary: 'A subscription can be terminated at once or on a scheduled date; locked subscriptions only after their lock period.',
    body: [
      'Open the subscription and choose Terminate.',
      'Give a reason, choose immediate or scheduled termination and confirm that the termination is irreversible.',
      'Prepaid subscriptions switch auto-renewal from Renew to Terminate and keep running until the end of the paid period.',
      'A scheduled termination can be cancelled until its date.',
    ].join('\n'),
  },
  {
    slug: 'change-language',
    title: 'Change the language of the portal',
    summary: 'The language menu in the header lists every available language; your choice is saved to your account.',
    body: ['Open the language menu in the header.', 'Choose a language: the portal reloads in it and remembers it at your next sign-in.'].join('\n'),
  },
  {
    slug: 'order-approval',
    title: 'Why is my order waiting for approval?',
    summary: 'An order above the available credit is held by the credit check until an account manager approves or rejects it.',
    body: [
      'The credit check compares the order value and your projected invoice with your credit limit.',
      'Orders above the limit stay Pending until your reseller\'s account manager decides.',
      'You are told when the order is approved and provisioned, or rejected with a reason.',
      'To be approved sooner, contact your reseller\'s sales team or pay in advance.',
    ].join('\n'),
  },
];

const GERMAN: Article[] = [
  {
    slug: 'reset-password',
    title: 'Vergessenes Passwort zurücksetzen',
    summary: 'Wenn Sie sich nicht anmelden können, weil Sie Ihr Passwort vergessen haben, fordern Sie auf der Anmeldeseite einen Link zum Zurücksetzen an.',
    body: [
      'Wählen Sie auf der Anmeldeseite „Anmeldung nicht möglich?“.',
      'Geben Sie Ihren Benutzernamen ein und senden Sie die Anfrage; ein Link kommt innerhalb weniger Minuten per E-Mail.',
      'Öffnen Sie den Link und wählen Sie ein neues Passwort mit mindestens 12 Zeichen, einer Ziffer, einem Sonderzeichen, einem Groß- und einem Kleinbuchstaben.',
      'Der Link gilt nur einmal; fordern Sie einen neuen an, wenn er abgelaufen ist.',
    ].join('\n'),
  },
  {
    slug: 'two-factor-authentication',
    title: 'Zwei-Faktor-Authentifizierung (MFA) einrichten',
    summary: 'Schützen Sie Ihr Konto mit einem zweiten Faktor: einem Code aus einer Authenticator-App oder per E-Mail.',
    body: [
      'Öffnen Sie das Profilmenü, wählen Sie Ihren Namen und die Registerkarte Sicherheit.',
      'Fügen Sie eine Authenticator-App hinzu und scannen Sie den QR-Code mit der App.',
      'Geben Sie den sechsstelligen Code der App ein, um die Methode zu aktivieren.',
      'Danach fragt die Anmeldung nach einem Code; Methoden lassen sich umbenennen oder als primär festlegen.',
    ].join('\n'),
  },
  {
    slug: 'order-approval',
    title: 'Warum wartet meine Bestellung auf Genehmigung?',
    summary: 'Eine Bestellung über dem verfügbaren Kreditrahmen wird von der Bonitätsprüfung angehalten, bis ein Account Manager sie genehmigt oder ablehnt.',
    body: [
      'Die Bonitätsprüfung vergleicht Bestellwert und voraussichtliche Rechnung mit Ihrem Kreditlimit.',
      'Bestellungen über dem Limit bleiben ausstehend, bis der Account Manager Ihres Resellers entscheidet.',
      'Sie erfahren, wenn die Bestellung genehmigt und bereitgestellt oder mit Begründung abgelehnt wird.',
      'Für eine schnellere Genehmigung wenden Sie sich an den Vertrieb Ihres Resellers oder zahlen Sie im Voraus.',
    ].join('\n'),
  },
];

/** The platform owner's knowledge base, in English and (partly) German, for the assistant to answer from. */
export async function loadDemoKnowledgeBase(tx: Tx, owner: AccountRow): Promise<void> {
  const articles = (locale: Locale, list: Article[]) =>
    list.map(({ slug, ...article }) => ({ ...article, ownerAccountId: owner.id, locale, url: `${ACADEMY}/${locale}/${slug}` }));
  await insertKnowledgeBaseArticles(tx, [...articles('en', ENGLISH), ...articles('de', GERMAN)]);
}
