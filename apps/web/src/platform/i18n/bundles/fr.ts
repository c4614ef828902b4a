import type { LocaleBundle } from '../loadLocaleBundle';

// Every text of one language in one chunk: the shell's file, each area's, and the audit actions.
export const areaBundles = import.meta.glob<LocaleBundle>('../../../locales/**/fr.json', { eager: true, import: 'default' });
export { default as auditActions } from '../../../../../../packages/contracts/src/auditActionLabels/fr.json';
