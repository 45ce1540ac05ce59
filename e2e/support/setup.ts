import { afterEach } from 'vitest';
import { runningServers } from './server.ts';

/** Lines of each server's log shown when a journey fails. */
const TAIL_LINES = 200;

// When a journey fails, show what its servers logged just before (every request with its status
// and response time, warnings, errors), so a timeout names the request that was slow.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const server of runningServers) {
    const lines = server.output().trimEnd().split('\n');
    console.error(
      `\n--- ${server.baseUrl}: the last ${Math.min(TAIL_LINES, lines.length)} of ${lines.length} log lines (test "${task.name}" failed) ---\n${lines.slice(-TAIL_LINES).join('\n')}\n--- end of server log ---`,
    );
  }
});
