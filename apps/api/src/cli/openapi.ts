import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * The API description as the app serves it (/api/docs/json), for tools that need it without a server:
 *   npm run lint:openapi   Redocly's recommended rules (redocly.yaml) on it; any error fails (CI runs it in `npm run lint`)
 *   npm run openapi:types  the client types generated from it, apps/api/test/generated/openapi.ts
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CLIENT_TYPES_FILE = path.join(root, 'apps/api/test/generated/openapi.ts');

/** Builds the app in-process on an empty embedded database, and reads /api/docs/json. */
export async function servedDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fourfour-openapi-'));
  const database = await openDatabase({});
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, logger: false, webApp: false });
    try {
      await app.ready();
      const res = await app.inject('/api/docs/json');
      if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** TypeScript types for a client (openapi-fetch and the like), generated from the description. */
export async function clientTypesOf(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]);
  return `/** Generated from /api/docs/json by \`npm run openapi:types\`: do not edit by hand. */\n\n${astToString(ast)}`;
}

async function main(command: string | undefined): Promise<number> {
  if (command === 'types') {
    writeFileSync(CLIENT_TYPES_FILE, await clientTypesOf(await servedDocument()));
    console.log(`wrote ${path.relative(root, CLIENT_TYPES_FILE)}`);
    return 0;
  }
  if (command === 'lint') {
    const dir = mkdtempSync(path.join(tmpdir(), 'fourfour-openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(await servedDocument(), null, 2));
      const redocly = path.join(root, 'node_modules/.bin/redocly');
      const args = ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'];
      return spawnSync(process.execPath, [redocly, ...args], { stdio: 'inherit' }).status ?? 1;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.error('usage: openapi.ts lint | types');
  return 2;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv[2]);
}
