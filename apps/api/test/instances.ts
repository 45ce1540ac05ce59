/**
 * Pieces for tests that run the real server as separate processes (several-instances.test.ts):
 * starting `apps/api/src/server.ts` with an environment, a TCP relay to cut the database away, and
 * an SMTP server that keeps what it receives and can hold deliveries open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** SIGTERM (SIGKILL after 10 s) and wait for the exit; nothing if it already exited. */
  stop(): Promise<void>;
}

/** Starts the server process on `port`; the environment replaces the test's, apart from PATH and HOME. */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until the instance answers /api/ready and has said it is running; fails if it exits. */
export async function waitUntilServing(instance: Instance, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited:\n${instance.output()}`);
    const ready = await fetch(`${instance.url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready && instance.output().includes('is running at')) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${instance.name} did not start:\n${instance.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A TCP relay in front of PostgreSQL. `cut()` drops every open connection and every new one at
 * once (as a restarting server does) until `restore()`; `blackhole()` drops the open ones and
 * leaves new ones unanswered (a host that vanished from the network).
 */
export class Relay {
  private server: Server;
  private sockets = new Set<Socket>();
  private mode: 'up' | 'cut' | 'blackhole' = 'up';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  async listen(): Promise<number> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  private accept(client: Socket) {
    if (this.mode === 'cut') {
      client.destroy();
      return;
    }
    if (this.mode === 'blackhole') {
      this.sockets.add(client);
      client.on('error', () => {});
      client.on('close', () => this.sockets.delete(client));
      return;
    }
    const upstream = connect(this.targetPort, this.targetHost);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        this.sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  }

  cut() {
    this.mode = 'cut';
    for (const socket of this.sockets) socket.destroy();
  }

  blackhole() {
    this.cut();
    this.mode = 'blackhole';
  }

  restore() {
    this.mode = 'up';
  }

  async close() {
    this.cut();
    await new Promise((r) => this.server.close(r));
  }
}

export interface ReceivedMail {
  to: string;
  body: string;
  at: number;
}

/**
 * An SMTP server that keeps every message. While `holding` matches a recipient, that delivery is
 * left waiting (the sender's job stays claimed and running) until `release()`.
 */
export class MailCatcher {
  readonly received: ReceivedMail[] = [];
  holding: RegExp | null = null;
  private held: (() => void)[] = [];
  /** Sessions whose client went away: a message held there was never acknowledged, so never sent. */
  private closed = new Set<string>();
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onClose: (session) => void this.closed.add(session.id),
      onData: (stream, session, callback) => {
        let body = '';
        stream.on('data', (c) => (body += c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo[0]?.address ?? '';
          const accept = () => {
            if (this.closed.has(session.id)) return;
            this.received.push({ to, body, at: Date.now() });
            callback();
          };
          if (this.holding?.test(to)) this.held.push(accept);
          else accept();
        });
      },
    });
  }

  async listen(): Promise<number> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server.server, 'listening');
    this.port = (this.server.server.address() as { port: number }).port;
    return this.port;
  }

  /** Deliveries waiting now. */
  get heldCount() {
    return this.held.length;
  }

  /** Accepts every waiting delivery whose sender is still connected, and holds nothing more. */
  release() {
    this.holding = null;
    for (const accept of this.held.splice(0)) accept();
  }

  to(address: string) {
    return this.received.filter((m) => m.to === address);
  }

  async close() {
    this.release();
    await new Promise((r) => this.server.close(() => r(undefined)));
  }
}
