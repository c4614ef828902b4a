// sharp loads on first use: the start of a server with its data already written needs no image (issue 12).

// The demo owner's logo and favicon, drawn here so the repository carries no binary assets.
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="48" viewBox="0 0 220 48" role="img">
  <title>Cloud Service Providers</title>
  <path fill="#1867c0" d="M14 36h22a8 8 0 0 0 1-15.9A11 11 0 0 0 16 17a8 8 0 0 0-2 19z"/>
  <text x="50" y="31" font-family="Helvetica, Arial, sans-serif" font-size="17" font-weight="700" fill="#0d3c73">Cloud Marketplace</text>
</svg>`;

export const DEMO_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#1867c0"/>
  <path fill="#fff" d="M18 44h28a10 10 0 0 0 1.3-19.9A14 14 0 0 0 20.6 21 10 10 0 0 0 18 44z"/>
</svg>`;

export const renderPng = async (svg: string, size: number) => {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
};
