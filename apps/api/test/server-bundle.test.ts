import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, startScriptArgs, startScriptEnv } from './server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('how the server is started', () => {
  it('the container runs the start script: the same bundle with the same heap bounds', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(['node', ...startScriptArgs()]);
  });

  it("the container sets the start script's environment", () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const env = Object.fromEntries([...dockerfile.matchAll(/^ENV (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(startScriptEnv())).not.toEqual([]);
    expect(env).toMatchObject(startScriptEnv());
  });

  it('bounds the heap (RSS under 300 MB with 20 clients on the scale bench: docs/operations.md, "Memory")', () => {
    const args = startScriptArgs();
    expect(args.at(-1)).toBe(SERVER_BUNDLE);
    expect(args).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/)]));
  });

  it('limits glibc\'s malloc arenas (RSS on the scale bench: docs/operations.md, "Memory")', () => {
    expect(startScriptEnv()).toMatchObject({ MALLOC_ARENA_MAX: expect.stringMatching(/^\d+$/) });
  });
});
