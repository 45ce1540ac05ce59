import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { shareDevelopmentKeys } from './db/shared-keys.ts';
import { seedDemoData } from './lib/demo.ts';
import { bootstrapMasterAtStart, MasterBootstrapError } from './modules/users/master-bootstrap.ts';

/** Reads config, builds the app, listens, and closes gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    // Instances sharing a database share its development keys too (none are generated in production).
    config = await shareDevelopmentKeys(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({ config });
  await app.ready();

  try {
    await bootstrapMasterAtStart({ db: app.db, config, log: app.log });
  } catch (err) {
    if (err instanceof MasterBootstrapError) {
      console.error(err.message);
      await app.close();
      process.exit(1);
    }
    throw err;
  }
  if (config.demoData) {
    const lines = await seedDemoData(app);
    if (lines) console.log(['', 'Demo data seeded.', ...lines, ''].join('\n'));
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => process.exit(1), 25_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `FourFour is running at ${config.publicUrl} (database: ${app.database.kind}, payments: ${config.payments.provider}, mail: ${app.mail.transport})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
