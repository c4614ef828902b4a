import { QuotesList } from '../components/QuotesList';

/** #/QuotationTool/Quotes (spec §2 Quotes group, issue 17). */
export function MyQuotesScreen() {
  return <QuotesList scope="Mine" titleKey="routes.my_quotes" introKey="quotes.my_quotes_intro" />;
}
