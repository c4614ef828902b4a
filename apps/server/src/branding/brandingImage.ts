import { randomBytes } from 'node:crypto';
import { BRANDING_IMAGE_MAX_BYTES, BRANDING_IMAGE_TYPES, type BrandingImageKind } from '@cmp/contracts/brandingAdmin';
import { ApiError } from '../platform/errors';

type ImageFormat = 'png' | 'jpeg' | 'ico' | 'svg';

const EXTENSION_OF: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', ico: 'ico', svg: 'svg' };
const CONTENT_TYPE_OF: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', ico: 'image/x-icon', svg: 'image/svg+xml' };

export interface CheckedImage {
  /** The server-generated storage name (DESIGN.md "Uploads"): the user's file name never reaches a path. */
  name: string;
  contentType: string;
  data: Buffer;
}

/**
 * DESIGN.md "Uploads": size limit, extension and declared content type both checked, the content
 * sniffed (magic bytes for PNG, JPEG and ICO, an `<svg` root for SVG), and SVG refused when it
 * could run anything in the browser that opens it.
 */
export function checkBrandingImage(kind: BrandingImageKind, fileName: string, contentType: string, dataBase64: string): CheckedImage {
  const data = decodeBase64(dataBase64);
  if (data.length > BRANDING_IMAGE_MAX_BYTES) throw new ApiError(400, 'file_too_large', { limit: '512 KB' });
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const allowedExtensions = (BRANDING_IMAGE_TYPES as Record<string, readonly string[]>)[contentType.toLowerCase()];
  if (!allowedExtensions?.includes(extension)) throw new ApiError(400, 'file_format_not_supported');
  const format = sniffFormat(data);
  // The content must be what the name and the declared type say it is.
  if (!format || !allowedExtensions.includes(EXTENSION_OF[format])) throw new ApiError(400, 'file_format_not_supported');
  if (format === 'svg' && !isSafeSvg(data.toString('utf8'))) throw new ApiError(400, 'unsafe_image');
  return { name: `${kind}-${randomBytes(12).toString('hex')}.${EXTENSION_OF[format]}`, contentType: CONTENT_TYPE_OF[format], data };
}

function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new ApiError(400, 'file_format_not_supported');
  return Buffer.from(compact, 'base64');
}

export function sniffFormat(data: Buffer): ImageFormat | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (data.length >= 6 && data.readUInt16LE(0) === 0 && data.readUInt16LE(2) === 1 && data.readUInt16LE(4) > 0) return 'ico';
  const head = data.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return undefined;
}

/**
 * An SVG logo is served from the portal's origin, so anything active in it would run there: no
 * <script>, no on…= event handlers, no javascript: URLs, no references outside the image itself
 * (href/xlink:href other than `#fragment`), no <foreignObject> (HTML inside the image) and no entities.
 */
export function isSafeSvg(svg: string): boolean {
  if (/<script\b/i.test(svg) || /<foreignObject\b/i.test(svg) || /<!ENTITY/i.test(svg)) return false;
  if (/[\s/]on[a-z]+\s*=/i.test(svg)) return false;
  if (/javascript\s*:/i.test(svg.replace(/&#x?[0-9a-f]+;?/gi, ''))) return false;
  if (/&#/i.test(svg) && /(href|url)\s*[=(]/i.test(svg)) return false;
  for (const match of svg.matchAll(/(?:xlink:)?href\s*=\s*["']?([^"'\s>]*)/gi)) {
    if (!match[1]!.startsWith('#')) return false;
  }
  for (const match of svg.matchAll(/url\(\s*["']?([^"')\s]*)/gi)) {
    if (!match[1]!.startsWith('#')) return false;
  }
  if (/@import/i.test(svg)) return false;
  return true;
}
