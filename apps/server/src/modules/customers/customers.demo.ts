import { crc32, deflateSync } from 'node:zlib';
import {
  ambassadorInputSchema,
  COMPANY_TYPES,
  companyInputSchema,
  customerInputSchema,
  INTERACTION_KINDS,
} from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { storeMadeFile } from '../../platform/files/files.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { users } from '../../platform/identity/users.table';
import { interactions } from '../../platform/interactions/interactions.table';
import { CEDAR_ROW_ID, demoStaff, HARBOR_PINE_ID, type Seed, seededRandom } from '../../platform/seeds/seeds';
import { ambassadorType } from '../ambassadors';
import { companyType } from '../companies';
import { customerType } from './customers.service';
import { customers } from './customers.table';

const AMBASSADORS: [string, 'person' | 'business', number][] = [
  ['Coastline Realty Group', 'business', 5],
  ['Priya Raman Architecture', 'business', 7.5],
  ['Marcus Bell', 'person', 4],
  ['Elena Sokolova', 'person', 3.5],
  ['Harborview Home Staging', 'business', 6],
  ['Tom Okafor', 'person', 2.5],
];

const FIRST = [
  'Avery',
  'Jordan',
  'Morgan',
  'Riley',
  'Casey',
  'Quinn',
  'Harper',
  'Elliot',
  'Rowan',
  'Sage',
  'Emery',
  'Hayden',
  'Parker',
  'Reese',
  'Dakota',
  'Alex',
  'Taylor',
  'Jamie',
  'Lena',
  'Marco',
  'Priya',
  'Tomas',
  'Nadia',
  'Owen',
  'Grace',
  'Felix',
  'Ines',
  'Hugo',
  'Maya',
  'Theo',
  'Clara',
  'Ravi',
  'Lucia',
  'Samir',
  'Ingrid',
  'Kenji',
  'Amara',
  'Declan',
  'Noor',
  'Silas',
];
const LAST = [
  'Whitfield',
  'Okafor',
  'Lindqvist',
  'Castellano',
  'Brennan',
  'Nakamura',
  'Delacroix',
  'Haddad',
  'Sorensen',
  'Abernathy',
  'Moreau',
  'Kowalski',
  'Fitzgerald',
  'Vasquez',
  'Hartley',
  'Oyelaran',
  'Pemberton',
  'Larkin',
  'Duarte',
  'Caldwell',
  'Ashby',
  'Greer',
  'Montague',
  'Rasmussen',
  'Thornton',
  'Iverson',
  'Beaumont',
  'Sinclair',
  'Yilmaz',
  'Marsh',
];
const BUSINESS_A = [
  'Oak',
  'Birch',
  'Granite',
  'Harbor',
  'Summit',
  'Maple',
  'Ridge',
  'Lighthouse',
  'Cove',
  'Pine',
  'Copper',
  'Stone',
  'Willow',
  'Alder',
  'Anchor',
  'Beacon',
  'Juniper',
  'Quarry',
  'Hearth',
  'Foundry',
];
const BUSINESS_B = [
  'Builders',
  'Design Studio',
  'Homes',
  'Remodeling',
  'Cabinet Co.',
  'Interiors',
  'Construction',
  'Kitchen & Bath',
  'Architects',
  'Property Group',
  'Renovations',
  'Millwork',
];
const STREETS = [
  'Commercial Street',
  'Fore Street',
  'Congress Street',
  'Exchange Street',
  'Danforth Street',
  'Brackett Street',
  'Forest Avenue',
  'Ocean Avenue',
  'Baxter Boulevard',
  'Pleasant Street',
  'High Street',
  'Elm Street',
];
const CITIES: [string, string, string][] = [
  ['Portland', 'ME', '04101'],
  ['South Portland', 'ME', '04106'],
  ['Falmouth', 'ME', '04105'],
  ['Cape Elizabeth', 'ME', '04107'],
  ['Brunswick', 'ME', '04011'],
  ['Kennebunk', 'ME', '04043'],
  ['Portsmouth', 'NH', '03801'],
  ['Yarmouth', 'ME', '04096'],
];
const TAGS = ['VIP', 'Repeat', 'Designer', 'Net 30', 'Referral', 'Spring project', 'Kitchen', 'Bath', 'Showroom visit'];
const SOURCES = ['Referral', 'Website', 'Showroom visit', 'Social media', 'Repeat customer'];
const SUMMARIES: Record<(typeof INTERACTION_KINDS)[number], string[]> = {
  call: [
    'Called about cabinet lead times; they want delivery before the 15th.',
    'Discussed walnut versus white oak for the island.',
    'Left a voicemail about the revised quote.',
    'Confirmed measurements for the pantry wall.',
  ],
  email: [
    'Sent the finish samples catalogue and pricing sheet.',
    'Emailed the updated drawings with the wider range hood.',
    'Shared photos of the installed vanity for approval.',
    'Followed up on the unsigned estimate.',
  ],
  meeting: [
    'Site visit: measured the kitchen, noted a soffit above the window.',
    'Showroom meeting: chose shaker doors in sage green.',
    'Design review with the contractor; agreed on the appliance layout.',
    'Walk-through after install; two door fronts to adjust.',
  ],
  note: [
    'Prefers contact by text after 5pm.',
    'Budget is firm; suggest laminate counters as an option.',
    'Neighbour referred them after seeing our work.',
    'Dog in the house: close the gate.',
  ],
};

