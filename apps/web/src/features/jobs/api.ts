import { type CustomerJob, type CustomerJobInput, type JobTransition, KINDS } from '@atelier/contracts';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const customerJobs = recordResource<CustomerJob, CustomerJobInput>(KINDS.customer_job);

/** A move of the job's status (schedule, start, hold, complete, cancel, reopen). */
export const useJobStep = (id: string) =>
  customerJobs.useMutationOf(id, (step: JobTransition) => api<CustomerJob>('POST', `${customerJobs.path(id)}/${step}`));
