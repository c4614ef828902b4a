/**
 * The currencies a new pricelist is offered (ISO 4217): those of the portal's markets first. The
 * server takes any three-letter code; an existing pricelist in another one keeps it.
 */
export const PRICELIST_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'TRY', 'CAD', 'AUD', 'JPY', 'SGD'] as const;
