/** Every table of the application, for Drizzle's typed queries and drizzle-kit's migrations. */
export * from '../../auth/auth.tables.ts';
export * from '../../modules/agent-authorities/agent-authorities.tables.ts';
export * from '../../modules/comments/comments.tables.ts';
export * from '../../modules/files/files.tables.ts';
export * from '../../modules/markets/markets.tables.ts';
export * from '../../modules/organisations/organisations.tables.ts';
export * from '../../modules/refdata/refdata.tables.ts';
export * from '../actions/activity.tables.ts';
export * from '../mail.tables.ts';
