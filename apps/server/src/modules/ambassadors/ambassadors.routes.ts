import { ambassadorInputSchema } from '@atelier/contracts';
import type { AnyRoute } from '../../platform/http/routes';
import { recordRoutes } from '../../platform/records/crud-routes';
import {
  AMBASSADOR_CSV_COLUMNS,
  ambassadorKind,
  archiveAmbassador,
  bulkAmbassadors,
  createAmbassador,
  deleteAmbassador,
  findDuplicateAmbassadors,
  getAmbassador,
  listSpecFor,
  updateAmbassador,
} from './ambassadors.service';

export const ambassadorRoutes: AnyRoute[] = recordRoutes({
  kind: ambassadorKind,
  input: ambassadorInputSchema,
  list: listSpecFor,
  csvColumns: AMBASSADOR_CSV_COLUMNS,
  create: createAmbassador,
  get: getAmbassador,
  update: updateAmbassador,
  archive: archiveAmbassador,
  remove: deleteAmbassador,
  bulk: bulkAmbassadors,
  duplicates: findDuplicateAmbassadors,
});
