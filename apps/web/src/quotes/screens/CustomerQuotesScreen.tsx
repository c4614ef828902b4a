import { QuotesList } from '../components/QuotesList';

/** #/QuotationTool/CustomerQuotes (spec §2 Quotes group, issue 17). */
export function CustomerQuotesScreen() {
  return <QuotesList scope="Customers" titleKey="routes.customer_quotes" introKey="quotes.customer_quotes_intro" />;
}
