import pg from 'pg';

/**
 * Pipelined lanes: a few connections of their own (PostgreSQL only) for statements that queue on
 * one hot row whatever connection they come from, such as every hold of an event on the event's
 * row (issue 19, the flash sale; docs/decisions.md "Holds of one event go down one pipelined
 * connection").
 *
 * A statement goes to the lane its key picks (key modulo the number of lanes), so one event's holds
 * all travel on one connection, one after another, and never wait on each other's row locks in
 * twenty backends at once. Each is its own statement with its own Sync (node-postgres's pipeline
 * mode): its own implicit transaction, its own answer, its own error, exactly as on the pool; it is
 * only sent without waiting for the one before it to be answered. Everything sent in one turn of
 * the event loop leaves in one write.
 *
 * What waits on a lane is a request in flight, nothing another instance needs. A statement that
 * waits for a lock holds up the statements behind it, so every lane statement gives up on a lock
 * after LANE_LOCK_TIMEOUT (SQLSTATE 55P03). A lane whose connection fails fails the statements in
 * it (answered 503, db/unavailable.ts) and is opened again by the next statement.
 */
export interface Lanes {
  /** Runs a named prepared statement on the lane of `key`. */
  query<T>(key: number, text: string, values: unknown[], name: string): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** Lanes per instance, on top of the pool: one hot event needs one; more spread several events. */
export const PIPELINE_LANES = 4;

/** How long a lane statement waits for a row another transaction holds before it fails. */
export const LANE_LOCK_TIMEOUT = '2s';

/**
 * How long a lane waits for a statement's answer before it gives the connection up (the socket is
 * destroyed, everything in the lane fails as unavailable and the next statement reopens it): a peer
 * that vanished without closing must not stall a lane until TCP gives up. Well above the lock
 * timeout and any hold's own work.
 */
export const LANE_QUERY_TIMEOUT_MS = 10_000;

/** The SQLSTATE of a statement that gave up waiting for a lock (lock_timeout). */
export const LOCK_NOT_AVAILABLE = '55P03';

type StreamOf = { connection: { stream: { cork(): void; uncork(): void } } };

/** Session settings as one statement with parameters (a pipelined connection takes no other kind). */
export function settingsQuery(settings: Record<string, string>) {
  return {
    text: `SELECT ${Object.keys(settings)
      .map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, false)`)
      .join(', ')}`,
    values: Object.entries(settings).flat(),
  };
}

/**
 * `config`: the pool's connection settings; `settings`: what every connection of the app is set up
 * with, to which the lanes add their lock timeout.
 */
export function pipelinedLanes(
  config: pg.ClientConfig,
  settings: Record<string, string>,
  count = PIPELINE_LANES,
): Lanes {
  const lanes: (Promise<pg.Client> | undefined)[] = new Array(count).fill(undefined);
  const corked = new Set<pg.Client>();
  const setup = settingsQuery({ ...settings, lock_timeout: LANE_LOCK_TIMEOUT });
  let closed = false;

  const open = (i: number): Promise<pg.Client> => {
    const client = new pg.Client({
      ...config,
      pipeline: true,
      query_timeout: LANE_QUERY_TIMEOUT_MS,
    } as pg.ClientConfig);
    const ready = client
      .connect()
      .then(() => client.query(setup))
      .then(() => client);
    const forget = () => {
      if (lanes[i] === ready) lanes[i] = undefined;
    };
    // A broken connection must not crash the process: its statements fail, the next one reopens it,
    // and the connection is ended (some errors leave the socket open).
    client.on('error', () => {
      forget();
      client.end().catch(() => {});
    });
    client.on('end', forget);
    ready.catch(() => {
      forget();
      client.end().catch(() => {});
    });
    lanes[i] = ready;
    return ready;
  };

  return {
    async query<T>(key: number, text: string, values: unknown[], name: string) {
      if (closed) throw new Error('Client was closed and is not queryable');
      const i = ((key % count) + count) % count;
      const client = await (lanes[i] ?? open(i));
      if (!corked.has(client)) {
        // The statements sent in this turn of the event loop leave together, in one write.
        const { stream } = (client as unknown as StreamOf).connection;
        corked.add(client);
        stream.cork();
        process.nextTick(() => {
          corked.delete(client);
          stream.uncork();
        });
      }
      const result = await client.query<T & pg.QueryResultRow>({ name, text, values });
      return { rows: result.rows as T[] };
    },
    async close() {
      closed = true;
      await Promise.all(lanes.map((lane) => lane?.then((client) => client.end()).catch(() => {})));
    },
  };
}
