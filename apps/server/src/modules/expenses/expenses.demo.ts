import { expenseInputSchema, moneyAccountInputSchema } from '@atelier/contracts';
import { asc, isNotNull } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { storeMadeFile } from '../../platform/files/files.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customerJobs } from '../jobs';
import { vendors } from '../vendors';
import { expenseType } from './expenses.service';
import { addMoneyAccount } from './money-accounts.service';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** A one-page receipt as a shop prints it, for the demo's expense to show. */
function receiptPdf(shop: string, lines: [string, number][], taxCents: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: [300, 420], margin: 24, info: { Title: `${shop} receipt` } });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    pdf.fontSize(14).text(shop, { align: 'center' }).moveDown(0.3);
    pdf.fontSize(8).text('Thank you for your business', { align: 'center' }).moveDown();
    pdf.fontSize(9);
    for (const [what, cents] of lines) pdf.text(`${what}  ${money(cents)}`, { align: 'right' });
    const subtotal = lines.reduce((s, [, c]) => s + c, 0);
    pdf.moveDown().text(`Subtotal  ${money(subtotal)}`, { align: 'right' });
    pdf.text(`Tax  ${money(taxCents)}`, { align: 'right' });
    pdf.fontSize(11).text(`Total  ${money(subtotal + taxCents)}`, { align: 'right' });
    pdf.end();
  });
}

/**
 * Harbor & Pine's money accounts and a few weeks of spending: materials and a subcontractor for
 * the kitchen remodel (billable to its customer, one with its receipt), fuel, tools, a team lunch
 * and office supplies. Only what the expenses module keeps: no invoice bills them yet.
 */
async function seedExpenses(db: Executor, storage: LocalFileStorage) {
  const { actor } = await demoStaff(db, HARBOR_PINE_ID);
  const account = async (name: string, type: 'bank' | 'card' | 'cash', lastFour = '') =>
    (await addMoneyAccount(db, actor, moneyAccountInputSchema.parse({ name, type, lastFour })))._id;
  const bank = await account('Operating account', 'bank', '0917');
  const card = await account('Company card', 'card', '4242');
  const cash = await account('Petty cash', 'cash');

  const suppliers = await db.select({ id: vendors.id }).from(vendors).orderBy(asc(vendors.nameKey)).limit(3);
  const jobs = await db
    .select({ id: customerJobs.id })
    .from(customerJobs)
    .where(isNotNull(customerJobs.customerId))
    .orderBy(asc(customerJobs.createdAt))
    .limit(2);
  const [kitchen, bath] = jobs.map((j) => j.id);
  const vendor = (i: number) => suppliers[i % Math.max(1, suppliers.length)]?.id ?? null;

  const spend = (input: Record<string, unknown>) =>
    expenseType.create(db, actor, expenseInputSchema.parse({ payee: '', ...input }));
  const materials = await spend({
    vendor: vendor(0),
    payee: vendor(0) ? '' : 'Coastal Lumber',
    category: 'Materials',
    amountCents: 1_284_50,
    taxCents: 70_65,
    date: day(-18),
    paidFrom: card,
    reference: 'INV-88213',
    notes: 'Walnut edge banding and brass pulls for the island, bought on the way to the site.',
    customerJob: kitchen ?? null,
    billable: Boolean(kitchen),
  });
  const pdf = await receiptPdf(
    materials.paidTo,
    [
      ['Walnut edge banding, 3 rolls', 46_50],
      ['Brass cup pulls, 24', 1_238_00],
    ],
    70_65,
  );
  const receipt = await storeMadeFile(db, storage, actor, {
    entity: { type: 'expense', id: materials._id },
    name: 'receipt-INV-88213.pdf',
    contentType: 'application/pdf',
    bytes: pdf,
  });
  await expenseType.update(db, actor, materials._id, {
    ...expenseInputSchema.parse({
      vendor: materials.vendor?._id ?? null,
      payee: materials.payee,
      category: materials.category,
      amountCents: materials.amountCents,
      taxCents: materials.taxCents,
      date: materials.date,
      paidFrom: card,
      reference: materials.reference,
      notes: materials.notes,
      receipt,
      customerJob: materials.customerJob?._id ?? null,
      billable: materials.billable,
    }),
    version: materials.version,
  });
  if (kitchen)
    await spend({
      payee: 'Reyes Electric',
      category: 'Subcontractors',
      amountCents: 2_150_00,
      date: day(-9),
      paidFrom: bank,
      reference: 'Check 2214',
      notes: 'Under-cabinet lighting circuit and the island outlets.',
      customerJob: kitchen,
      billable: true,
    });
  if (bath)
    await spend({
      vendor: vendor(1),
      payee: vendor(1) ? '' : 'Tile Depot',
      category: 'Materials',
      amountCents: 412_80,
      taxCents: 22_70,
      date: day(-4),
      paidFrom: card,
      reference: 'Order 5521',
      notes: 'Sample tiles for the client to choose from.',
      customerJob: bath,
    });
  await spend({ payee: 'Harbor Fuel', category: 'Fuel', amountCents: 86_40, date: day(-6), paidFrom: card });
  await spend({
    vendor: vendor(2),
    payee: vendor(2) ? '' : 'Tool Crib',
    category: 'Tools',
    amountCents: 349_00,
    taxCents: 19_20,
    date: day(-12),
    paidFrom: card,
    notes: 'A second track saw for the install crew.',
  });
  await spend({
    payee: 'Dockside Deli',
    category: 'Meals',
    amountCents: 64_25,
    date: day(-2),
    paidFrom: cash,
    notes: 'Lunch for the install crew.',
  });
  await spend({
    payee: 'Office Outfitters',
    category: 'Office',
    amountCents: 58_90,
    taxCents: 3_24,
    date: day(-20),
    paidFrom: bank,
  });
}

export const expensesDemo: Seed = {
  name: 'demo:expenses',
  run: (db, { storage }) => inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedExpenses(tx, storage)),
};
