import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES } from '@fourfour/shared/enums';
import { NewPasswordField, UsernameField } from '@fourfour/shared/auth';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createUser, findUserByEmail, findUserByUsername } from '../modules/users/users.service.ts';
import path from 'node:path';

/**
 * npm run user:create -- --email a@b.c --password '...' --role ADMIN [--username name] [--birth-date 1990-01-01]
 * Creates a verified account with any role, on the configured database.
 */
const Args = z.object({
  email: z.email('--email must be an email address'),
  password: NewPasswordField,
  role: z.enum(ROLES, { message: `--role must be one of ${ROLES.join(', ')}` }).default('USER'),
  username: UsernameField.optional(),
  'birth-date': z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '--birth-date must be YYYY-MM-DD')
    .default('1990-01-01'),
});

export async function runUserCreate(argv: string[], env: Record<string, string | undefined> = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      username: { type: 'string' },
      'birth-date': { type: 'string' },
    },
  });
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  }
  const args = parsed.data;
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    if (await findUserByEmail(database.db, args.email))
      throw new Error(`A user with email ${args.email} already exists.`);
    const username =
      args.username ??
      args.email
        .split('@')[0]!
        .replace(/[^A-Za-z0-9_]/g, '')
        .slice(0, 30)
        .padEnd(3, '_');
    if (await findUserByUsername(database.db, username))
      throw new Error(`The username ${username} is taken; pass --username.`);
    const user = await createUser(database.db, {
      email: args.email,
      username,
      password: args.password,
      birthDate: args['birth-date'],
      role: args.role,
      verified: true,
    });
    return { id: user.id, email: user.email, username: user.username, role: user.role };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runUserCreate(process.argv.slice(2))
    .then((u) => console.log(`Created ${u.role} ${u.email} (username ${u.username}, id ${u.id}).`))
    .catch((err: unknown) => {
      console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
