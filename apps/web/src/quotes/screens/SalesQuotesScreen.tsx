import { QuotesList } from '../components/QuotesList';

/** #/SalesQuotes (spec §2 Quotes group, issue 17). */
export function SalesQuotesScreen() {
  return <QuotesList scope="Mine" titleKey="routes.sales_quotes" introKey="quotes.sales_quotes_intro" />;
}
