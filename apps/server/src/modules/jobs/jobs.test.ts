import type { CustomerJob } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let customer: { _id: string; company: { _id: string } | null };
let cedarCustomer: string;
let salesId: string;

const api = (method: string, url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method: method as 'GET', url: `/api/v1${url}`, cookie, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  // A customer of an account, so a job for them is that account's.
  const customers = (await api('GET', '/customers?limit=100')).json().items as {
    _id: string;
    company: { _id: string } | null;
  }[];
  customer = customers.find((c) => c.company) ?? customers[0]!;
  cedarCustomer = (await api('GET', '/customers?limit=1', undefined, cedar)).json().items[0]._id;
  const staff = (await api('GET', '/employees?limit=50')).json().items as { _id: string; email: string }[];
  salesId = staff.find((s) => s.email === 'sales@demo.test')!._id;
});
afterAll(() => t.close());

const newJob = async (body: Record<string, unknown> = {}) => {
  const r = await api('POST', '/customer-jobs', { customer: customer._id, name: 'Pantry built-ins', ...body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as CustomerJob;
};

describe('customer jobs', () => {
  it('keeps a job’s customer, its account, site, dates, budget, manager and crew', async () => {
    const job = await newJob({
      site: { line1: '12 Pine Street', city: 'Portland', region: 'ME', postalCode: '04101' },
      startDate: '2026-12-01',
      endDate: '2026-12-19',
      budgetRevenueCents: 24_000_00,
      budgetCostCents: 15_500_00,
      budgetHours: 120.5,
      manager: salesId,
      crew: [salesId, salesId],
    });
    expect(job).toMatchObject({
      status: 'planned',
      customer: { _id: customer._id },
      // The customer's account, when the job names none.
      company: customer.company ? { _id: customer.company._id } : null,
      site: { line1: '12 Pine Street', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: '' },
      budgetHours: 120.5,
      manager: { _id: salesId },
      crew: [{ _id: salesId }],
    });
  });

  it('takes its new customer’s account when its customer changes and no account is given', async () => {
    const all = (await api('GET', '/customers?limit=100')).json().items as (typeof customer)[];
    const loner = all.find((c) => !c.company)!;
    const job = await newJob({ customer: loner._id });
    expect(job.company).toBeNull();
    const moved = await api('PUT', `/customer-jobs/${job._id}`, {
      customer: customer._id,
      name: job.name,
      version: job.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().company?._id ?? null).toBe(customer.company?._id ?? null);
  });

  it('moves through its states by transitions, and refuses a move that does not apply with 409', async () => {
    const job = await newJob();
    const complete = await api('POST', `/customer-jobs/${job._id}/complete`);
    expect(complete.statusCode).toBe(409);
    expect(errorOf(complete).message).toBe('This job is planned: it cannot be completed now.');
    for (const [step, status] of [
      ['schedule', 'scheduled'],
      ['start', 'in_progress'],
      ['hold', 'on_hold'],
      ['start', 'in_progress'],
      ['complete', 'completed'],
      ['reopen', 'planned'],
      ['cancel', 'cancelled'],
    ] as const) {
      const r = await api('POST', `/customer-jobs/${job._id}/${step}`);
      expect(r.statusCode, `${step}: ${r.body}`).toBe(200);
      expect(r.json().status).toBe(status);
    }
    // A status is never set by an edit.
    const edit = await api('PUT', `/customer-jobs/${job._id}`, {
      customer: customer._id,
      name: 'Pantry built-ins',
      status: 'completed',
      version: (await api('GET', `/customer-jobs/${job._id}`)).json().version,
    });
    expect(edit.statusCode).toBe(400);
  });

  it('refuses another firm’s customer, a manager or crew who is not on the staff, and dates out of order', async () => {
    const foreign = await api('POST', '/customer-jobs', { customer: cedarCustomer, name: 'Not ours' });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toEqual({ customer: 'Choose a customer from the list.' });
    const stranger = await api('POST', '/customer-jobs', {
      customer: customer._id,
      name: 'Crew',
      crew: [customer._id],
    });
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).fields).toEqual({ crew: 'Choose an active member of your firm.' });
    const dates = await api('POST', '/customer-jobs', {
      customer: customer._id,
      name: 'Backwards',
      startDate: '2026-05-02',
      endDate: '2026-05-01',
    });
    expect(dates.statusCode).toBe(400);
    expect(errorOf(dates).fields).toEqual({ endDate: 'End on or after the start date.' });
  });

  it('keeps a customer with jobs from being deleted', async () => {
    const made = await api('POST', '/customers', { firstName: 'Jobbed', lastName: 'Customer' });
    expect(made.statusCode, made.body).toBe(201);
    await newJob({ customer: made.json()._id });
    const removed = await api('DELETE', `/customers/${made.json()._id}`);
    expect(removed.statusCode, removed.body).toBe(409);
  });
});

describe('projects', () => {
  it('are jobs without a customer: listed apart by a filter, and found by search as jobs', async () => {
    const made = await api('POST', '/customer-jobs', { name: 'Trade show booth', budgetCostCents: 3_000_00 });
    expect(made.statusCode, made.body).toBe(201);
    const project = made.json() as CustomerJob;
    expect(project).toMatchObject({ customer: null, company: null, project: true });
    const job = await newJob({ name: 'Trade show booth for a client' });
    expect(job.project).toBe(false);
    const list = async (project: string) => {
      const r = await api('GET', `/customer-jobs?q=trade%20show&filter[project][]=${project}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().items as { _id: string }[]).map((row) => row._id);
    };
    expect(await list('true')).toEqual([project._id]);
    expect(await list('false')).toEqual([job._id]);
    const found = (await api('GET', '/search?q=trade%20show&type=customer_job')).json().items as {
      _id: string;
      subtitle: string;
    }[];
    expect(found.find((f) => f._id === project._id)?.subtitle).toBe('Project');
    expect(found.map((f) => f._id).sort()).toEqual([project._id, job._id].sort());
  });

  it('refuses an account without a customer', async () => {
    const r = await api('POST', '/customer-jobs', {
      name: 'With an account',
      company: customer.company?._id ?? customer._id,
    });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({ company: 'A project has no account: choose a customer first.' });
  });
});
