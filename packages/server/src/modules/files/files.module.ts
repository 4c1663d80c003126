import type { AppModule } from '../../platform/module.ts';
import { listRoute, readRoutes, recordRoute } from '../../platform/read/entity-module.ts';
import { fileList, fileRecord, locationRecord } from './files.read.ts';
import { registerFileSpecialRoutes } from './files.routes.ts';
import * as tables from './files.tables.ts';

/**
 * Files and locations of any entity: the declared list `GET /api/files` (with its CSV and XLSX export), the records
 * `GET /api/file/{id}` and `GET /api/location/{id}`, and a file's download (the ReplaceDocument action's generic
 * handler lives here too).
 */
export const filesModule: AppModule = {
  name: 'files',
  tables,
  ...readRoutes(
    [listRoute('files', fileList), recordRoute(fileRecord), recordRoute(locationRecord)],
    registerFileSpecialRoutes,
  ),
};
