import { timestamp } from 'drizzle-orm/pg-core';

/** A moment, stored with its time zone and read as a Date: every table's timestamp column. */
export const at = () => timestamp({ withTimezone: true, mode: 'date' });
