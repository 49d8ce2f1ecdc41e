export * from './auth.ts';
export * from './contacts.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './health.ts';
export * from './openapi.ts';
export * from './primitives.ts';
export * from './startup.ts';
