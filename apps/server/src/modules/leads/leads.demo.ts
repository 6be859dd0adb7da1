import { type LeadStatus, leadInputSchema, OPEN_LEAD_STATUSES, SETTINGS_GROUPS } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { addInteraction } from '../../platform/interactions/interactions.service';
import { demoStaff, HARBOR_PINE_ID, type Seed, seededRandom } from '../../platform/seeds/seeds';
import { saveSettings } from '../../platform/settings/settings.service';
import { ambassadors } from '../ambassadors';
import { setLeadStatus } from './lead-status';
import { leadColumns, leadType } from './leads.service';
import { ensureCaptureKey } from './web-leads';

const FIRST = [
  'Beatrice',
  'Callum',
  'Delphine',
  'Ezra',
  'Freya',
  'Gideon',
  'Hollis',
  'Imogen',
  'Jasper',
  'Keira',
  'Leopold',
  'Mirela',
  'Nico',
  'Ophelia',
  'Percy',
  'Rosalind',
  'Soren',
  'Tamsin',
  'Ulric',
  'Vera',
];
// Forty family names, so no two demo leads share a name by accident.
const LAST = `Whitcombe Ferreira Okonkwo Lindgren Castellanos Marchetti Nakagawa Barrows Quintero Halvorsen
  Adeyemi Stanton Vandermeer Drummond Albright Kimura Blackwood Oduya Fairweather Mancuso Achterberg Bellweather
  Calloway Dunmore Eastwick Farrow Galloway Hawthorne Ingleby Jessup Kettering Lockhart Merriweather Northcott
  Oakhurst Pennington Quarles Ravenscroft Stallworth Thistlewood`.split(/\s+/);
const MESSAGES = [
  'We just bought an older house and would love a quote for the kitchen.',
  'Could someone call me about built-ins for our den? Evenings are best.',
  'Looking for a designer for a small bathroom. Budget around $15k.',
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
  const r = seededRandom(20261122);
  const defaults = SETTINGS_GROUPS.leadSettings.defaults;
  const { staff, owner, actor } = await demoStaff(db, HARBOR_PINE_ID);
  const sales = staff.find((s) => s.email === 'sales@demo.test')!;
  const partners = (await db.select({ id: ambassadors.id }).from(ambassadors)).map((a) => a.id);
  await saveSettings(db, actor, 'leadSettings', { webLeadAssignee: sales.id });
  // The website form works from the start; the settings page shows its address.
  await ensureCaptureKey(db, HARBOR_PINE_ID, owner.id);

  const stages = SPREAD.flatMap(([status, n]) => Array.from({ length: n }, () => status));
  for (const [i, status] of stages.entries()) {
    const firstName = FIRST[i % FIRST.length]!;
    const lastName = LAST[i]!;
    const source = r.pick(defaults.sources);
    // Open leads in turn: a follow-up already missed (overdue), one due today or soon, one
    // later, none yet. Won and lost leads have nothing left to follow up.
    const offsets = [-r.int(1, 9), r.int(0, 3), r.int(4, 21), null];
    const offset = OPEN_LEAD_STATUSES.includes(status) ? offsets[i % offsets.length]! : null;
    const input = leadInputSchema.parse({
      firstName,
      lastName,
      companyName: r.chance(0.3) ? r.pick(BUSINESSES) : '',
      email: `${firstName}.${lastName}@mail.example`.toLowerCase(),
      phone: r.chance(0.8) ? `(207) 555-${String(r.int(1000, 9999))}` : '',
      source,
      estimatedValueCents: r.int(20, 600) * 100_00,
      assignedTo: r.chance(0.6) ? sales.id : r.chance(0.75) ? owner.id : null,
      ambassador: source === 'Referral' && partners.length ? r.pick(partners) : null,
      nextFollowUp: offset === null ? null : dayIn('America/New_York', offset),
      tags: r.chance(0.3) ? [r.pick(['Kitchen', 'Bath', 'Commercial', 'Spring project'])] : [],
      notes: r.chance(0.4) ? r.pick(PROJECTS) : '',
    });
    // Website leads arrived through the form, with what the visitor wrote.
    const id =
      source === 'Website'
        ? await leadType.insert(
            db,
            { firmId: HARBOR_PINE_ID, userId: null },
            { ...leadColumns(input), message: r.pick(MESSAGES) },
          )
        : (await leadType.create(db, actor, input))._id;
    // Through the pipeline stage by stage, as people would move it, so its history reads true.
    const path: LeadStatus[] =
      status === 'lost' ? [...PIPELINE.slice(1, r.int(1, 4)), 'lost'] : PIPELINE.slice(1, PIPELINE.indexOf(status) + 1);
    let version = 1;
    for (const step of path) {
      const lostReason = step === 'lost' ? r.pick(defaults.lostReasons) : '';
      ({ version } = await setLeadStatus(db, actor, id, { status: step, lostReason, version }));
    }
    if (i % 9 === 1) {
      await addInteraction(db, actor, 'lead', id, {
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
