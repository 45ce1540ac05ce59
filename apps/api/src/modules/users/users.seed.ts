import { createUser } from './users.service.ts';
import type { DemoSeed } from '../module.ts';

/** Known demo password for every demo account (printed at start-up, never used in production). */
export const DEMO_PASSWORD = 'FourFour#2026';

export const DEMO_USERS = [
  { email: 'master@fourfour.local', username: 'master', role: 'MASTER' },
  { email: 'admin@fourfour.local', username: 'admin', role: 'ADMIN' },
  { email: 'door@fourfour.local', username: 'door_staff', role: 'EVENT_WORKER' },
  { email: 'affiliate@fourfour.local', username: 'promo_kay', role: 'AFFILIATE' },
  { email: 'fan@fourfour.local', username: 'deep_fan', role: 'USER' },
  { email: 'member@fourfour.local', username: 'vinyl_member', role: 'USER' },
  { email: 'raver@fourfour.local', username: 'late_raver', role: 'USER' },
] as const;

export const usersDemoSeed: DemoSeed = {
  order: 10,
  async seed(app): Promise<string[]> {
    for (const u of DEMO_USERS) {
      await createUser(app.db, { ...u, password: DEMO_PASSWORD, birthDate: '1995-06-15', verified: true });
    }
    return [
      `Demo accounts (password ${DEMO_PASSWORD}):`,
      ...DEMO_USERS.map((u) => `  ${u.role.padEnd(12)} ${u.email}`),
    ];
  },
};
