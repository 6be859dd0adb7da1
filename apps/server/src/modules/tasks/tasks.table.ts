import {
  type ChecklistItem,
  KINDS,
  TASK_PRIORITIES,
  TASK_STATUS_MAX,
  type TaskPriority,
  type TemplateTask,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customerJobs } from '../jobs';

/**
 * A task of the board (spec sections 3 and 4). Its status is a board column's name, any text
 * the firm likes; its position orders the cards of a column (decision 0034).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    // The `name` sort and prefix search (decision 0006).
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    status: text('status').notNull().default('unassigned'),
    taskType: text('task_type'),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    // The record the task is about (a lead, an order…), and its name when the task was saved.
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    entityName: text('entity_name'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    // The `due` sort: no date sorts as infinity (last), so a keyset can page over it.
    dueKey: date('due_key', { mode: 'string' }).notNull().generatedAlwaysAs(sql`COALESCE(due_date, 'infinity'::date)`),
    priority: text('priority').$type<TaskPriority>().notNull().default('normal'),
    description: text('description').notNull().default(''),
    checklist: jsonb('checklist').$type<ChecklistItem[]>().notNull().default([]),
    position: bigint('position', { mode: 'number' }).notNull(),
    // The tasks this one waits on (a template's dependencies, or set by hand).
    dependsOn: uuid('depends_on').array().notNull().default(sql`'{}'::uuid[]`),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('tasks_name_idx').on(t.firmId, t.nameKey, t.id),
    index('tasks_due_idx').on(t.firmId, t.dueKey, t.id),
    // The board's order, and a column's last card for a new one.
    index('tasks_position_idx').on(t.firmId, t.position, t.id),
    index('tasks_status_idx').on(t.firmId, t.status, t.position),
    index('tasks_created_idx').on(t.firmId, t.createdAt, t.id),
    index('tasks_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('tasks_assigned_idx').on(t.firmId, t.assignedTo, t.position),
    index('tasks_job_idx').on(t.customerJobId),
    index('tasks_company_idx').on(t.companyId),
    index('tasks_entity_idx').on(t.entityId),
    index('tasks_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    // constant SQL: the longest status, a number of our code.
    check('tasks_status_check', sql`length(status) BETWEEN 1 AND ${sql.raw(String(TASK_STATUS_MAX))}`),
    check('tasks_priority_check', oneOf('priority', TASK_PRIORITIES)),
    check('tasks_entity_check', sql`(entity_id IS NULL) = (entity_type IS NULL)`),
    check('tasks_position_check', sql`position >= 0`),
    firmIsolation(t.firmId),
  ],
);

// A job or an account with tasks is not deleted: archive it, and its tasks keep their links.
registerReference(KINDS.customer_job, { table: tasks, column: tasks.customerJobId, noun: 'task' });
registerReference(KINDS.company, { table: tasks, column: tasks.companyId, noun: 'task' });

/**
 * A project-management template (settings, 162): the tasks a job starts with, each due some days
 * after the job's start, going to one of the job's people, waiting on others of the template.
 */
export const projectTemplates = pgTable(
  'project_templates',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    description: text('description').notNull().default(''),
    tasks: jsonb('tasks').$type<TemplateTask[]>().notNull(),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('project_templates_name_uq').on(t.firmId, t.nameKey), firmIsolation(t.firmId)],
);
