import type { AppModule } from '../../platform/module.ts';
import { listRoute, readRoutes, recordRoute } from '../../platform/read/entity-module.ts';
import { activityItemRecord, activityList } from './activity.read.ts';

/**
 * The activity of any entity (the runner writes the entries; its table belongs to the platform): the declared list
 * `GET /api/activity` (a record's or a round's, with its CSV and XLSX audit trail) and `GET /api/activity-item/{id}`.
 */
export const activityModule: AppModule = {
  name: 'activity',
  ...readRoutes([listRoute('activity', activityList), recordRoute(activityItemRecord)]),
};
