import type { CHAT_BOT_TOPICS } from '@cmp/contracts/chatBot';

type Topic = (typeof CHAT_BOT_TOPICS)[number];

// Words that name each topic in the 15 languages of spec §9 (stems, so inflected forms match too).
// Checked in this order: the first topic with a matching word wins. The data topics come first, the
// knowledge base is asked next, the conversation words last.
const DATA_WORDS: [Topic, string[]][] = [
  ['provisioning', ['provision', 'bereitstell', 'aprovision', 'approvvigion', 'provisión', 'aprovizion', 'провизи', 'käyttöönot', 'hazırla', 'провизиониране', 'provisionamento', 'etabler']],
  ['orders', ['order', 'bestell', 'commande', 'pedido', 'ordine', 'ordin', 'bestelling', 'zamówien', 'zamowien', 'comand', 'заказ', 'tilau', 'sipariş', 'siparis', 'поръч', 'encomend', 'beställ', 'approval', 'genehmig']],
  ['subscriptions', ['subscri', 'abonnement', 'suscrip', 'abbonament', 'subskryp', 'abonament', 'подпис', 'tilaukse', 'abonelik', 'абонамент', 'assinatura', 'prenumer', 'licen', 'renew', 'verläng', 'renouvel', 'renova', 'rinnov', 'verleng', 'odnow', 'reînnoi', 'продл', 'uusi', 'yenile', 'поднов', 'förnya', 'expir', 'ablauf', 'laufzeit', 'commitment']],
  ['support', ['support', 'contact', 'kontakt', 'phone', 'telefon', 'téléphone', 'teléfono', 'telefono', 'telefoon', 'телефон', 'puhelin', 'e-mail', 'email', 'correo', 'courriel', 'почт', 'sähköpost', 'posta', 'suporte', 'soporte', 'supporto', 'wsparci', 'поддержк', 'destek', 'поддръжк', 'tuki', 'hotline']],
];

// Asked for when neither the data topics nor the knowledge base answered: "my password reset
// failed" finds the article on resetting passwords, "what failed?" the failed provisioning.
const CONVERSATION_WORDS: [Topic, string[]][] = [
  ['provisioning', ['fail', 'fehlgeschlag', 'échec', 'echou', 'échou', 'fallit', 'fallid', 'fallo', 'mislukt', 'nieudan', 'eșuat', 'esuat', 'ошибк', 'не удал', 'epäonnist', 'başarısız', 'неуспеш', 'falh', 'misslyck', 'sikertelen', 'nem sikerült', 'error', 'erreur', 'fehler']],
  ['support', ['help', 'hilfe', 'aide', 'ayuda', 'aiuto', 'hulp', 'pomoc', 'ajutor', 'помощ', 'помог', 'apu', 'yardım', 'ajuda', 'hjälp']],
  ['greeting', ['hello', 'hi ', 'hallo', 'bonjour', 'salut', 'hola', 'ciao', 'hoi', 'cześć', 'czesc', 'dzień dobry', 'bună', 'привет', 'здравств', 'moi', 'hei', 'merhaba', 'здравей', 'olá', 'hej', 'thanks', 'danke', 'merci', 'gracias', 'grazie', 'bedankt', 'dzięki', 'mulțum', 'спасибо', 'kiitos', 'teşekkür', 'благодар', 'obrigad', 'tack']],
];

const firstMatch = (table: [Topic, string[]][], question: string): Topic | null => {
  const text = ` ${question.toLowerCase()} `;
  return table.find(([, words]) => words.some((word) => text.includes(word)))?.[0] ?? null;
};

/** The topic answered from the caller's data or support details, by the words the question contains. */
export const dataTopicOf = (question: string) => firstMatch(DATA_WORDS, question);

/** Help and greetings, for a question nothing else answered; 'unknown' when none matches. */
export const conversationTopicOf = (question: string): Topic => firstMatch(CONVERSATION_WORDS, question) ?? 'unknown';
