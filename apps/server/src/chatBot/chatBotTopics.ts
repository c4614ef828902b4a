import type { CHAT_BOT_TOPICS } from '@cmp/contracts/chatBot';

type Topic = (typeof CHAT_BOT_TOPICS)[number];

// Words that name each topic in the 15 languages of spec §9 (stems, so inflected forms match too).
// Checked in this order: the first topic with a matching word wins.
const TOPIC_WORDS: [Topic, string[]][] = [
  ['provisioning', ['provision', 'failed', 'fehlgeschlag', 'bereitstell', 'aprovision', 'approvvigion', 'provisión', 'échec', 'echou', 'mislukt', 'nieudan', 'aprovizion', 'eșuat', 'провизи', 'ошибк', 'käyttöönot', 'epäonnist', 'hazırla', 'başarısız', 'провизиониране', 'неуспеш', 'provisionamento', 'falh', 'misslyck', 'etabler']],
  ['orders', ['order', 'bestell', 'commande', 'pedido', 'ordine', 'ordin', 'bestelling', 'zamówien', 'zamowien', 'comand', 'заказ', 'tilau', 'sipariş', 'siparis', 'поръч', 'encomend', 'beställ', 'approval', 'genehmig']],
  ['subscriptions', ['subscri', 'abonnement', 'suscrip', 'abbonament', 'subskryp', 'abonament', 'подпис', 'tilaukse', 'abonelik', 'абонамент', 'assinatura', 'prenumer', 'licen', 'renew', 'verläng', 'renouvel', 'renova', 'rinnov', 'verleng', 'odnow', 'reînnoi', 'продл', 'uusi', 'yenile', 'поднов', 'förnya', 'expir', 'ablauf', 'laufzeit', 'commitment']],
  ['support', ['help', 'hilfe', 'aide', 'ayuda', 'aiuto', 'hulp', 'pomoc', 'ajutor', 'помощ', 'помог', 'apu', 'yardım', 'ajuda', 'hjälp', 'support', 'contact', 'kontakt', 'how ', 'wie ', 'comment', 'cómo', 'come ', 'hoe ', 'jak ', 'cum ', 'как ', 'miten', 'nasıl', 'как', 'como', 'hur ', 'phone', 'telefon', 'mail']],
  ['greeting', ['hello', 'hi ', 'hallo', 'bonjour', 'salut', 'hola', 'ciao', 'hoi', 'cześć', 'czesc', 'dzień dobry', 'bună', 'привет', 'здравств', 'moi', 'hei', 'merhaba', 'здравей', 'olá', 'hej', 'thanks', 'danke', 'merci', 'gracias', 'grazie', 'bedankt', 'dzięki', 'mulțum', 'спасибо', 'kiitos', 'teşekkür', 'благодар', 'obrigad', 'tack']],
];

/** The topic of a question, by the words it contains; 'unknown' when none matches. */
export function topicOf(question: string): Topic {
  const text = ` ${question.toLowerCase()} `;
  return TOPIC_WORDS.find(([, words]) => words.some((word) => text.includes(word)))?.[0] ?? 'unknown';
}
