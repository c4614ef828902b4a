import type { Branding } from '@cmp/contracts/branding';

/** spec §4 Start-up: title, favicon and theme colour are applied before the app mounts. */
export function applyBranding(branding: Branding, doc: Document = document): void {
  doc.title = branding.title;
  upsertHeadElement(doc, 'link[rel~="icon"]', 'link', { rel: 'icon' }).setAttribute('href', branding.favicon);
  upsertHeadElement(doc, 'meta[name="theme-color"]', 'meta', { name: 'theme-color' }).setAttribute('content', branding.colors.primary);
}

function upsertHeadElement(doc: Document, selector: string, tag: string, attributes: Record<string, string>): Element {
  const existing = doc.head.querySelector(selector);
  if (existing) return existing;
  const created = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  doc.head.appendChild(created);
  return created;
}
