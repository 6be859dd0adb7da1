import {
  type ProjectTemplate,
  type projectTemplateInputSchema,
  SETTINGS_KINDS,
  type TemplateTask,
} from '@atelier/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid, newId } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { badRequest, notFound, unlessNameTaken } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { buildSearchText } from '../../platform/lists/list';
import { activeStaffOrNone, updateVersioned } from '../../platform/records/records';
import type { SettingsReference } from '../../platform/settings/settings-references';
import { customerJobType } from '../jobs';
import { lastInColumn, taskType } from './tasks.service';
import { projectTemplates } from './tasks.table';

type Input = z.output<typeof projectTemplateInputSchema>;
type Row = typeof projectTemplates.$inferSelect;
const kind = SETTINGS_KINDS.projectTemplate;
const DAY = 86_400_000;

const view = (r: Row): ProjectTemplate => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  tasks: r.tasks,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listProjectTemplates(db: Executor): Promise<ProjectTemplate[]> {
  return (await db.select().from(projectTemplates).orderBy(asc(projectTemplates.nameKey))).map(view);
}

export async function getProjectTemplate(db: Executor, id: string): Promise<ProjectTemplate> {
  const [row] = isUuid(id) ? await db.select().from(projectTemplates).where(eq(projectTemplates.id, id)) : [];
  if (!row) throw notFound('This project template does not exist.');
  return view(row);
}

/** Its history: the tasks as a person reads them ("Measure, day 2, the job's manager"). */
const audited = (t: ProjectTemplate) => ({
  name: t.name,
  description: t.description,
  tasks: t.tasks.map((task) => `${task.name} (day ${task.day})`).join('; '),
});

export async function createProjectTemplate(db: Executor, actor: AuditActor, input: Input) {
  const [row] = await db
    .insert(projectTemplates)
    .values({ ...input, firmId: actor.firmId, updatedBy: actor.userId })
    .returning()
    .catch(unlessNameTaken('template', input.name));
  const made = view(row!);
  await recordAudit(db, actor, { entityType: kind.key, entityId: made._id, action: 'create', after: audited(made) });
  return made;
}

export async function updateProjectTemplate(
  db: Executor,
  actor: AuditActor,
  id: string,
  input: Input & { version: number },
) {
  const before = await getProjectTemplate(db, id);
  const { version: _version, ...values } = input;
  const row = await updateVersioned(db, actor, projectTemplates, id, input.version, kind.noun, values).catch(
    unlessNameTaken('template', input.name),
  );
  const after = view(row as Row);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'update',
    version: after.version,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/** Tasks made from a template do not point at it: it can always go. */
export async function deleteProjectTemplate(db: Executor, actor: AuditActor, id: string) {
  const before = await getProjectTemplate(db, id);
  await db.delete(projectTemplates).where(eq(projectTemplates.id, id));
  await recordAudit(db, actor, { entityType: kind.key, entityId: id, action: 'delete', before: audited(before) });
}

/**
 * Who each role is on this job, looked up once: its manager and the first of its crew still on
 * the staff (nobody for someone who has left).
 */
async function roleHolders(db: Executor, job: { assignedTo: string | null; crew: string[] }) {
  const crew = job.crew.length
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(inArray(users.id, job.crew), eq(users.kind, 'staff'), eq(users.active, true), isNull(users.deletedAt)),
        )
    : [];
  const active = new Set(crew.map((u) => u.id));
  return {
    manager: await activeStaffOrNone(db, job.assignedTo),
    crew: job.crew.find((member) => active.has(member)) ?? null,
    nobody: null,
  } satisfies Record<TemplateTask['role'], string | null>;
}

/**
 * Gives a job the template's tasks: each due its day after the job's start, to the person its
 * role names, waiting on the tasks it waits on in the template, in the template's order. A job
 * without a start date is refused: the days count from it.
 */
export async function applyTemplate(db: Executor, actor: AuditActor, jobId: string, templateId: string) {
  const found = isUuid(templateId)
    ? await db.select().from(projectTemplates).where(eq(projectTemplates.id, templateId))
    : [];
  if (!found[0]) throw badRequest('Choose a template from the list.', { template: 'Choose a template from the list.' });
  const template = view(found[0]);
  const job = await customerJobType.findRow(db, jobId, true);
  if (!job.startDate)
    throw badRequest(`Give ${job.name} a start date first: the template's days count from it.`, {
      startDate: 'Give the job a start date first: the template’s days count from it.',
    });
  const start = Date.parse(job.startDate);
  const holders = await roleHolders(db, job);
  // Ids first, so a task can name the ones it waits on whatever their order.
  const ids = new Map(template.tasks.map((t) => [t.key, newId()]));
  for (const task of template.tasks) {
    await taskType.insert(db, actor, {
      id: ids.get(task.key)!,
      name: task.name,
      status: task.status,
      taskType: task.taskType,
      customerJobId: job.id,
      companyId: job.companyId,
      assignedTo: holders[task.role],
      dueDate: new Date(start + task.day * DAY).toISOString().slice(0, 10),
      priority: task.priority,
      checklist: task.checklist.map((text) => ({ text, done: false })),
      dependsOn: task.dependsOn.map((key) => ids.get(key)!),
      position: lastInColumn(actor.firmId, task.status),
      searchText: buildSearchText([task.name, task.taskType, job.name]),
    });
  }
  return { created: template.tasks.length };
}

/** The customer-job settings' `projectTemplate`: one of the firm's templates. */
export const projectTemplateSetting: SettingsReference = {
  message: 'Choose a template from the list.',
  exists: async (db, firmId, id) => {
    const [found] = await db
      .select({ id: projectTemplates.id })
      .from(projectTemplates)
      .where(and(eq(projectTemplates.id, id), eq(projectTemplates.firmId, firmId)));
    return Boolean(found);
  },
};
