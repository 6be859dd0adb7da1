import { emailInputSchema } from '@atelier/contracts';
import { inArray } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { saveSettings } from '../../platform/settings/settings.service';
import { products } from '../products';
import { emailType } from './emails.service';

/**
 * The demo firm's sender (its name, reply-to and postal address) and one newsletter ready to
 * send, with three of its products. Nothing is sent: a send's results are only what happened.
 */
export const emailerDemo: Seed = {
  name: 'demo:emailer',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      await saveSettings(tx, actor, 'messagingSettings', {
        senderName: 'Harbor & Pine Interiors',
        replyTo: 'hello@harborpine.example',
        postalAddress: '214 Commercial Street\nPortland, ME 04101',
      });
      const picks = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.sku, ['CT-QU-CADR', 'TL-ZE44-SEGL', 'LT-HA-PE']));
      await emailType.create(
        tx,
        actor,
        emailInputSchema.parse({
          name: 'Spring open house',
          subject: '{{first_name}}, you are invited to our spring open house',
          preheader: 'New tile, stone and lighting in the showroom, Saturday 10–4',
          blocks: [
            { type: 'heading', text: 'Come and see what is new, {{first_name}}' },
            {
              type: 'text',
              html: '<p>Our showroom has new quartz, zellige tile and lighting for spring. Join us on Saturday from 10 to 4: our designers will be there to talk through your plans, with coffee and samples to take home.</p>',
            },
            ...(picks.length ? [{ type: 'products', products: picks.map((p) => p.id) }] : []),
            { type: 'button', label: 'Book a time with a designer', url: 'https://harborpine.example/visit' },
            { type: 'footer', text: 'Harbor & Pine Interiors · Design, cabinetry and remodelling' },
          ],
        }),
      );
    }),
};
