import { requirement } from '@cmp/contracts/capabilities';

/**
 * The capabilities the server checks for each pricelist and pricing-rule operation (issue 13:
 * MARKETPLACE for pricelists, PRICING_RULES for rules); the screens offer only what passes.
 */
export const PRICING_CAPABILITIES = {
  createPricelist: requirement('MARKETPLACE', ['Create']),
  // UpdateMarketplaceProperties and PrioritizeMarketplaces ask for Create too.
  changePricelist: requirement('MARKETPLACE', ['Create']),
  deletePricelist: requirement('MARKETPLACE', ['Delete']),
  readRules: requirement('PRICING_RULES', ['Read']),
  changeRules: requirement('PRICING_RULES', ['Create']),
  deleteRules: requirement('PRICING_RULES', ['Delete']),
};
