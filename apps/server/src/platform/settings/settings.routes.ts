import {
  hasCode,
  P,
  SETTINGS_GROUP_NAMES,
  SETTINGS_GROUPS,
  settingsGroupAnswerSchemas,
  settingsSchema,
} from '@atelier/contracts';
import { permission, SIGNED_IN } from '../http/access';
import { forbidden } from '../http/errors';
import { type AnyRoute, defineRoute } from '../http/routes';
import { getSettings, saveSettings } from './settings.service';

export const settingsRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/settings/',
    access: SIGNED_IN,
    response: settingsSchema,
    handler: async ({ db, actor }) => {
      // Firm configuration (including banking details) is for the firm's staff, not its customers.
      if (actor.kind !== 'staff') throw forbidden();
      return getSettings(db, actor.firmId, { banking: hasCode(actor.codes, P.MODIFY_FIRM_SETTINGS) });
    },
  }),
  // One route per group, each with its own permission, module and schema.
  ...SETTINGS_GROUP_NAMES.map((group) => {
    const spec = SETTINGS_GROUPS[group];
    return defineRoute({
      method: 'PUT',
      url: `/settings/${group}`,
      access: permission(spec.permission, 'feature' in spec ? spec.feature : undefined),
      // Any subset of the group's fields; the rest keep their stored values.
      body: spec.schema.partial(),
      // The whole group as it is now.
      response: settingsGroupAnswerSchemas[group],
      handler: ({ db, actor, body }) => saveSettings(db, actor, group, body as Record<string, unknown>),
    });
  }),
];
