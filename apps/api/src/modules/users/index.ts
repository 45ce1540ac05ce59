import type { AppModule } from '../module.ts';
import { usersDemoSeed } from './users.seed.ts';

/** Users: accounts as other modules read and create them, the MASTER bootstrap, the demo accounts. */
export const usersModule: AppModule = { name: 'users', demoSeed: usersDemoSeed };

/** What other modules may use of this one (the only way in: .dependency-cruiser.cjs). */
export { createUser, findUserByEmail, findUserByUsername, normaliseEmail } from './users.service.ts';
export { DEMO_PASSWORD } from './users.seed.ts';
