import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { removeTemplate, type DatabaseTemplate } from './databaseTemplate';

/**
 * Once per Vitest run, before the server's test files: the prepared demo world each test server
 * copies (databaseTemplate.ts). Its passwords are hashed with the project's test settings, so the
 * maker runs with the project's environment.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const env = { ...process.env, ...project.config.env };
  const output = execFileSync(process.execPath, ['--import', 'tsx', new URL('./templateMaker.ts', import.meta.url).pathname], { env, encoding: 'utf8' });
  const { variable, template } = JSON.parse(output.trim().split('\n').at(-1)!) as { variable: string; template: DatabaseTemplate };
  process.env[variable] = JSON.stringify(template);
  return () => removeTemplate(template, process.env.DATABASE_URL);
}
