import { DEFAULT_TASK_STATUS, type Task } from '@atelier/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import { qualified } from '../../../db/columns';
import { customerJobs } from '../../jobs';
import { tasks, taskType } from '../../tasks';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

/** A task as its modal saves it: what it reads back, its links by id (description and checklist are kept). */
const inputOf = (task: Task) => ({
  name: task.name,
  status: task.status,
  taskType: task.taskType,
  customerJob: task.customerJob ? { _id: task.customerJob._id } : null,
  entityID: task.entityID ? { _id: task.entityID._id, entityType: task.entityID.entityType } : null,
  account: task.account ? { _id: task.account._id } : null,
  assignee: task.assignee?._id ?? null,
  dueDate: task.dueDate,
  priority: task.priority,
});

/** Tasks on their due day, for their assignee; without view-all-tasks (169), only one's own. */
export const taskSource: CalendarSource = {
  kind: 'task',
  visible: (actor) => maySeeKind(actor, 'task'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: tasks,
        start: tasks.dueDate,
        person: tasks.assignedTo,
        title: sql<string>`${tasks.name}`,
        subtitle: sql<string>`COALESCE((SELECT j.name FROM ${customerJobs} j WHERE j.id = ${qualified(tasks.customerJobId)}),
          ${tasks.entityName}, '')`,
        // A board column's name is the firm's own words; the spec's default reads as a label.
        status: tasks.status,
        statusLabels: { [DEFAULT_TASK_STATUS]: 'Unassigned' },
        where: and(isNull(tasks.archivedAt), taskType.spec.narrow?.where(actor)),
      },
      window,
    ),
  move: {
    allowed: (actor) => maySeeKind(actor, 'task'),
    run: async (db, actor, id, version, date) => {
      const task = await taskType.get(db, actor, id);
      await taskType.update(db, actor, id, { ...inputOf(task), dueDate: date, version });
    },
  },
};
