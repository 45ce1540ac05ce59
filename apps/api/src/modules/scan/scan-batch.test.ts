import { describe, expect, it } from 'vitest';
import { createScanBatcher, type ScanAttempt } from './scan-batch.ts';

const attempt = (n: number): ScanAttempt => ({
  ticketId: `t${n}`,
  scannerId: n,
  sessionVersion: 0,
  sessionId: '00000000-0000-4000-8000-000000000000',
  device: null,
});

/** A database stand-in whose batches finish when the test says so. */
function controlledRun() {
  const batches: { attempts: ScanAttempt[]; finish(results?: string[]): void; fail(err: Error): void }[] = [];
  const run = (attempts: ScanAttempt[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        attempts,
        finish: (results) => resolve(results ?? attempts.map((a) => `answer:${a.ticketId}`)),
        fail: reject,
      });
    });
  return { run, batches };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('scan batcher', () => {
  it('sends a scan at once, alone, while there is room', async () => {
    const { run, batches } = controlledRun();
    const batcher = createScanBatcher({ run, maxInFlight: 2, maxBatch: 10 });
    const a = batcher.scan(attempt(1));
    const b = batcher.scan(attempt(2));
    expect(batches.map((x) => x.attempts.length)).toEqual([1, 1]);
    batches[1]!.finish();
    batches[0]!.finish();
    expect(await a).toBe('answer:t1');
    expect(await b).toBe('answer:t2');
  });

  it('gathers the scans that queue while every slot is busy into the next batch, each answered with its own result', async () => {
    const { run, batches } = controlledRun();
    const batcher = createScanBatcher({ run, maxInFlight: 1, maxBatch: 10 });
    const first = batcher.scan(attempt(0));
    const queued = Array.from({ length: 6 }, (_, k) => batcher.scan(attempt(k + 1)));
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    await tick();
    expect(batches).toHaveLength(2);
    expect(batches[1]!.attempts.map((a) => a.ticketId)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    batches[1]!.finish();
    expect(await first).toBe('answer:t0');
    expect(await Promise.all(queued)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6'].map((id) => `answer:${id}`));
  });

  it('never puts more than maxBatch scans in one batch', async () => {
    const { run, batches } = controlledRun();
    const batcher = createScanBatcher({ run, maxInFlight: 1, maxBatch: 3 });
    const all = Array.from({ length: 8 }, (_, k) => batcher.scan(attempt(k)));
    for (let n = 0; n < 4; n++) {
      batches[n]!.finish();
      await tick();
    }
    expect(batches.map((b) => b.attempts.length)).toEqual([1, 3, 3, 1]);
    expect(await Promise.all(all)).toHaveLength(8);
  });

  it('fails only the scans of a failed batch, and goes on with the next', async () => {
    const { run, batches } = controlledRun();
    const batcher = createScanBatcher({ run, maxInFlight: 1, maxBatch: 10 });
    const first = batcher.scan(attempt(0));
    const second = batcher.scan(attempt(1));
    batches[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    batches[1]!.finish();
    expect(await second).toBe('answer:t1');
  });

  it('settles the scans of a batch whose run throws at once, and goes on with the next', async () => {
    let calls = 0;
    const batcher = createScanBatcher<string>({
      run: (attempts) => {
        calls++;
        if (calls === 1) throw new Error('bad statement');
        return Promise.resolve(attempts.map((a) => `answer:${a.ticketId}`));
      },
      maxInFlight: 1,
      maxBatch: 10,
    });
    const first = batcher.scan(attempt(0));
    const second = batcher.scan(attempt(1));
    await expect(first).rejects.toThrow('bad statement');
    expect(await second).toBe('answer:t1');
  });

  it('refuses an answer that does not have one result per scan', async () => {
    const { run, batches } = controlledRun();
    const batcher = createScanBatcher({ run, maxInFlight: 1, maxBatch: 10 });
    const first = batcher.scan(attempt(0));
    batches[0]!.finish([]);
    await expect(first).rejects.toThrow('scan batch answered 0 results for 1 scans');
  });
});

describe('scan batcher and tickets already with the database', () => {
  it('keeps a scan of a ticket whose batch is in flight for after that batch, sending the others', async () => {
    const { run, batches } = controlledRun();
    const batcher = createScanBatcher({ run, maxInFlight: 2, maxBatch: 10 });
    const first = batcher.scan(attempt(1));
    // The same ticket again, and another ticket, while t1 is with the database.
    const again = batcher.scan(attempt(1));
    const other = batcher.scan(attempt(2));
    expect(batches.map((b) => b.attempts.map((a) => a.ticketId))).toEqual([['t1'], ['t2']]);
    batches[1]!.finish();
    await tick();
    // A slot is free, but t1's batch is still out: the repeat waits.
    expect(batches).toHaveLength(2);
    batches[0]!.finish();
    await tick();
    expect(batches.map((b) => b.attempts.map((a) => a.ticketId))).toEqual([['t1'], ['t2'], ['t1']]);
    batches[2]!.finish(['answer:again']);
    expect([await first, await other, await again]).toEqual(['answer:t1', 'answer:t2', 'answer:again']);
  });
});
