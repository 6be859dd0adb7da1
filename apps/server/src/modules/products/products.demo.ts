import {
  type ProductInput,
  type ProductTemplateInput,
  productInputSchema,
  productTemplateInputSchema,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed, seededRandom } from '../../platform/seeds/seeds';
import { categories } from '../categories';
import { storeMadeImage } from './images.service';
import { productType } from './products.service';
import { createProductTemplate } from './templates.service';
import {
  createVariants,
  listVariants,
  repriceVariants,
  saveOptions,
  setVariantFilterValues,
  setVariantImage,
} from './variants.service';

/** A demo product, with the name of its subcategory (categories.demo). */
type Item = Omit<ProductInput, 'name' | 'priceCents' | 'category'> & { name: string; priceCents: number; in: string };

const code = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => (/^\d/.test(w) ? w : w.slice(0, 2).toUpperCase()))
    .join('');

/** Cabinets by line, type and width (their finishes, doors and hinges become options with variants). */
function cabinets(r: ReturnType<typeof seededRandom>): Item[] {
  const lines = [
    ['Harbor Shaker', 'HS', 1.0],
    ['Linden Slab', 'LS', 1.15],
    ['Pine Point Inset', 'PPI', 1.45],
  ] as const;
  const types = [
    ['Base cabinet', 'B', [9, 12, 15, 18, 21, 24, 27, 30, 33, 36], 34.5, 24, 1150, 'Base cabinets'],
    ['Drawer base', 'DB', [12, 15, 18, 21, 24, 30, 36], 34.5, 24, 1400, 'Base cabinets'],
    ['Sink base', 'SB', [30, 33, 36], 34.5, 24, 1250, 'Base cabinets'],
    ['Wall cabinet', 'W', [12, 15, 18, 21, 24, 27, 30, 33, 36], 30, 12, 900, 'Wall cabinets'],
    ['Tall pantry', 'TP', [18, 24], 84, 24, 2100, 'Tall cabinets'],
    ['Bath vanity', 'V', [24, 30, 36, 48, 60], 34.5, 21, 1300, 'Vanities'],
  ] as const;
  return lines.flatMap(([line, lineCode, factor]) =>
    types.flatMap(([type, typeCode, widths, height, depth, perFoot, category]) =>
      widths.map((width) => {
        const priceCents = Math.round((((perFoot * width) / 12) * factor + 120) / 5) * 500;
        return {
          name: `${line} ${type} ${width}″`,
          sku: `${lineCode}-${typeCode}${width}`,
          in: category,
          unit: 'each' as const,
          priceCents,
          costCents: Math.round(priceCents * 0.52),
          width,
          height,
          depth,
          weight: Math.round(width * 2.1 + r.int(5, 15)),
          tags: ['cabinets', line.toLowerCase()],
          description: `${type} from the ${line} line, ${width} inches wide, ${depth} inches deep. Plywood box, soft-close hardware.`,
        };
      }),
    ),
  );
}

