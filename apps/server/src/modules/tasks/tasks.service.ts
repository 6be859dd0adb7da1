import {
  hasCode,
  KINDS,
  P,
  TASK_POSITION_STEP,
  type Task,
  type TaskRow,
  taskInputSchema,
  taskListSchema,
} from '@atelier/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText, dateBound, idsIn, textIn } from '../../platform/lists/list';
import { entityKind, maySee } from '../../platform/records/entities';
import { defineRecordType, personColumn, refColumn } from '../../platform/records/lifecycle';
import { assertAssignee } from '../../platform/records/records';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { assertCompany, companies } from '../companies';
import { customerJobs } from '../jobs';
import { tasks } from './tasks.table';

type TaskRowDb = typeof tasks.$inferSelect;
type TaskInput = z.output<typeof taskInputSchema>;

/** View-all-tasks (169): everyone's tasks; without it, only those assigned to you (spec section 2). */
export const seesAllTasks = (actor: Pick<Actor, 'codes'>) => hasCode(actor.codes, P.VIEW_ALL_TASKS);

/** A new card's place: after the last of its column. */
export const lastInColumn = (firmId: string, status: string) =>
  sql<number>`(SELECT COALESCE(max(t.position), 0) + ${TASK_POSITION_STEP} FROM tasks t
    WHERE t.firm_id = ${firmId} AND t.status = ${status})`;

/** A job chosen for a task is one of the firm's (another firm's is not found): else 400. */
async function jobName(db: Executor, id: string): Promise<void> {
  const [found] = await db.select({ id: customerJobs.id }).from(customerJobs).where(eq(customerJobs.id, id));
  if (!found) throw badRequest('Choose a job from the list.', { customerJob: 'Choose a job from the list.' });
}

/** The record a task is about: one of a kind the actor may see, in the firm; its name, for the card. */
async function entityName(db: Executor, actor: Actor, entity: NonNullable<TaskInput['entityID']>) {
  const kind = entityKind(entity.entityType);
  const found = kind && maySee(actor, kind) ? await kind.find(db, entity._id, actor) : null;
  if (!found) throw badRequest('Choose a record you can open.', { entityID: 'Choose a record you can open.' });
  return found.name;
}

/**
 * The tasks one waits on: others of the firm's, and never a circle back to itself (a task it
 * waits on, or one they wait on, waiting on it). 400 on `dependsOn` otherwise.
 */
async function checkDependsOn(db: Executor, id: string | null, wanted: string[]) {
  if (wanted.length === 0) return;
  const refuse = (message: string) => badRequest(message, { dependsOn: message });
  if (id && wanted.includes(id)) throw refuse('A task cannot wait on itself.');
  const found = await db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.id, wanted));
  if (found.length < wanted.length) throw refuse('Choose tasks from the list.');
  if (!id) return;
  const [circle] = (
    await db.execute<{ name: string }>(sql`WITH RECURSIVE upstream(id) AS (
        SELECT unnest(${sql.param(wanted)}::uuid[])
        UNION SELECT unnest(t.depends_on) FROM tasks t JOIN upstream u ON t.id = u.id)
      SELECT 1 AS name FROM upstream WHERE id = ${id} LIMIT 1`)
  ).rows;
  if (circle) throw refuse('These tasks would wait on each other in a circle.');
}

/** Who a task goes to: anyone, with view-all-tasks; yourself only without it (new tasks are yours). */
function assigneeOf(actor: Actor, input: TaskInput, before: TaskRowDb | null): string | null {
  if (seesAllTasks(actor)) return input.assignee;
  const assignee = before === null && input.assignee === null ? actor.userId : input.assignee;
  if (assignee !== actor.userId)
    throw badRequest('You can give tasks only to yourself.', {
      assignee: 'Only those who may view all tasks give tasks to others.',
    });
  return assignee;
}

/** The columns a task's input sets: its links checked, its card's place kept or found. */
async function taskColumns(db: Executor, actor: Actor, input: TaskInput, before: TaskRowDb | null) {
  const assignee = assigneeOf(actor, input, before);
  if (assignee !== (before?.assignedTo ?? null)) await assertAssignee(db, assignee, 'assignee');
  const job = input.customerJob?._id ?? null;
  if (job && job !== before?.customerJobId) await jobName(db, job);
  const account = input.account?._id ?? null;
  if (account !== (before?.companyId ?? null)) await assertCompany(db, account, 'account');
  const entity = input.entityID;
  const status = input.status;
  const about = entity ? await entityName(db, actor, entity) : null;
  const dependsOn = input.dependsOn ? [...new Set(input.dependsOn.map((d) => d._id))] : (before?.dependsOn ?? []);
  if (input.dependsOn) await checkDependsOn(db, before?.id ?? null, dependsOn);
  const description = input.description ?? before?.description ?? '';
  // A card keeps its place unless it is given one; a new card, or one moved to another column
  // without a place, goes last in its column.
  const keep = before && before.status === status ? before.position : undefined;
  const position = input.position ?? keep ?? lastInColumn(actor.firmId, status);
  return {
    name: input.name,
    status,
    taskType: input.taskType || null,
    customerJobId: job,
    entityType: entity?.entityType ?? null,
    entityId: entity?._id ?? null,
    entityName: about,
    companyId: account,
    assignedTo: assignee,
    dueDate: input.dueDate,
    priority: input.priority,
    description,
    checklist: input.checklist ?? before?.checklist ?? [],
    dependsOn,
    position,
    searchText: buildSearchText([input.name, input.taskType, about, description.slice(0, 2000)]),
  };
}

