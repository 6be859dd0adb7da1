import { DEFAULT_TASK_STATUS, KINDS } from '@atelier/contracts';
import { defineReaction } from '../../platform/events/events';
import { buildSearchText } from '../../platform/lists/list';
import { activeStaffOrNone } from '../../platform/records/records';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { lastInColumn, taskType } from './tasks.service';
import { applyTemplate } from './templates.service';

const DAY = 86_400_000;
/** The first visit is booked within three days of winning the client. */
const FIRST_VISIT_DAYS = 3;
const FIRST_VISIT_TYPE = 'Site visit';

/**
 * A lead won: a first-visit task for whoever had the lead (unassigned if nobody, or someone
 * who has left), about the lead, when the firm's settings ask for it.
 */
export const firstVisitTask = defineReaction({
  event: 'lead.won',
  name: 'tasks: first visit',
  run: async (db, actor, lead) => {
    if (!actor.features.includes(KINDS.task.feature)) return;
    const settings = await getSettingsGroup(db, actor.firmId, 'kanbanSettings');
    if (!settings.events.leadWon) return;
    const name = `First visit: ${lead.name}`.slice(0, 200);
    const kind = settings.taskTypes.includes(FIRST_VISIT_TYPE) ? FIRST_VISIT_TYPE : null;
    await taskType.insert(db, actor, {
      name,
      status: DEFAULT_TASK_STATUS,
      taskType: kind,
      entityType: 'lead',
      entityId: lead.leadId,
      entityName: lead.name,
      assignedTo: await activeStaffOrNone(db, lead.assignedTo),
      dueDate: new Date(Date.now() + FIRST_VISIT_DAYS * DAY).toISOString().slice(0, 10),
      position: lastInColumn(actor.firmId, DEFAULT_TASK_STATUS),
      searchText: buildSearchText([name, kind, lead.name]),
    });
  },
});

/** A job made from a template: the template's tasks, on the job. */
export const templateTasks = defineReaction({
  event: 'job.created',
  name: 'tasks: from a template',
  run: async (db, actor, { jobId, template }) => {
    await applyTemplate(db, actor, jobId, template);
  },
});
