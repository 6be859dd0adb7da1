import { type CustomerJob, type CustomerJobInput, type JobLabour, type JobTransition, KINDS } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const customerJobs = recordResource<CustomerJob, CustomerJobInput>(KINDS.customer_job);

/** A move of the job's status (schedule, start, hold, complete, cancel, reopen). */
export const useJobStep = (id: string) =>
  customerJobs.useMutationOf(id, (step: JobTransition) => api<CustomerJob>('POST', `${customerJobs.path(id)}/${step}`));

/** The hours worked on the job against its budget, their cost, and who worked them. */
export const useJobLabour = (id: string) =>
  useQuery({
    queryKey: [...customerJobs.detailsKey(id), 'labour'],
    queryFn: () => api<JobLabour>('GET', `${customerJobs.path(id)}/labour`),
  });
