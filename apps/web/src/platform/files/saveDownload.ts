/** A file an operation answers (DESIGN.md downloads: Excel exports and the like). */
export interface DownloadedFile {
  FileName: string;
  ContentType: string;
  ContentBase64: string;
}

/**
 * spec §5 "A downloaded file name has every character other than word characters and hyphens
 * replaced by an underscore and is cut to 200 characters." The extension is kept apart so that
 * `Users-Contoso Ltd.xlsx` stays an .xlsx file.
 */
export function safeDownloadName(fileName: string): string {
  const extension = /\.(\w{1,10})$/.exec(fileName)?.[1];
  const base = (extension ? fileName.slice(0, -extension.length - 1) : fileName).replace(/[^\w-]/g, '_').slice(0, 200);
  return extension ? `${base}.${extension}` : base;
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Saves a downloaded file through the browser's download (a temporary object URL on a link). */
export function saveDownload(file: DownloadedFile): void {
  const url = URL.createObjectURL(new Blob([base64ToBytes(file.ContentBase64)], { type: file.ContentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = safeDownloadName(file.FileName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob to the download manager.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
