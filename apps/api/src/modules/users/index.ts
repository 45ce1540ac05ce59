import type { AppModule } from '../module.ts';
import { usersDemoSeed } from './users.seed.ts';

/** Users: accounts as other modules read and create them, the MASTER bootstrap, the demo accounts. */
export const usersModule: AppModule = { name: 'users', demoSeed: usersDemoSeed };
