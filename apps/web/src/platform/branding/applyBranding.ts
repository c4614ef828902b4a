import type { Branding } from '@cmp/contracts/branding';

/**
 * spec §4 Start-up: title, favicon and theme colour are applied before the app mounts. The logo,
 * which the first screen shows whichever layout it has, is asked for now too, beside the screen's
 * chunks, not after the screen has rendered (issue 12).
 */
export function applyBranding(branding: Branding, doc: Document = document): void {
  doc.title = branding.title;
  upsertHeadElement(doc, 'link[rel~="icon"]', 'link', { rel: 'icon' }).setAttribute('href', branding.favicon);
  upsertHeadElement(doc, 'meta[name="theme-color"]', 'meta', { name: 'theme-color' }).setAttribute('content', branding.colors.primary);
  if (branding.logo) upsertHeadElement(doc, 'link[rel="preload"][as="image"]', 'link', { rel: 'preload', as: 'image', href: branding.logo }).setAttribute('href', branding.logo);
}

function upsertHeadElement(doc: Document, selector: string, tag: string, attributes: Record<string, string>): Element {
  const existing = doc.head.querySelector(selector);
  if (existing) return existing;
  const created = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  doc.head.appendChild(created);
  return created;
}
