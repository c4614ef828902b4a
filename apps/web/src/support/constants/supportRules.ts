import { requirement } from '@cmp/contracts/capabilities';

export const SUPPORT_RULES = {
  // spec §6 "The support link and panel need Read on support contact details".
  readDetails: requirement('SUPPORT_CONTACT_DETAILS', ['Read']),
  editDetails: requirement('SUPPORT_CONTACT_DETAILS', ['Create']),
  // spec §2 Support menu "Shown only if Wiki Read holds", and the panel's support link button.
  wiki: requirement('WIKI', ['Read']),
} as const;
