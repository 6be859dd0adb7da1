import { type LeadStatus, leadInputSchema, OPEN_LEAD_STATUSES, P, SETTINGS_GROUPS } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { inScope } from '../db/tenancy';
import { ambassadors } from '../modules/ambassadors/ambassadors.table';
import { addInteraction } from '../modules/interactions/interactions.service';
import { setLeadStatus } from '../modules/leads/lead-status';
import { createLead } from '../modules/leads/leads.service';
import { ensureCaptureKey } from '../modules/leads/web-leads';
import { users } from '../modules/users/users.table';
import type { Actor } from '../platform/http/access';
import { saveSettings } from '../platform/settings/settings.service';
import { HARBOR_PINE_ID } from './demo';
import { random } from './demo-records';
import type { Seed } from './registry';

const PEOPLE: [string, string][] = [
  ['Beatrice', 'Whitcombe'],
  ['Callum', 'Ferreira'],
  ['Delphine', 'Okonkwo'],
  ['Ezra', 'Lindgren'],
  ['Freya', 'Castellanos'],
  ['Gideon', 'Marchetti'],
  ['Hollis', 'Nakagawa'],
  ['Imogen', 'Barrows'],
  ['Jasper', 'Quintero'],
  ['Keira', 'Halvorsen'],
  ['Leopold', 'Adeyemi'],
  ['Mirela', 'Stanton'],
  ['Nico', 'Vandermeer'],
  ['Ophelia', 'Drummond'],
  ['Percy', 'Albright'],
  ['Rosalind', 'Kimura'],
  ['Soren', 'Blackwood'],
  ['Tamsin', 'Oduya'],
  ['Ulric', 'Fairweather'],
  ['Vera', 'Mancuso'],
];
const BUSINESSES = ['Tidewater Dental', 'Old Port Bakery', 'Casco Bay Yoga', 'Fore River Law', 'Bramble Café'];
const PROJECTS = [
  'Full kitchen remodel with an island',
  'Primary bath refresh: vanity, tile and lighting',
  'Built-in bookshelves for the living room',
  'Mudroom cabinets and a bench',
  'Reception desk and waiting area',
  'Basement family room with a wet bar',
];
// How many of the 40 leads stand at each stage.
const SPREAD: [LeadStatus, number][] = [
  ['new', 8],
  ['contacted', 8],
  ['qualified', 7],
  ['proposal', 7],
  ['won', 5],
  ['lost', 5],
];
const PIPELINE: LeadStatus[] = ['new', 'contacted', 'qualified', 'proposal', 'won'];
const DAY = 86_400_000;

/** Today in a time zone, as YYYY-MM-DD, shifted by whole days. */
const dayIn = (timeZone: string, offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + offset * DAY));

async function seedLeads(db: Executor) {
  const r = random(20261122);
  const defaults = SETTINGS_GROUPS.leadSettings.defaults;
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.kind, 'staff'));
  const owner = staff.find((s) => s.email === 'owner@demo.test')!;
  const sales = staff.find((s) => s.email === 'sales@demo.test')!;
  const partners = (await db.select({ id: ambassadors.id }).from(ambassadors)).map((a) => a.id);
  const actor: Actor = {
    sessionId: '',
    firmId: HARBOR_PINE_ID,
    userId: owner.id,
    impersonatorId: null,
    kind: 'staff',
    codes: [P.SUPER_ADMIN],
    features: [],
  };
  await saveSettings(db, actor, 'leadSettings', { webLeadAssignee: sales.id });
  // The website form works from the start; the settings page shows its address.
  await ensureCaptureKey(db, HARBOR_PINE_ID, owner.id);

  const stages = SPREAD.flatMap(([status, n]) => Array.from({ length: n }, () => status));
  for (const [i, status] of stages.entries()) {
    const [first, last] = PEOPLE[i % PEOPLE.length]!;
    const lastName = i < PEOPLE.length ? last : `${last}-${PEOPLE[(i * 7) % PEOPLE.length]![1]}`;
    const source = r.pick(defaults.sources);
    const open = OPEN_LEAD_STATUSES.includes(status);
    // Open leads: some follow-ups already missed (overdue), some today or soon, some unset.
    const followUp =
      open && r.chance(0.8) ? dayIn('America/New_York', i % 5 === 0 ? -r.int(1, 9) : r.int(0, 14)) : null;
    const lead = await createLead(
      db,
      actor,
      leadInputSchema.parse({
        firstName: first,
        lastName,
        companyName: r.chance(0.3) ? r.pick(BUSINESSES) : '',
        email: `${first}.${lastName}@mail.example`.toLowerCase(),
        phone: r.chance(0.8) ? `(207) 555-${String(r.int(1000, 9999))}` : '',
        source,
        estimatedValueCents: r.int(20, 600) * 100_00,
        assignedTo: r.chance(0.6) ? sales.id : r.chance(0.75) ? owner.id : null,
        ambassador: source === 'Referral' && partners.length ? r.pick(partners) : null,
        nextFollowUp: followUp,
        tags: r.chance(0.3) ? [r.pick(['Kitchen', 'Bath', 'Commercial', 'Spring project'])] : [],
        notes: r.chance(0.4) ? r.pick(PROJECTS) : '',
      }),
    );
    // Through the pipeline stage by stage, as people would move it, so its history reads true.
    const path: LeadStatus[] =
      status === 'lost' ? [...PIPELINE.slice(1, r.int(1, 4)), 'lost'] : PIPELINE.slice(1, PIPELINE.indexOf(status) + 1);
    for (const step of path) {
      const lostReason = step === 'lost' ? r.pick(defaults.lostReasons) : '';
      await setLeadStatus(db, actor, lead._id, { status: step, lostReason });
    }
    if (i % 9 === 1) {
      await addInteraction(db, actor, 'lead', lead._id, {
        kind: 'call',
        occurredAt: new Date(Date.now() - r.int(1, 20) * DAY).toISOString(),
        summary: `Introductory call: ${r.pick(PROJECTS).toLowerCase()}.`,
        followUpOn: null,
        followUpDone: false,
      });
    }
  }
}

/** Harbor & Pine's pipeline: 40 leads at every stage. Cedar Row has no lead management, so none. */
export const leadsDemoSeed: Seed = {
  name: 'demo:leads',
  run: async (db) => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedLeads(tx));
  },
};
