import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeDownloadName, saveDownload } from '../saveDownload';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('safeDownloadName (spec §5 downloaded file names)', () => {
  it('replaces every character other than word characters and hyphens with an underscore, keeping the extension', () => {
    expect(safeDownloadName('Users-Contoso Ltd (UK)/2024.xlsx')).toBe('Users-Contoso_Ltd__UK__2024.xlsx');
    expect(safeDownloadName('../../etc/passwd')).toBe('______etc_passwd');
  });

  it('cuts the name to 200 characters', () => {
    expect(safeDownloadName(`${'a'.repeat(250)}.xlsx`)).toBe(`${'a'.repeat(200)}.xlsx`);
  });
});

describe('saveDownload', () => {
  it('hands the decoded bytes to the browser under the safe name', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    saveDownload({ FileName: 'Audit log.xlsx', ContentType: 'text/plain', ContentBase64: btoa('hello') });

    expect(clicked[0]!.download).toBe('Audit_log.xlsx');
    expect(clicked[0]!.href).toBe('blob:test');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(text).toBe('hello');
    expect(saved!.type).toBe('text/plain');
  });
});
