import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bootstrapMaster, type MasterBootstrapResult } from './users.service.ts';

type RefusedReason = Extract<MasterBootstrapResult, { outcome: 'refused' }>['reason'];

const WHY: Record<RefusedReason, string> = {
  unverified: 'its email address is not verified',
  disabled: 'it is disabled',
  password: 'its password does not match MASTER_PASSWORD',
};

/** Start-up refused: server.ts prints the message and exits. */
export class MasterBootstrapError extends Error {
  override name = 'MasterBootstrapError';
}

/**
 * Runs the MASTER bootstrap at start-up and says what happened. When MASTER_EMAIL names an account
 * that may not be promoted, development starts without a MASTER (with a warning) and production
 * refuses to start: a production site without the MASTER it was configured for is a mistake the
 * operator must see. Logs carry the user id, never the email or a password.
 */
export async function bootstrapMasterAtStart(deps: {
  db: DbOrTx;
  config: Pick<Config, 'masterEmail' | 'masterPassword' | 'isProduction'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): Promise<'none' | 'exists' | 'created' | 'promoted' | 'skipped'> {
  const { db, config, log } = deps;
  if (!config.masterEmail || !config.masterPassword) return 'skipped';
  const result = await bootstrapMaster(db, config.masterEmail, config.masterPassword);
  switch (result.outcome) {
    case 'exists':
      return 'exists';
    case 'created':
      log.info({}, 'MASTER account created from MASTER_EMAIL');
      return 'created';
    case 'promoted':
      log.info({ userId: result.userId }, 'existing account promoted to MASTER from MASTER_EMAIL; its sessions ended');
      return 'promoted';
    case 'refused': {
      const message = `MASTER_EMAIL names an existing account that was not promoted to MASTER because ${WHY[result.reason]}`;
      if (config.isProduction) {
        throw new MasterBootstrapError(
          `${message}; refusing to start in production without the configured MASTER. ` +
            'Verify that account and set MASTER_PASSWORD to its password, or choose another MASTER_EMAIL.',
        );
      }
      log.warn({ userId: result.userId, reason: result.reason }, `${message}; starting with no MASTER`);
      return 'none';
    }
  }
}
