import { existsSync } from 'node:fs';
import path from 'node:path';

// The files the server reads at run time — migrations, message catalogues, the PGlite worker's
// script, the built portal — are found from the server package's folder (apps/server), never from
// the calling module's own: the same code runs from apps/server/src/** (tsx, Vitest) and bundled
// into apps/server/dist/main.mjs (`npm start`), one and two folders deeper respectively.

function packageFolder(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${start}`);
  }
}

const SERVER_FOLDER = packageFolder(import.meta.dirname);

/** An absolute path inside apps/server, e.g. serverFile('drizzle'). */
export const serverFile = (...segments: string[]): string => path.join(SERVER_FOLDER, ...segments);
