import { customerJobInputSchema, KINDS, quoteInputSchema, taskInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { inScope } from '../../db/tenancy';
import { storeMadeFile } from '../../platform/files/files.service';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { customerJobType } from '../jobs';
import { quoteType } from '../quotes';
import { taskType } from '../tasks';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** A plain elevation of the mudroom's bench and lockers (shapes only: fonts differ between machines). */
async function elevation(): Promise<Buffer> {
  const lockers = [0, 1, 2, 3]
    .map(
      (i) => `<rect x="${90 + i * 160}" y="80" width="140" height="300" fill="none" stroke="#2b2b2b" stroke-width="4"/>
      <circle cx="${210 + i * 160}" cy="230" r="6" fill="#2b2b2b"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#f6f3ec"/>${lockers}
    <rect x="80" y="380" width="640" height="40" fill="#c8a97e" stroke="#2b2b2b" stroke-width="4"/>
    <rect x="80" y="420" width="640" height="120" fill="none" stroke="#2b2b2b" stroke-width="4"/>
    <line x1="80" y1="560" x2="720" y2="560" stroke="#9a5b2e" stroke-width="3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * What the demo customer (Casey Morgan, customer@demo.test) finds in the store's portal: a
 * mudroom job under way with its dated tasks and a drawing the firm shared, and a quote sent
 * for them to accept or decline (with an optional line).
 */
export const storePortalDemo: Seed = {
  name: 'demo:store-portal',
  run: (db, context) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const [casey] = (
        await tx.execute<{ id: string }>(sql`
          SELECT c.id FROM customers c JOIN users u ON u.id = c.user_id WHERE u.email = 'customer@demo.test'`)
      ).rows;
      if (!casey) return;
      const { owner, actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const job = await customerJobType.create(
        tx,
        actor,
        customerJobInputSchema.parse({
          customer: casey.id,
          name: 'Mudroom bench and lockers',
          site: { line1: '12 Harbor Street', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
          startDate: day(-10),
          endDate: day(25),
          manager: owner.id,
          tags: ['Built-ins'],
        }),
      );
      await customerJobType.transition(tx, actor, job._id, 'start');
      const { statuses } = await getSettingsGroup(tx, HARBOR_PINE_ID, 'kanbanSettings');
      const done = statuses[statuses.length - 1]!;
      const steps: [string, number, boolean][] = [
        ['Measure the mudroom', -9, true],
        ['Build the bench and lockers in the shop', 6, false],
        ['Install and finish on site', 20, false],
      ];
      for (const [name, due, finished] of steps)
        await taskType.create(
          tx,
          actor,
          taskInputSchema.parse({
            name,
            customerJob: { _id: job._id },
            dueDate: day(due),
            assignee: owner.id,
            ...(finished ? { status: done } : {}),
          }),
        );
      const drawing = await storeMadeFile(
        tx,
        context.storage,
        { firmId: HARBOR_PINE_ID, userId: owner.id },
        {
          entity: { type: KINDS.customer_job.key, id: job._id },
          name: 'Mudroom elevation.png',
          contentType: 'image/png',
          bytes: await elevation(),
        },
      );
      await tx.execute(sql`UPDATE files SET shared_at = now(), shared_by = ${owner.id} WHERE id = ${drawing}`);

      const items = (
        await tx.execute<{ id: string }>(sql`
          SELECT p.id FROM products p
           WHERE p.status = 'active' AND p.archived_at IS NULL AND p.pricing_mode = 'unit'
             AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
           ORDER BY p.name, p.id LIMIT 2`)
      ).rows;
      if (items.length < 2) return;
      const quote = await quoteType.create(
        tx,
        actor,
        quoteInputSchema.parse({
          customer: casey.id,
          customerJob: job._id,
          validUntil: day(30),
          lines: [
            { item: { type: 'product', id: items[0]!.id }, quantity: 4 },
            { item: { type: 'product', id: items[1]!.id }, quantity: 2, optional: true },
          ],
        }),
      );
      await quoteType.transition(tx, actor, quote._id, 'mark-sent');
    }),
};