/**
 * Two cards given one place: the column is numbered afresh, the card just written first among
 * those that shared its number (it was put in front of its neighbour). Order only: no version
 * changes, so nobody's open task goes stale.
 */
async function spreadColumn(db: Executor, row: TaskRowDb) {
  const [tie] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.status, row.status), eq(tasks.position, row.position), ne(tasks.id, row.id)))
    .limit(1);
  if (!tie) return;
  await db.execute(sql`UPDATE tasks t SET position = r.n * ${TASK_POSITION_STEP}
    FROM (SELECT id, row_number() OVER (ORDER BY position, id <> ${row.id}, id) AS n
          FROM tasks WHERE firm_id = ${row.firmId} AND status = ${row.status}) r
    WHERE t.id = r.id`);
}

const assignee = personColumn(tasks.assignedTo);
const customerJob = refColumn(tasks.customerJobId, customerJobs, customerJobs.name);
const account = refColumn(tasks.companyId, companies, companies.name);
const entity = sql<Task['entityID']>`CASE WHEN ${qualified(tasks.entityId)} IS NULL THEN NULL ELSE
  json_build_object('_id', ${qualified(tasks.entityId)}, 'entityType', ${qualified(tasks.entityType)},
    'name', COALESCE(${qualified(tasks.entityName)}, '')) END`;

/** The tasks one waits on, by name, with the column each is in. */
const waitsOn = sql<Task['dependsOn']>`COALESCE((SELECT json_agg(json_build_object('_id', d.id, 'name', d.name,
  'status', d.status) ORDER BY d.name) FROM tasks d WHERE d.id = ANY(${qualified(tasks.dependsOn)})), '[]'::json)`;

/** What a task's history and modal show of it. */
const shown = (r: TaskRowDb) => ({
  name: r.name,
  status: r.status,
  taskType: r.taskType,
  dueDate: r.dueDate,
  priority: r.priority,
  description: r.description,
  checklist: r.checklist,
});

/** Tasks: the board's cards (spec sections 3, 4 and 7). */
export const taskType = defineRecordType<typeof tasks, typeof taskInputSchema, Task, TaskRow>({
  kind: KINDS.task,
  table: tasks,
  input: taskInputSchema,
  title: (row) => row.name,
  columns: (db, actor, input, before) => taskColumns(db, actor, input, before),
  audited: (r) => ({
    ...shown(r),
    customerJob: r.customerJobId,
    account: r.companyId,
    assignee: r.assignedTo,
    entityID: r.entityName,
    dependsOn: r.dependsOn,
  }),
  people: ['assignee'],
  names: {
    dependsOn: { table: tasks, id: tasks.id, name: tasks.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
    account: { table: companies, id: companies.id, name: companies.name },
  },
  extra: { assignee, customerJob, account, entity, waitsOn },
  detail: (r, extra) => ({
    ...shown(r),
    customerJob: extra.customerJob as Task['customerJob'],
    entityID: extra.entity as Task['entityID'],
    account: extra.account as Task['account'],
    assignee: extra.assignee as Task['assignee'],
    dependsOn: extra.waitsOn as Task['dependsOn'],
    position: r.position,
  }),
  narrow: {
    where: (actor) => (seesAllTasks(actor) ? undefined : eq(tasks.assignedTo, actor.userId)),
    sees: (actor, row) => seesAllTasks(actor) || row.assignedTo === actor.userId,
  },
  listAnswer: {
    schema: taskListSchema,
    // The firm's board columns, in their order (the project-management settings).
    extra: async (db, actor) => ({ statuses: (await getSettingsGroup(db, actor.firmId, 'kanbanSettings')).statuses }),
  },
  list: {
    defaultSort: 'position',
    sorts: { position: { expr: tasks.position, type: 'bigint', valid: (v) => /^\d{1,16}$/.test(v) } },
    defaultFilters: { status: ['active'] },
    filters: {
      assignee: idsIn(tasks.assignedTo, 'assignee', true),
      job: idsIn(tasks.customerJobId, 'job', true),
      account: idsIn(tasks.companyId, 'account', true),
      entity: idsIn(tasks.entityId, 'record'),
      column: textIn(tasks.status),
      dueFrom: dateBound(tasks.dueDate, 'from', 'dueFrom'),
      dueTo: dateBound(tasks.dueDate, 'to', 'dueTo'),
    },
    rowFields: {
      version: tasks.version,
      position: tasks.position,
      assignee,
      customerJob,
      account,
      entityID: entity,
      checklistDone: sql<number>`(SELECT count(*)::int FROM jsonb_array_elements(${qualified(tasks.checklist)}) c
        WHERE (c ->> 'done')::boolean)`,
      checklistTotal: sql<number>`jsonb_array_length(${qualified(tasks.checklist)})`,
    },
  },
  afterWrite: (db, row) => spreadColumn(db, row),
});
