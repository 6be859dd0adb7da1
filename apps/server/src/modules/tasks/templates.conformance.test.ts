import { SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

const tasks = [
  { key: 'measure', name: 'Measure', day: 0 },
  { key: 'order', name: 'Order', day: 2, dependsOn: ['measure'] },
];

describeSettingsKind({
  kind: SETTINGS_KINDS.projectTemplate,
  table: 'project_templates',
  create: (n) => ({ name: `Conformance template ${n}`, tasks }),
  update: (record) => ({ name: record.name, description: 'Two steps.', tasks }),
  changed: { field: 'description', after: 'Two steps.' },
  invalid: {
    body: { name: '', tasks: [{ key: 'a', name: '', day: -1 }] },
    fields: ['name', 'tasks.0.name', 'tasks.0.day'],
  },
});
