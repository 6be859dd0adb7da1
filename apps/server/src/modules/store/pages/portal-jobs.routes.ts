import { IMAGE_TYPES } from '@atelier/contracts';
import { z } from 'zod';
import { contentDisposition } from '../../../platform/http/content-disposition';
import { notFound } from '../../../platform/http/errors';
import type { AnyRoute } from '../../../platform/http/routes';
import {
  portalFile,
  portalFiles,
  portalJob,
  portalJobContent,
  portalJobs,
  portalJobsContent,
  portalTasks,
} from './portal-jobs';
import { type Built, type CustomerRun, customerRoute, frameOf, sendStorePage } from './store-page';

const slug = z.string().max(100);
const NO_JOB = 'This job is not one of yours, or it no longer exists.';
const NO_FILE = 'This file is not shared with you, or it no longer exists.';
/** Jobs are the project-management module's: without it there is nothing here. */
const JOBS = { key: 'project_management', missing: NO_JOB };

const page = async (r: CustomerRun, built: Built) =>
  sendStorePage({ ...r, frame: await frameOf(r, r.store, r.customer) }, 200, built);

/** Shown in the page, not run: images and PDFs; anything else is saved. */
const INLINE = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type) || type === 'application/pdf';

export const portalJobRoutes: AnyRoute[] = [
  customerRoute({
    url: 'account/jobs',
    summary: 'The signed-in customer’s jobs (HTML): each one’s status and dates',
    params: z.strictObject({ slug }),
    feature: JOBS,
    run: async (r) => {
      const jobs = await portalJobs(r.db, r.customer);
      return page(r, {
        meta: { title: 'Your projects', description: 'Your projects', path: 'account/jobs', noindex: true },
        content: (frame) => portalJobsContent(frame, jobs),
      });
    },
  }),
  customerRoute({
    url: 'account/jobs/:id',
    summary: 'One of the signed-in customer’s jobs (HTML): its status, dates, schedule and the files shared with them',
    params: z.strictObject({ slug, id: z.string().max(100) }),
    feature: JOBS,
    run: async (r) => {
      const job = await portalJob(r.db, r.customer, r.params.id!);
      if (!job) throw notFound(NO_JOB);
      const [schedule, shared] = [await portalTasks(r.db, r.store, job.id), await portalFiles(r.db, job.id)];
      return page(r, {
        meta: { title: job.name, description: job.name, path: `account/jobs/${job.id}`, noindex: true },
        content: (frame) => portalJobContent(frame, job, schedule, shared),
      });
    },
  }),
  customerRoute({
    url: 'account/files/:id',
    summary: 'A file the firm shared with the signed-in customer, of one of their jobs',
    params: z.strictObject({ slug, id: z.string().max(100) }),
    produces: 'application/octet-stream',
    images: true,
    feature: JOBS,
    run: async ({ db, deps, reply, customer, params }) => {
      const file = await portalFile(db, customer, params.id!);
      if (!file) throw notFound(NO_FILE);
      const inline = INLINE(file.content_type);
      reply
        .header('content-type', file.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        // Stops showing once the firm stops sharing it: asked again each time.
        .header('cache-control', 'private, no-cache')
        // Shown, never run (decision 0039): no script in it, no page of ours around it.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      return deps.storage.read(file.storage_key);
    },
  }),
];