/** Countertops priced by the square foot (a 30 sq ft minimum, rounded up to the half foot) or by length. */
function countertops(): Item[] {
  const quartz = [
    'Calacatta Drift',
    'Misty Carrara',
    'Pure White',
    'Concrete Grey',
    'Charcoal Soapstone',
    'Sandbar',
    'Statuario Gold',
    'Midnight Vein',
    'Oyster',
    'Fog',
  ];
  const granite = ['Absolute Black', 'Colonial White', 'Steel Grey', 'Blue Pearl'];
  const slab = (name: string, stone: string, priceCents: number): Item => ({
    name: `${stone} countertop, ${name}`,
    in: stone,
    sku: `CT-${code(stone)}-${code(name)}`,
    unit: 'sq_ft',
    priceCents,
    costCents: Math.round(priceCents * 0.55),
    pricing: { mode: 'area', minimum: 30, increment: 0.5 },
    depth: 1.25,
    tags: ['countertops', stone.toLowerCase()],
    description: `${stone}, 3 cm, fabricated and installed. Priced per square foot: 30 sq ft minimum, rounded up to the half foot.`,
  });
  const block = ['Maple', 'Walnut', 'White oak'].map(
    (wood): Item => ({
      name: `Butcher block countertop, ${wood}`,
      in: 'Butcher block',
      sku: `CT-BB-${code(wood)}`,
      unit: 'linear_ft',
      priceCents: wood === 'Walnut' ? 9_800 : 6_400,
      costCents: wood === 'Walnut' ? 5_900 : 3_700,
      pricing: { mode: 'length', minimum: 4, increment: 1 },
      width: 25,
      depth: 1.5,
      tags: ['countertops', 'wood'],
      description: `${wood} butcher block, 25 inches deep, 1.5 inches thick. Priced per linear foot, whole feet, 4 ft minimum.`,
    }),
  );
  return [
    ...quartz.map((name, i) => slab(name, 'Quartz', 7_900 + i * 600)),
    ...granite.map((name, i) => slab(name, 'Granite', 6_500 + i * 500)),
    ...block,
  ];
}

/** Tile sold by the box, each box covering its square feet. */
function tile(r: ReturnType<typeof seededRandom>): Item[] {
  const kinds = [
    ['Subway tile 3×6', 10.76, ['White gloss', 'Bone', 'Sage', 'Navy', 'Charcoal', 'Blush'], 'Wall tile'],
    ['Hex tile 2″', 8.6, ['Carrara', 'Black matte', 'White matte', 'Terracotta', 'Sage', 'Dove grey'], 'Mosaic'],
    [
      'Porcelain plank 8×48',
      15.5,
      ['Driftwood', 'Honey oak', 'Ash grey', 'Walnut', 'Smoked oak', 'Birch'],
      'Floor tile',
    ],
    ['Zellige 4×4', 5.38, ['Sea glass', 'Chalk', 'Ochre', 'Forest'], 'Wall tile'],
    ['Large format 24×24', 15.5, ['Concrete', 'Travertine', 'Statuario'], 'Floor tile'],
    ['Penny round', 9.8, ['White', 'Black', 'Mint'], 'Mosaic'],
  ] as const;
  return kinds.flatMap(([kind, covers, colours, category]) =>
    colours.map((colour): Item => {
      const priceCents = r.int(38, 140) * 100 - 1;
      return {
        name: `${kind}, ${colour}`,
        sku: `TL-${code(kind)}-${code(colour)}`,
        in: category,
        unit: 'box',
        coverage: { amount: covers, unit: 'sq_ft' },
        priceCents,
        costCents: Math.round(priceCents * 0.48),
        weight: Math.round(covers * 3.2),
        tags: ['tile'],
        description: `${kind} in ${colour.toLowerCase()}. One box covers ${covers} sq ft; order 10% extra for cuts.`,
      };
    }),
  );
}

