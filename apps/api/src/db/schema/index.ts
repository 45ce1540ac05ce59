export * from './content.ts';
export * from './enums.ts';
export * from './events.ts';
export * from './memberships.ts';
export * from './payments.ts';
export * from './platform.ts';
export * from './tickets.ts';
export * from './users.ts';
