import { JOB_STATUS_LABELS, type JobStatus, KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isUuid } from '../../../db/ids';
import { files } from '../../../platform/files/files.table';
import { getSettingsGroup } from '../../../platform/settings/settings.service';
import { customerJobs } from '../../jobs';
import { tasks } from '../../tasks';
import type { Store, StoreCustomer } from '../customer-session';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { calendarDay } from './parts';
import { accountNav } from './portal-account';

/**
 * The customer portal's jobs (issue 25): a signed-in customer's own jobs, each with its status,
 * dates, its tasks' schedule and the files the firm shared with them. Only what a homeowner is
 * meant to see: never a job's notes, budget or crew, a task's description, checklist, assignee
 * or time, nor any file the firm did not share. Every query names the customer's own record as
 * well as running under the firm's row-level security: another customer of the same firm sees
 * nothing of these.
 */

const JOB_TYPE = KINDS.customer_job.key;

type JobRow = { id: string; name: string; status: JobStatus; start_date: string | null; end_date: string | null };
export type PortalJob = JobRow & { shared_files: number };
export type PortalTask = { name: string; due_date: string; done: boolean };
export type PortalFile = { id: string; name: string; content_type: string; size: number };

/** The customer's own jobs (not archived), soonest start first, with how many files each shares. */
export async function portalJobs(db: Executor, customer: StoreCustomer): Promise<PortalJob[]> {
  const result = await db.execute<PortalJob>(sql`
    SELECT j.id, j.name, j.status, j.start_date::text AS start_date, j.end_date::text AS end_date,
           (SELECT count(*)::int FROM ${files} f
             WHERE f.entity_type = ${JOB_TYPE} AND f.entity_id = j.id
               AND f.shared_at IS NOT NULL AND f.deleted_at IS NULL) AS shared_files
      FROM ${customerJobs} j
     WHERE j.customer_id = ${customer.customerId} AND j.archived_at IS NULL
     ORDER BY j.start_key, j.name_key, j.id
     LIMIT 100`);
  return result.rows;
}

/** One of the customer's own jobs, or null (another customer's, a malformed id, none such). */
export async function portalJob(db: Executor, customer: StoreCustomer, id: string): Promise<JobRow | null> {
  if (!isUuid(id)) return null;
  const result = await db.execute<JobRow>(sql`
    SELECT j.id, j.name, j.status, j.start_date::text AS start_date, j.end_date::text AS end_date
      FROM ${customerJobs} j
     WHERE j.id = ${id} AND j.customer_id = ${customer.customerId} AND j.archived_at IS NULL`);
  return result.rows[0] ?? null;
}

/**
 * The job's schedule: its tasks that have a date, by date, each done or not (done: in the
 * board's last column). Names and dates only.
 */
export async function portalTasks(db: Executor, store: Store, jobId: string): Promise<PortalTask[]> {
  const { statuses } = await getSettingsGroup(db, store.firmId, 'kanbanSettings');
  const last = statuses[statuses.length - 1] ?? '';
  const result = await db.execute<PortalTask>(sql`
    SELECT t.name, t.due_date::text AS due_date, t.status = ${last} AS done
      FROM ${tasks} t
     WHERE t.customer_job_id = ${jobId} AND t.archived_at IS NULL AND t.due_date IS NOT NULL
     ORDER BY t.due_date, t.position, t.id
     LIMIT 200`);
  return result.rows;
}

/** The files of the job the firm shared with its customer, most recently shared first. */
export async function portalFiles(db: Executor, jobId: string): Promise<PortalFile[]> {
  const result = await db.execute<PortalFile>(sql`
    SELECT f.id, f.name, f.content_type, f.size::float8 AS size
      FROM ${files} f
     WHERE f.entity_type = ${JOB_TYPE} AND f.entity_id = ${jobId}
       AND f.shared_at IS NOT NULL AND f.deleted_at IS NULL
     ORDER BY f.shared_at DESC, f.id
     LIMIT 200`);
  return result.rows;
}

