import { ConfigError, type Config } from '../config.ts';
import { openDatabase } from './client.ts';

/**
 * Development keys shared by every instance on one PostgreSQL database. Without APP_SECRET and
 * TICKET_SIGNING_KEY each instance would make up its own, and a sign-in on one would be refused by
 * the next (401), a QR code signed by one rejected by another. So the first instance to start
 * stores its keys in `app_meta` (row `development-keys`), in the same step as the migrations, and
 * every instance then uses the stored ones. An instance whose own APP_SECRET or TICKET_SIGNING_KEY
 * disagrees with them refuses to start, naming the setting.
 *
 * The row is read only here, at start-up: no route reads `app_meta`, and the keys are never logged.
 * Production takes both keys from the environment and never comes here.
 */
const ROW_KEY = 'development-keys';

interface StoredKeys {
  appSecret: string;
  ticketSigningKeyPem: string;
}

export async function shareDevelopmentKeys(config: Config): Promise<Config> {
  if (!config.databaseUrl || config.isProduction) return config;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    // The migrations create app_meta; they run under their advisory lock, once, whoever is first.
    await database.migrate();
    // One insert wins (primary key; a racing insert waits for the winner's commit); then everyone,
    // the winner included, reads the row that stays.
    const offered: StoredKeys = { appSecret: config.appSecret, ticketSigningKeyPem: config.ticketSigningKeyPem };
    await database.raw.query('INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING', [
      ROW_KEY,
      JSON.stringify(offered),
    ]);
    const { rows } = await database.raw.query<{ value: StoredKeys }>('SELECT value FROM app_meta WHERE key = $1', [
      ROW_KEY,
    ]);
    const stored = rows[0]?.value;
    if (!stored?.appSecret || !stored.ticketSigningKeyPem) {
      throw new ConfigError([
        `APP_SECRET, TICKET_SIGNING_KEY: the shared development keys in the database (app_meta '${ROW_KEY}') are unreadable; set both on every instance`,
      ]);
    }
    const problems: string[] = [];
    const hint = (name: string) =>
      `${name}: differs from the one the other instances on this database use; set the same ${name} on every instance, or leave it unset on all of them to share the generated one (to replace the shared keys, delete the app_meta row '${ROW_KEY}')`;
    if (!config.generatedKeys.appSecret && stored.appSecret !== config.appSecret) problems.push(hint('APP_SECRET'));
    if (!config.generatedKeys.ticketSigningKey && stored.ticketSigningKeyPem !== config.ticketSigningKeyPem) {
      problems.push(hint('TICKET_SIGNING_KEY'));
    }
    if (problems.length > 0) throw new ConfigError(problems);
    return { ...config, appSecret: stored.appSecret, ticketSigningKeyPem: stored.ticketSigningKeyPem };
  } finally {
    await database.close();
  }
}