/** A one-page PDF with a title and a few lines, valid enough for any viewer. */
function makePdf(title: string, lines: string[]): Buffer {
  const pdfText = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    `BT /F1 18 Tf 72 720 Td (${pdfText(title)}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 11 Tf 72 ${690 - i * 16} Td (${pdfText(l)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small PNG of soft stripes in a colour: a stand-in for a site photo. */
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const shade = (Math.floor(y / 8) % 2) * 24;
    for (let x = 0; x < width; x++) {
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.min(255, rgb[i]! + shade);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const attach = (
  db: Executor,
  storage: LocalFileStorage,
  actor: Actor,
  entity: { type: string; id: string },
  name: string,
  contentType: string,
  bytes: Buffer,
) => storeMadeFile(db, storage, actor, { entity, name, contentType, bytes });

async function seedFirm(
  db: Executor,
  storage: LocalFileStorage,
  firmId: string,
  size: { companies: number; customers: number; interactions: number; files: number; ambassadors: number },
  seed: number,
  customerEmail?: string,
) {
  const r = seededRandom(seed);
  const { staff, owner, actor } = await demoStaff(db, firmId);
  const sales = staff.find((s) => s.email === 'sales@demo.test') ?? owner;
  const address = (kind: 'billing' | 'shipping' | 'job_site' | 'home') => {
    const [city, region, postalCode] = r.pick(CITIES);
    return { kind, line1: `${r.int(2, 480)} ${r.pick(STREETS)}`, city, region, postalCode, country: 'US' };
  };
  const phone = () => `(207) 555-${String(r.int(100, 9999)).padStart(4, '0')}`;

  const companyIds: string[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < size.companies; i++) {
    let name = `${r.pick(BUSINESS_A)} ${r.pick(BUSINESS_B)}`;
    while (usedNames.has(name)) name = `${r.pick(BUSINESS_A)} ${r.pick(BUSINESS_A)} ${r.pick(BUSINESS_B)}`;
    usedNames.add(name);
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
    const company = await companyType.create(
      db,
      actor,
      companyInputSchema.parse({
        name,
        type: r.pick(COMPANY_TYPES),
        phone: phone(),
        email: `office@${slug}.example`,
        website: `https://${slug}.example`,
        addresses: [
          address('billing'),
          ...(r.chance(0.5) ? [address('shipping')] : []),
          ...(r.chance(0.4) ? [address('job_site')] : []),
        ],
        assignedTo: r.chance(0.6) ? sales.id : r.chance(0.5) ? owner.id : null,
        tags: r.chance(0.5) ? [r.pick(TAGS)] : [],
        notes: r.chance(0.3) ? 'Prefers quotes by email; trade discount applies.' : '',
      }),
    );
    companyIds.push(company._id);
  }

  // Referral partners, from their own random stream so the rest of the demo data stays the same.
  const ra = seededRandom(seed + 7);
  const ambassadorIds: string[] = [];
  for (const [name, kind, percent] of AMBASSADORS.slice(0, size.ambassadors)) {
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
    const ambassador = await ambassadorType.create(
      db,
      actor,
      ambassadorInputSchema.parse({
        name,
        kind,
        email: `hello@${slug}.example`,
        phone: `(207) 555-${String(ra.int(100, 9999)).padStart(4, '0')}`,
        commissionPercent: percent,
        notes: kind === 'business' ? 'Refers clients buying or selling older homes.' : '',
      }),
    );
    ambassadorIds.push(ambassador._id);
  }

  const customerIds: string[] = [];
  for (let i = 0; i < size.customers; i++) {
    const first = i === 0 && customerEmail ? 'Casey' : r.pick(FIRST);
    const last = i === 0 && customerEmail ? 'Morgan' : r.pick(LAST);
    const email =
      i === 0 && customerEmail ? customerEmail : `${first}.${last}${r.int(1, 99)}@mail.example`.toLowerCase();
    const customer = await customerType.create(
      db,
      actor,
      customerInputSchema.parse({
        firstName: first,
        lastName: last,
        company: companyIds.length && r.chance(0.55) ? r.pick(companyIds) : null,
        ambassador: ambassadorIds.length && ra.chance(0.12) ? ra.pick(ambassadorIds) : null,
        emails: [
          { label: 'Personal', email },
          ...(r.chance(0.2) ? [{ label: 'Work', email: `${first}@work.example`.toLowerCase() }] : []),
        ],
        phones: [{ label: 'Mobile', number: phone() }, ...(r.chance(0.3) ? [{ label: 'Home', number: phone() }] : [])],
        addresses: [address(r.chance(0.5) ? 'home' : 'job_site')],
        assignedTo: r.chance(0.7) ? sales.id : null,
        source: r.pick(SOURCES),
        tags: r.chance(0.4) ? [r.pick(TAGS)] : [],
      }),
    );
    customerIds.push(customer._id);
    if (r.chance(0.5)) {
      await db
        .update(customers)
        .set({ marketingConsent: true, consentAt: new Date(Date.now() - r.int(1, 300) * 86_400_000) })
        .where(eq(customers.id, customer._id));
    }
  }
  if (customerEmail) {
    // The demo customer's store login belongs to the first customer record.
    const [login] = await db.select({ id: users.id }).from(users).where(eq(users.email, customerEmail));
    if (login) await db.update(customers).set({ userId: login.id }).where(eq(customers.id, customerIds[0]!));
  }

  const records = [
    ...companyIds.map((id) => ({ type: 'company', id })),
    ...customerIds.map((id) => ({ type: 'customer', id })),
  ];
  const day = 86_400_000;
  const rows = Array.from({ length: size.interactions }, (_, i) => {
    const kind = r.pick(INTERACTION_KINDS);
    const record = r.pick(records);
    const author = r.chance(0.7) ? sales : owner;
    // Some of Sam's follow-ups fall due around today, so his home page has some to show.
    const followUp =
      i < 12 && author === sales
        ? new Date(Date.now() + (i - 5) * day).toISOString().slice(0, 10)
        : r.chance(0.15)
          ? new Date(Date.now() - r.int(20, 90) * day).toISOString().slice(0, 10)
          : null;
    return {
      firmId,
      entityType: record.type,
      entityId: record.id,
      kind,
      occurredAt: new Date(Date.now() - r.int(1, 180) * day - r.int(0, 86_000) * 1000),
      authorId: author.id,
      summary: r.pick(SUMMARIES[kind]),
      followUpOn: followUp,
      followUpDoneAt:
        followUp && followUp < new Date(Date.now() - 10 * day).toISOString().slice(0, 10) ? new Date() : null,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insert(interactions).values(rows.slice(i, i + 200));

  for (let i = 0; i < size.files; i++) {
    const record = r.pick(records);
    if (r.chance(0.6)) {
      const title = r.pick(['Estimate', 'Signed estimate', 'Site notes', 'Cabinet specification', 'Delivery note']);
      const pdf = makePdf(`${title} ${1000 + i}`, [
        'Harbor & Pine Interiors',
        `Prepared ${new Date(Date.now() - r.int(1, 120) * day).toDateString()}`,
        'Thank you for your business.',
      ]);
      await attach(
        db,
        storage,
        actor,
        record,
        `${title.toLowerCase().replace(/ /g, '-')}-${1000 + i}.pdf`,
        'application/pdf',
        pdf,
      );
    } else {
      const png = makePng(160, 120, [r.int(90, 200), r.int(90, 200), r.int(90, 200)]);
      await attach(db, storage, actor, record, `site-photo-${i + 1}.png`, 'image/png', png);
    }
  }
}

/** Accounts, customers, interactions and files for both demo firms. */
export const customersDemoSeed: Seed = {
  name: 'demo:records',
  run: async (db, { storage }) => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, (tx) =>
      seedFirm(
        tx,
        storage,
        HARBOR_PINE_ID,
        { companies: 60, customers: 250, interactions: 320, files: 120, ambassadors: 6 },
        20261121,
        'customer@demo.test',
      ),
    );
    await inScope(db, { firmId: CEDAR_ROW_ID }, (tx) =>
      seedFirm(
        tx,
        storage,
        CEDAR_ROW_ID,
        { companies: 5, customers: 12, interactions: 10, files: 3, ambassadors: 1 },
        4242,
      ),
    );
  },
};
