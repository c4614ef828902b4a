import type { ConfirmedTerm } from '@cmp/contracts/terms';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The frame's document around the owner's HTML: a readable default style, and links opening in a
 * new tab (the sandbox allows popups only, so a link must not try to replace the frame).
 */
export function termsDocument(term: Pick<ConfirmedTerm, 'Name' | 'TermsText'>): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(term.Name)}</title><base target="_blank"><style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:15px;line-height:1.55;color:#1f1f1f;margin:16px 20px;max-width:80ch}
h2{font-size:1.15rem;margin:1.4em 0 .4em}h2:first-child{margin-top:0}a{color:#0b57d0}
</style></head><body>${term.TermsText}</body></html>`;
}