/** Pulls, knobs, hinges, slides and fasteners (a screw costs a fraction of a cent more than 4). */
function hardware(): Item[] {
  const finishes = ['Matte black', 'Satin brass', 'Brushed nickel', 'Oil-rubbed bronze', 'Polished chrome'];
  const pulls = [3, 3.75, 5, 6.3, 8, 10, 12].flatMap((size) =>
    finishes.map(
      (finish, i): Item => ({
        name: `Bar pull ${size}″, ${finish.toLowerCase()}`,
        sku: `HW-BP${String(size).replace('.', '')}-${code(finish)}`,
        in: 'Pulls',
        unit: 'each',
        priceCents: 650 + Math.round(size * 90) + i * 50,
        costCents: 260 + Math.round(size * 35),
        width: size,
        tags: ['hardware', 'pulls'],
      }),
    ),
  );
  const knobs = finishes.map(
    (finish): Item => ({
      name: `Round knob 1¼″, ${finish.toLowerCase()}`,
      sku: `HW-KN-${code(finish)}`,
      in: 'Knobs',
      unit: 'each',
      priceCents: 545,
      costCents: 190,
      tags: ['hardware', 'knobs'],
    }),
  );
  const hinges = 'Hinges and slides';
  const other: Item[] = [
    {
      name: 'Soft-close hinge, full overlay',
      sku: 'HW-HG-FO',
      unit: 'pair',
      priceCents: 1_290,
      costCents: 480,
      in: hinges,
    },
    { name: 'Soft-close hinge, inset', sku: 'HW-HG-IN', unit: 'pair', priceCents: 1_490, costCents: 560, in: hinges },
    {
      name: 'Undermount drawer slide 21″',
      sku: 'HW-DS21',
      unit: 'pair',
      priceCents: 3_450,
      costCents: 1_640,
      in: hinges,
    },
    {
      name: 'Undermount drawer slide 18″',
      sku: 'HW-DS18',
      unit: 'pair',
      priceCents: 3_250,
      costCents: 1_550,
      in: hinges,
    },
    { name: 'Cabinet screw #8 × 1¼″', sku: 'HW-SC8125', unit: 'each', priceCents: 9, costCents: 4.3, in: 'Fasteners' },
    { name: 'Shelf pin, nickel', sku: 'HW-SP-NI', unit: 'each', priceCents: 12, costCents: 2.75, in: 'Fasteners' },
    { name: 'Toe-kick clip', sku: 'HW-TKC', unit: 'each', priceCents: 85, costCents: 31.5, in: 'Fasteners' },
  ].map((item) => ({ ...item, tags: ['hardware'] }) as Item);
  return [...pulls, ...knobs, ...other];
}

function lighting(r: ReturnType<typeof seededRandom>): Item[] {
  const kinds: Record<string, string> = {
    Pendant: 'Pendants',
    'Wall sconce': 'Sconces',
    'Flush mount': 'Ceiling',
    'Under-cabinet strip': 'Under-cabinet',
    Chandelier: 'Pendants',
    'Vanity bar': 'Sconces',
  };
  const styles = ['Halden', 'Mira', 'Orbit', 'Cove', 'Lumen', 'Arden', 'Tove', 'Sola'];
  return Object.entries(kinds).flatMap(([kind, category]) =>
    styles.map((style): Item => {
      const priceCents = r.int(9, 78) * 1000 - 5;
      return {
        name: `${style} ${kind.toLowerCase()}`,
        in: category,
        sku: `LT-${code(style)}-${code(kind)}`,
        unit: kind === 'Under-cabinet strip' ? 'linear_ft' : 'each',
        ...(kind === 'Under-cabinet strip' ? { pricing: { mode: 'length' as const, minimum: 1, increment: 1 } } : {}),
        priceCents: kind === 'Under-cabinet strip' ? 2_400 : priceCents,
        costCents: kind === 'Under-cabinet strip' ? 1_050 : Math.round(priceCents * 0.5),
        tags: ['lighting'],
      };
    }),
  );
}

function plumbing(r: ReturnType<typeof seededRandom>): Item[] {
  const kinds = [
    'Pull-down kitchen faucet',
    'Bridge faucet',
    'Bar faucet',
    'Widespread lavatory faucet',
    'Undermount sink 30″',
    'Farmhouse sink 33″',
    'Pot filler',
  ];
  const finishes = [
    'Matte black',
    'Brushed nickel',
    'Polished chrome',
    'Champagne bronze',
    'Stainless',
    'Brushed gold',
  ];
  return kinds.flatMap((kind) =>
    finishes.map((finish): Item => {
      const priceCents = r.int(18, 96) * 1000 - 1;
      return {
        name: `${kind}, ${finish.toLowerCase()}`,
        sku: `PL-${code(kind)}-${code(finish)}`,
        in: kind.includes('sink') ? 'Sinks' : 'Faucets',
        unit: 'each',
        priceCents,
        costCents: Math.round(priceCents * 0.55),
        tags: ['plumbing'],
      };
    }),
  );
}

