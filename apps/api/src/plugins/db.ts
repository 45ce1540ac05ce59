import path from 'node:path';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export interface DbPluginOptions {
  /** An already-open database (tests hand one in); otherwise one is opened from config. */
  database?: Database;
}

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR/db) and applies migrations. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const owned = !options.database;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: app.config.databaseUrl,
        pgliteDir: path.join(app.config.dataDir, 'db'),
      }));
    await database.migrate();
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', async () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);
