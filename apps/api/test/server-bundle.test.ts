import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, startScriptArgs } from './server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('how the server is started', () => {
  it('the container runs the start script: the same bundle with the same heap bounds', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(['node', ...startScriptArgs()]);
  });

  it('bounds the heap (RSS under 300 MB with 20 clients on the scale bench: docs/operations.md, "Memory")', () => {
    const args = startScriptArgs();
    expect(args.at(-1)).toBe(SERVER_BUNDLE);
    expect(args).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/)]));
  });
});