/** The demo firm's catalog: about 300 products across what a kitchen and bath showroom sells. */
export const productsDemo: Seed = {
  name: 'demo:products',
  run: (db, context) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const r = seededRandom(20261126);
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const items = [...cabinets(r), ...countertops(), ...tile(r), ...hardware(), ...lighting(r), ...plumbing(r)];
      const tree = await tx.select({ id: categories.id, name: categories.name }).from(categories);
      const categoryOf = new Map(tree.map((c) => [c.name, c.id]));
      // "Finish: Walnut" → its id (filters.demo), and the values an item's name and category carry.
      const values = new Map(
        (
          await tx.execute<{ key: string; id: string }>(
            sql`SELECT lower(f.name || ': ' || fv.name) AS key, fv.id FROM filter_values fv JOIN filters f ON f.id = fv.filter_id`,
          )
        ).rows.map((v) => [v.key, v.id]),
      );
      const value = (filter: string, name: string) => values.get(`${filter}: ${name}`.toLowerCase());
      const facetsOf = (item: Item, category: string) =>
        [
          ...[...values.keys()]
            .filter((key) => key.startsWith('finish: ') && item.name.toLowerCase().includes(key.slice(8)))
            .map((key) => values.get(key)),
          value('Material', category),
          item.tags?.includes('cabinets')
            ? value('Door style', ['Shaker', 'Slab', 'Inset'].find((d) => item.name.includes(d)) ?? '')
            : undefined,
          item.in.includes('tile') || item.in === 'Mosaic'
            ? value('Material', item.name.includes('Porcelain') ? 'Porcelain' : 'Ceramic')
            : undefined,
        ].filter((id): id is string => Boolean(id));
      for (const [i, { in: category, ...item }] of items.entries()) {
        // A few are still being set up.
        const status = i % 37 === 5 ? 'draft' : 'active';
        // Some are on sale: their compare-at ("was") price a fifth above.
        const sale =
          i % 13 === 4 && !item.pricing ? { compareAtCents: Math.round((item.priceCents * 1.2) / 100) * 100 } : {};
        const parsed = productInputSchema.parse({
          status,
          ...item,
          ...sale,
          category: categoryOf.get(category) ?? null,
          filterValues: facetsOf({ in: category, ...item }, category),
        });
        await productType.create(tx, actor, parsed);
      }
      // A made-to-order cabinet: 12 widths × 4 finishes × 3 door styles × 2 hinge sides, all 288 made.
      const custom = await productType.create(
        tx,
        actor,
        productInputSchema.parse({
          name: 'Made-to-order base cabinet',
          sku: 'MTO-B',
          priceCents: 52_000,
          costCents: 27_000,
          depth: 24,
          height: 34.5,
          category: categoryOf.get('Base cabinets') ?? null,
          tags: ['cabinets', 'made to order'],
          description:
            '<p>Built to order in any width, finish, door style and hinge side. <strong>Six weeks</strong> from order.</p>' +
            '<ul><li><p>¾″ plywood box, dovetailed drawers</p></li><li><p>Soft-close hinges and full-extension slides</p></li>' +
            '<li><p>Adjustable shelf; toe kick 4½″</p></li></ul>',
        }),
      );
      const options = [
        { name: 'Width', values: [9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42].map((w) => `${w}″`) },
        { name: 'Finish', values: ['White', 'Walnut', 'Sage', 'Natural oak'] },
        { name: 'Door style', values: ['Shaker', 'Slab', 'Inset'] },
        { name: 'Hinge side', values: ['Left', 'Right'] },
      ];
      await saveOptions(tx, actor, custom._id, { options, archiveVariants: false, version: custom.version });
      const combinations = options.reduce<string[][]>(
        (acc, option) => acc.flatMap((c) => option.values.map((v) => [...c, v])),
        [[]],
      );
      await createVariants(tx, actor, custom._id, { combinations });
      // Wider cabinets cost more: each width's variants priced from the product's.
      const made = await listVariants(tx, custom._id);
      for (const [i, width] of options[0]!.values.entries()) {
        const ids = made.filter((v) => v.values[0] === width).map((v) => v._id);
        await repriceVariants(tx, actor, custom._id, { ids, by: 'percent', value: (i - 5) * 8 });
      }
      // Its finishes, as swatches: the images tab and the store have something true to show.
      const swatches: [string, string, string][] = [
        ['White', '#eeebe3', '#2b2b2b'],
        ['Walnut', '#5b3a29', '#f4efe6'],
        ['Sage', '#9caf88', '#1f2a1a'],
        ['Natural oak', '#c8a97e', '#2b2014'],
      ];
      for (const [finish, colour, ink] of swatches) {
        // The finish's colour with a faint grain (no text: fonts differ between machines).
        const grain = Array.from({ length: 24 }, (_, i) => {
          const y = 12 + i * 25 + ((i * 7) % 9);
          return `<path d="M0 ${y} C200 ${y - 8} 600 ${y + 8} 800 ${y}" stroke="${ink}" stroke-opacity="0.07" stroke-width="3" fill="none"/>`;
        }).join('');
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
          <rect width="800" height="600" fill="${colour}"/>${grain}</svg>`;
        const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
        const image = await storeMadeImage(tx, context.storage, actor, custom._id, {
          bytes,
          name: `${finish.toLowerCase().replace(' ', '-')}-swatch.jpg`,
          contentType: 'image/jpeg',
          alt: `${finish} finish swatch`,
        });
        // Each finish's variants show its swatch.
        const ids = made.filter((v) => v.values[1] === finish).map((v) => v._id);
        await setVariantImage(tx, actor, custom._id, { ids, image });
      }
      // Each variant matches the store's facets of its finish, door style and hinge side.
      for (const [axis, option] of options.slice(1).entries())
        for (const name of option.values) {
          const id = value(option.name, name);
          if (!id) continue;
          const ids = made.filter((v) => v.values[axis + 1] === name).map((v) => v._id);
          await setVariantFilterValues(tx, actor, custom._id, { ids, add: [id], remove: [] });
        }
    }),
};

/** The demo firm's templates: how its usual kinds of product start. */
export const productTemplatesDemo: Seed = {
  name: 'demo:product-templates',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const tree = await tx.select({ id: categories.id, name: categories.name }).from(categories);
      const categoryOf = (name: string) => tree.find((c) => c.name === name)?.id ?? null;
      const templates: ProductTemplateInput[] = [
        {
          name: 'Base cabinet',
          fields: {
            unit: 'each',
            category: categoryOf('Base cabinets'),
            height: 34.5,
            depth: 24,
            tags: ['cabinets'],
            description: 'Plywood box, soft-close hinges and slides, adjustable shelf.',
            options: [
              { name: 'Width', values: ['12″', '15″', '18″', '21″', '24″', '30″', '36″'] },
              { name: 'Finish', values: ['White', 'Walnut', 'Sage', 'Natural oak'] },
              { name: 'Door style', values: ['Shaker', 'Slab', 'Inset'] },
              { name: 'Hinge side', values: ['Left', 'Right'] },
            ],
          },
        },
        {
          name: 'Slab countertop',
          fields: {
            unit: 'sq_ft',
            pricing: { mode: 'area', minimum: 30, increment: 0.5 },
            category: categoryOf('Quartz'),
            depth: 1.25,
            tags: ['countertops'],
            description: 'Fabricated and installed; sink and cooktop cut-outs included.',
          },
        },
        {
          name: 'Tile by the box',
          fields: {
            unit: 'box',
            coverage: { amount: 10.76, unit: 'sq_ft' },
            category: categoryOf('Wall tile'),
            tags: ['tile'],
            description: 'One box covers 10.76 sq ft; order 10% extra for cuts.',
          },
        },
      ];
      for (const template of templates)
        await createProductTemplate(tx, actor, productTemplateInputSchema.parse(template));
    }),
};