/**
 * A file the customer may download: shared, not deleted, and attached to one of their own jobs
 * (not archived). Null for anything else, a malformed id included.
 */
export async function portalFile(db: Executor, customer: StoreCustomer, id: string) {
  if (!isUuid(id)) return null;
  const result = await db.execute<{ name: string; content_type: string; size: number; storage_key: string }>(sql`
    SELECT f.name, f.content_type, f.size::float8 AS size, f.storage_key
      FROM ${files} f JOIN ${customerJobs} j ON j.id = f.entity_id
     WHERE f.id = ${id} AND f.entity_type = ${JOB_TYPE}
       AND f.shared_at IS NOT NULL AND f.deleted_at IS NULL
       AND j.customer_id = ${customer.customerId} AND j.archived_at IS NULL`);
  return result.rows[0] ?? null;
}

const day = calendarDay;
const when = (d: string | null) => (d ? day(d) : 'Not set');
const status = (s: JobStatus) => JOB_STATUS_LABELS[s] ?? s;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** GET /store/{slug}/account/jobs: the customer's jobs. */
export function portalJobsContent(frame: PageFrame, jobs: PortalJob[]): Html {
  const { store } = frame;
  return html`${accountNav(frame, 'account/jobs')}
<h1>Your projects</h1>
${
  jobs.length
    ? html`<table class="cart"><thead><tr><th>Project</th><th>Status</th><th>Start</th><th>End</th><th class="num">Shared files</th></tr></thead><tbody>${jobs.map(
        (j) =>
          html`<tr><td><a href="${storeHref(store, `account/jobs/${j.id}`)}">${j.name}</a></td><td>${status(j.status)}</td><td>${when(j.start_date)}</td><td>${when(j.end_date)}</td><td class="num">${j.shared_files}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="muted">You have no projects with ${store.name} yet.</p>`
}`;
}

/** GET /store/{slug}/account/jobs/{id}: a job's status, dates, schedule and shared files. */
export function portalJobContent(frame: PageFrame, job: JobRow, schedule: PortalTask[], shared: PortalFile[]): Html {
  const { store } = frame;
  const href = (f: PortalFile) => storeHref(store, `account/files/${f.id}`);
  const images = shared.filter((f) => f.content_type.startsWith('image/'));
  const documents = shared.filter((f) => !f.content_type.startsWith('image/'));
  return html`${accountNav(frame, null)}
<p class="crumbs"><a href="${storeHref(store, 'account/jobs')}">Your projects</a></p>
<h1>${job.name}</h1>
<dl class="details"><dt>Status</dt><dd>${status(job.status)}</dd><dt>Start</dt><dd>${when(job.start_date)}</dd><dt>End</dt><dd>${when(job.end_date)}</dd></dl>
${
  schedule.length
    ? html`<h2>Schedule</h2><table class="cart"><thead><tr><th>Step</th><th>Date</th><th>Done</th></tr></thead><tbody>${schedule.map(
        (t) =>
          html`<tr><td>${t.name}</td><td>${day(t.due_date)}</td><td>${t.done ? html`<span class="stock">Done</span>` : html`<span class="muted">Not yet</span>`}</td></tr>`,
      )}</tbody></table>`
    : null
}
<h2>Photos and documents</h2>
${
  shared.length
    ? html`${
        images.length
          ? html`<ul class="tiles">${images.map(
              (f) =>
                html`<li><a href="${href(f)}"><img src="${href(f)}" alt="${f.name}" loading="lazy" width="300" height="200" style="object-fit:cover;width:100%;aspect-ratio:3/2"></a><br><span class="muted">${f.name}</span></li>`,
            )}</ul>`
          : null
      }${
        documents.length
          ? html`<ul>${documents.map(
              (f) =>
                html`<li><a href="${href(f)}">${f.name}</a> <span class="muted">${size(Number(f.size))}</span></li>`,
            )}</ul>`
          : null
      }`
    : html`<p class="muted">${store.name} has not shared any photos or documents of this project yet.</p>`
}`;
}
