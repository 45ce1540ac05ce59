import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every file in features/<feature>/api/, as [feature/api/file, text]. */
const apiFiles = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(import.meta.dirname, entry.name, 'api')))
  .flatMap((entry) => {
    const dir = path.join(import.meta.dirname, entry.name, 'api');
    return readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => [`${entry.name}/api/${name}`, readFileSync(path.join(dir, name), 'utf8')] as const);
  });

/** Issue 17 item 7: one key factory per feature, one reader of the account view. */
describe("the features' API hooks", () => {
  it('take every query key from their feature factory (api/query-keys.ts), never a literal array', () => {
    const literal = apiFiles
      .filter(([file, text]) => !file.endsWith('/query-keys.ts') && /queryKey:\s*\[/.test(text))
      .map(([file]) => file);
    expect(literal).toEqual([]);
  });

  it('read GET /api/account/me only through useMe (account/api/get-me.ts)', () => {
    const readers = apiFiles.filter(([, text]) => text.includes("'/api/account/me'")).map(([file]) => file);
    expect(readers).toEqual(['account/api/get-me.ts']);
  });
});
