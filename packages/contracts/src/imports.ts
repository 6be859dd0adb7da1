import { z } from 'zod';
import { P, type PermissionCode } from './permissions';
import { personRefSchema, recordMetaShape, rowMetaShape } from './records';

/**
 * What can be imported, each with its page under /p/importer (spec section 2) and the import
 * code that lets a person run one (42–47). Listed in the spec's order; a kind is here once its
 * import is built.
 */
export const IMPORT_KINDS = [
  'product',
  'material',
  'vendor',
  'category',
  'collection',
  'price_list',
  'opening_stock',
  'customer',
  'company',
  'tag',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * How a field's cells are read: text as it is; money in dollars (to cents); a cost in dollars to
 * four decimals; a measure to four decimals; a choice by its label or key; a category path
 * ("Cabinets > Base"); a list split on commas or semicolons; web addresses split on spaces,
 * semicolons or bars (a comma may be part of one).
 */
export type ImportFieldType = 'text' | 'money' | 'cost' | 'measure' | 'choice' | 'path' | 'list' | 'urls';

/** A field a file's column may fill: its key, its label (an export's heading), and other names people give it. */
export type ImportField = {
  key: string;
  label: string;
  type: ImportFieldType;
  synonyms?: readonly string[];
  /** A row without it is an error (the field the rows are matched by, a name). */
  required?: boolean;
  /** What the mapping step says under the field. */
  hint?: string;
};

export type ImportKindInfo = {
  label: string;
  plural: string;
  /** Its page: /p/importer/{segment}/{id}, as the spec names them. */
  segment: string;
  code: PermissionCode;
  /** What rows are matched to existing records by, for updates. */
  matchBy: string;
  fields: readonly ImportField[];
  /** A kind that only changes records there are (tags onto products): no choice of mode. */
  updatesOnly?: true;
  /** Its upload page is /p/importer/{segment} itself, as the spec names it (tags), not …/new. */
  uploadAtSegment?: true;
};

/** Options a products file may give its variants in: Option1 Name, Option1 Value… as most stores export them. */
export const IMPORT_OPTIONS = 3;

// One row per variant: its options' values (their names on any row of the product), its own SKU, price, cost and barcode.
const VARIANT_FIELDS: readonly ImportField[] = [
  ...Array.from({ length: IMPORT_OPTIONS }, (_, i) => [
    {
      key: `option${i + 1}Name`,
      label: `Option${i + 1} Name`,
      type: 'text' as const,
      synonyms: [`option ${i + 1} name`, `option ${i + 1}`],
      ...(i === 0 ? { hint: 'Finish, Width…: on any of the product’s rows.' } : {}),
    },
    {
      key: `option${i + 1}Value`,
      label: `Option${i + 1} Value`,
      type: 'text' as const,
      synonyms: [`option ${i + 1} value`],
      ...(i === 0 ? { hint: 'Each row is the variant with these values.' } : {}),
    },
  ]).flat(),
  {
    key: 'variantSku',
    label: 'Variant SKU',
    type: 'text',
    synonyms: ['variant code', 'child sku'],
    hint: 'Left blank, a new variant’s SKU is made from the product’s.',
  },
  { key: 'variantPrice', label: 'Variant price', type: 'money', synonyms: ['variant retail price'] },
  { key: 'variantCost', label: 'Variant cost', type: 'cost', synonyms: ['cost per item', 'variant unit cost'] },
  {
    key: 'variantBarcode',
    label: 'Variant barcode',
    type: 'text',
    synonyms: ['barcode', 'upc', 'ean', 'gtin', 'variant upc'],
  },
];

const PRODUCT_FIELDS: readonly ImportField[] = [
  {
    key: 'sku',
    label: 'SKU',
    type: 'text',
    required: true,
    synonyms: [
      'item number',
      'item no',
      'item #',
      'part number',
      'part no',
      'product code',
      'code',
      'article',
      'ref',
      'handle',
      'parent handle',
      'product handle',
      'parent sku',
    ],
    hint: 'Each row’s product is found by its SKU. With options, the rows of one SKU (a parent handle) are its variants.',
  },
  {
    key: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    synonyms: ['product name', 'title', 'product', 'item name', 'item'],
  },
  {
    key: 'description',
    label: 'Description',
    type: 'text',
    synonyms: ['body', 'body html', 'details', 'long description'],
  },
  {
    key: 'status',
    label: 'Status',
    type: 'choice',
    synonyms: ['state', 'availability'],
    hint: 'For sale (active) or Draft.',
  },
  { key: 'unit', label: 'Unit', type: 'choice', synonyms: ['uom', 'unit of measure', 'sell unit', 'sold by'] },
  {
    key: 'priceCents',
    label: 'Price',
    type: 'money',
    synonyms: ['sell price', 'selling price', 'retail', 'retail price', 'msrp', 'unit price', 'list price'],
  },
  {
    key: 'compareAtCents',
    label: 'Compare-at price',
    type: 'money',
    synonyms: ['compare at price', 'was price', 'regular price', 'variant compare at price'],
  },
  {
    key: 'costCents',
    label: 'Cost',
    type: 'cost',
    synonyms: ['unit cost', 'cost price', 'purchase price', 'net price', 'dealer price', 'wholesale'],
  },
  { key: 'taxClass', label: 'Tax class', type: 'text', synonyms: ['tax', 'tax code', 'tax category'] },
  {
    key: 'category',
    label: 'Category',
    type: 'path',
    synonyms: ['category path', 'product category', 'product type', 'department'],
    hint: 'A path like Cabinets > Base; the category must exist.',
  },
  { key: 'tags', label: 'Tags', type: 'list', synonyms: ['keywords', 'labels'] },
  { key: 'width', label: 'Width', type: 'measure', synonyms: ['width in', 'w'] },
  { key: 'height', label: 'Height', type: 'measure', synonyms: ['height in', 'h'] },
  { key: 'depth', label: 'Depth', type: 'measure', synonyms: ['depth in', 'd', 'length'] },
  { key: 'weight', label: 'Weight', type: 'measure', synonyms: ['weight lb', 'weight lbs', 'grams', 'variant weight'] },
  {
    key: 'imageUrls',
    label: 'Image URLs',
    type: 'urls',
    synonyms: [
      'image src',
      'image url',
      'image',
      'images',
      'image urls',
      'photo',
      'photos',
      'picture',
      'variant image',
    ],
    hint: 'Web addresses of the product’s images: fetched after the import; one that fails is listed on the import.',
  },
  ...VARIANT_FIELDS,
];

const MATERIAL_FIELDS: readonly ImportField[] = [
  {
    key: 'sku',
    label: 'SKU',
    type: 'text',
    required: true,
    synonyms: ['item number', 'item no', 'item #', 'part number', 'part no', 'material code', 'code'],
    hint: 'Each row’s material is found by its SKU.',
  },
  {
    key: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    synonyms: ['material', 'material name', 'title', 'item'],
  },
  { key: 'description', label: 'Description', type: 'text', synonyms: ['details'] },
  { key: 'unit', label: 'Unit', type: 'choice', synonyms: ['uom', 'unit of measure'] },
  { key: 'costCents', label: 'Cost', type: 'cost', synonyms: ['unit cost', 'cost price', 'price', 'purchase price'] },
  { key: 'tags', label: 'Tags', type: 'list', synonyms: ['keywords', 'labels'] },
];

const VENDOR_FIELDS: readonly ImportField[] = [
  {
    key: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    synonyms: ['vendor', 'vendor name', 'supplier', 'supplier name', 'company', 'company name'],
    hint: 'Each row’s vendor is found by its name.',
  },
  { key: 'contactName', label: 'Contact', type: 'text', synonyms: ['contact name', 'rep', 'sales rep', 'attention'] },
  { key: 'email', label: 'Email', type: 'text', synonyms: ['e-mail', 'email address', 'orders email'] },
  { key: 'phone', label: 'Phone', type: 'text', synonyms: ['telephone', 'tel', 'phone number'] },
  { key: 'website', label: 'Website', type: 'text', synonyms: ['web', 'url', 'site', 'web site'] },
  {
    key: 'accountNumber',
    label: 'Account number',
    type: 'text',
    synonyms: ['account', 'account no', 'customer number'],
  },
  {
    key: 'paymentTermsDays',
    label: 'Terms (days)',
    type: 'measure',
    synonyms: ['terms', 'payment terms', 'net days'],
    hint: 'Whole days.',
  },
  {
    key: 'leadTimeDays',
    label: 'Lead time (days)',
    type: 'measure',
    synonyms: ['lead time', 'lead days'],
    hint: 'Whole days.',
  },
  { key: 'tags', label: 'Tags', type: 'list', synonyms: ['keywords', 'labels'] },
  { key: 'notes', label: 'Notes', type: 'text', synonyms: ['comments', 'remarks'] },
];

// A record's one address from a file: street, city… (the first address of the record it updates).
const ADDRESS_FIELDS: readonly ImportField[] = [
  {
    key: 'line1',
    label: 'Street',
    type: 'text',
    synonyms: ['address', 'address 1', 'address line 1', 'street address', 'billing address 1'],
    hint: 'With the city, the record’s address (on an update, its first address).',
  },
  { key: 'line2', label: 'Street line 2', type: 'text', synonyms: ['address 2', 'address line 2', 'suite', 'unit'] },
  { key: 'city', label: 'City', type: 'text', synonyms: ['town', 'billing city'] },
  { key: 'region', label: 'State', type: 'text', synonyms: ['state', 'province', 'region', 'county', 'billing state'] },
  {
    key: 'postalCode',
    label: 'ZIP',
    type: 'text',
    synonyms: ['zip', 'zip code', 'postcode', 'postal code', 'billing zip'],
  },
  { key: 'country', label: 'Country', type: 'text', synonyms: ['country code', 'billing country'] },
];

const CUSTOMER_FIELDS: readonly ImportField[] = [
  {
    key: 'email',
    label: 'Email',
    type: 'text',
    synonyms: ['email address', 'e-mail', 'primary email'],
    hint: 'Each row’s customer is found by their email; a row without one is a new customer.',
  },
  { key: 'firstName', label: 'First name', type: 'text', synonyms: ['first', 'given name', 'forename'] },
  { key: 'lastName', label: 'Last name', type: 'text', synonyms: ['last', 'surname', 'family name'] },
  {
    key: 'name',
    label: 'Name',
    type: 'text',
    synonyms: ['full name', 'customer name', 'customer', 'contact name', 'contact'],
    hint: 'Split at its last space when there are no first and last name columns.',
  },
  { key: 'phone', label: 'Phone', type: 'text', synonyms: ['phone number', 'telephone', 'mobile', 'cell'] },
  {
    key: 'company',
    label: 'Account',
    type: 'text',
    synonyms: ['company', 'company name', 'account name', 'organization', 'business'],
    hint: 'An account of this name: it must exist (import accounts first).',
  },
  ...ADDRESS_FIELDS,
  { key: 'source', label: 'Source', type: 'text', synonyms: ['lead source', 'referral source', 'how heard'] },
  { key: 'tags', label: 'Tags', type: 'list', synonyms: ['keywords', 'labels', 'groups'] },
  { key: 'notes', label: 'Notes', type: 'text', synonyms: ['comments', 'remarks', 'note'] },
];

const COMPANY_FIELDS: readonly ImportField[] = [
  {
    key: 'name',
    label: 'Account',
    type: 'text',
    required: true,
    synonyms: ['name', 'account name', 'company', 'company name', 'business name', 'organization'],
    hint: 'Each row’s account is found by its name.',
  },
  {
    key: 'type',
    label: 'Type',
    type: 'choice',
    synonyms: ['account type', 'company type', 'customer type'],
    hint: 'Trade, Retail, Wholesale or Contractor; new accounts without one are Retail.',
  },
  { key: 'email', label: 'Email', type: 'text', synonyms: ['email address', 'e-mail'] },
  { key: 'phone', label: 'Phone', type: 'text', synonyms: ['phone number', 'telephone', 'main phone'] },
  { key: 'website', label: 'Website', type: 'text', synonyms: ['web', 'url', 'web site', 'homepage'] },
  ...ADDRESS_FIELDS,
  { key: 'tags', label: 'Tags', type: 'list', synonyms: ['keywords', 'labels'] },
  { key: 'notes', label: 'Notes', type: 'text', synonyms: ['comments', 'remarks'] },
];

const TAG_FIELDS: readonly ImportField[] = [
  {
    key: 'sku',
    label: 'SKU',
    type: 'text',
    required: true,
    synonyms: ['product sku', 'item number', 'product code', 'handle'],
    hint: 'The product whose tags the row adds to.',
  },
  {
    key: 'tags',
    label: 'Tags',
    type: 'list',
    required: true,
    synonyms: ['tag', 'keywords', 'labels'],
    hint: 'Added to the product’s tags; the tags it has stay.',
  },
];

const COLLECTION_FIELDS: readonly ImportField[] = [
  {
    key: 'name',
    label: 'Collection',
    type: 'text',
    required: true,
    synonyms: ['collection name', 'name', 'group'],
    hint: 'A collection of this name is made (hand-picked) when there is none.',
  },
  {
    key: 'sku',
    label: 'SKU',
    type: 'text',
    required: true,
    synonyms: ['product sku', 'item number', 'product code'],
    hint: 'The product the row puts in the collection.',
  },
  { key: 'description', label: 'Description', type: 'text', synonyms: ['collection description'] },
];

const PRICE_LIST_FIELDS: readonly ImportField[] = [
  {
    key: 'vendorSku',
    label: 'Vendor SKU',
    type: 'text',
    required: true,
    synonyms: [
      'supplier sku',
      'vendor part number',
      'part number',
      'part no',
      'catalog number',
      'mfr part number',
      'item number',
    ],
    hint: 'Each row is the vendor’s item of this SKU.',
  },
  {
    key: 'sku',
    label: 'Our SKU',
    type: 'text',
    synonyms: ['sku', 'internal sku', 'our part number'],
    hint: 'For an item the vendor does not sell you yet: the product, variant or material it is.',
  },
  {
    key: 'costCents',
    label: 'Cost',
    type: 'cost',
    synonyms: ['unit cost', 'net price', 'dealer price', 'price', 'unit price', 'net cost', 'your price'],
  },
  {
    key: 'packSize',
    label: 'Pack size',
    type: 'measure',
    synonyms: ['pack', 'case qty', 'qty per pack', 'units per pack'],
  },
  { key: 'minimumPacks', label: 'Minimum packs', type: 'measure', synonyms: ['min packs', 'minimum order', 'moq'] },
  { key: 'leadTimeDays', label: 'Lead time (days)', type: 'measure', synonyms: ['lead time', 'lead days'] },
];

const OPENING_STOCK_FIELDS: readonly ImportField[] = [
  {
    key: 'sku',
    label: 'SKU',
    type: 'text',
    required: true,
    synonyms: ['item number', 'item no', 'part number', 'product code', 'item'],
    hint: 'A product without variants, a variant or a material.',
  },
  {
    key: 'warehouse',
    label: 'Warehouse',
    type: 'text',
    synonyms: ['location', 'store', 'site', 'warehouse name'],
    hint: 'By its name; left out, the default warehouse.',
  },
  {
    key: 'quantity',
    label: 'Quantity',
    type: 'measure',
    required: true,
    synonyms: ['qty', 'on hand', 'stock', 'quantity on hand', 'count', 'in stock'],
  },
  {
    key: 'unitCost',
    label: 'Unit cost',
    type: 'cost',
    synonyms: ['cost', 'average cost', 'avg cost', 'unit price'],
    hint: 'Left out, the item’s own cost.',
  },
];

const CATEGORY_FIELDS: readonly ImportField[] = [
  {
    key: 'path',
    label: 'Category',
    type: 'path',
    required: true,
    synonyms: ['name', 'category name', 'category path', 'path', 'full path'],
    hint: 'A path like Cabinets > Base: the categories above it are made too.',
  },
  { key: 'description', label: 'Description', type: 'text', synonyms: ['details', 'notes'] },
];

export const IMPORT_KIND_INFO: Record<ImportKind, ImportKindInfo> = {
  product: {
    label: 'Products',
    plural: 'products',
    segment: 'product',
    code: P.IMPORT_PRODUCTS,
    matchBy: 'SKU',
    fields: PRODUCT_FIELDS,
  },
  material: {
    label: 'Materials',
    plural: 'materials',
    segment: 'materials',
    code: P.IMPORT_MATERIALS,
    matchBy: 'SKU',
    fields: MATERIAL_FIELDS,
  },
  vendor: {
    label: 'Vendors',
    plural: 'vendors',
    segment: 'vendors',
    code: P.IMPORT_VENDORS,
    matchBy: 'name',
    fields: VENDOR_FIELDS,
  },
  category: {
    label: 'Categories',
    plural: 'categories',
    segment: 'categories',
    code: P.IMPORT_CATEGORIES,
    matchBy: 'path',
    fields: CATEGORY_FIELDS,
  },
  collection: {
    label: 'Collections',
    plural: 'collections',
    segment: 'collections',
    code: P.IMPORT_COLLECTIONS,
    matchBy: 'name',
    fields: COLLECTION_FIELDS,
  },
  // What a vendor charges, from the price list it sends: its items' costs by its own SKUs.
  price_list: {
    label: 'Vendor price lists',
    plural: 'vendor items',
    segment: 'price-lists',
    code: P.IMPORT_VENDORS,
    matchBy: 'vendor SKU',
    fields: PRICE_LIST_FIELDS,
  },
  // What the firm had on the day it moved in: opening balances through the stock ledger.
  opening_stock: {
    label: 'Opening stock',
    plural: 'opening balances',
    segment: 'opening-stock',
    code: P.INVENTORY_POLICIES,
    matchBy: 'SKU and warehouse',
    fields: OPENING_STOCK_FIELDS,
  },
  customer: {
    label: 'Customers',
    plural: 'customers',
    segment: 'customers',
    code: P.MODIFY_USERS,
    matchBy: 'email',
    fields: CUSTOMER_FIELDS,
  },
  company: {
    label: 'Accounts',
    plural: 'accounts',
    segment: 'accounts',
    code: P.MODIFY_COMPANIES,
    matchBy: 'name',
    fields: COMPANY_FIELDS,
  },
  // The spec's /p/importer/tags: tags added to products by SKU, in bulk.
  tag: {
    label: 'Product tags',
    plural: 'product tags',
    segment: 'tags',
    code: P.IMPORT_TAGS,
    matchBy: 'SKU',
    fields: TAG_FIELDS,
    updatesOnly: true,
    uploadAtSegment: true,
  },
};

/** Kinds whose file belongs to one vendor, chosen at the mapping step (`options.vendor`). */
export const IMPORT_KINDS_OF_A_VENDOR: readonly ImportKind[] = ['price_list'];

/** The kind whose importer page is /p/importer/{segment}. */
export const importKindOfSegment = (segment: string): ImportKind | undefined =>
  IMPORT_KINDS.find((kind) => IMPORT_KIND_INFO[kind].segment === segment);

/** Create new records only, update the ones that match only, or both. */
export const IMPORT_MODES = ['create', 'update', 'both'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  create: 'Create new only',
  update: 'Update matching only',
  both: 'Create new and update matching',
};

/**
 * How a file writes its numbers: the decimal mark and what groups the thousands. Chosen at the
 * mapping step (a European price list writes 1.234,50).
 */
export type NumberFormat = { decimal: '.' | ','; thousands: ',' | '.' | ' ' | "'" | '' };
export const NUMBER_FORMATS = {
  'dot-comma': { decimal: '.', thousands: ',' },
  'comma-dot': { decimal: ',', thousands: '.' },
  'comma-space': { decimal: ',', thousands: ' ' },
  'dot-apostrophe': { decimal: '.', thousands: "'" },
} as const satisfies Record<string, NumberFormat>;
export type NumberFormatKey = keyof typeof NUMBER_FORMATS;
export const NUMBER_FORMAT_KEYS = Object.keys(NUMBER_FORMATS) as [NumberFormatKey, ...NumberFormatKey[]];
export const NUMBER_FORMAT_LABELS: Record<NumberFormatKey, string> = {
  'dot-comma': '1,234.56',
  'comma-dot': '1.234,56',
  'comma-space': '1 234,56',
  'dot-apostrophe': "1'234.56",
};

/**
 * Where an import is. Uploaded (mapping to do) → checking → checked (the dry run's result is
 * there) → running → done; or failed (nothing imported) or cancelled (nothing imported).
 */
export const IMPORT_STATUSES = ['uploaded', 'checking', 'checked', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Ready to check',
  checking: 'Checking',
  checked: 'Checked',
  running: 'Importing',
  done: 'Imported',
  failed: 'Failed, nothing imported',
  cancelled: 'Cancelled, nothing imported',
};
/** Statuses an import's work is under way in. */
export const IMPORT_BUSY: readonly ImportStatus[] = ['checking', 'running'];
/** Statuses of a finished import: its name and notes need code 49 to change. */
export const IMPORT_FINISHED: readonly ImportStatus[] = ['done', 'failed', 'cancelled'];
/** Statuses whose mapping may still change (a failed one is fixed and checked again). */
export const IMPORT_MAPPABLE: readonly ImportStatus[] = ['uploaded', 'checked', 'failed'];

/** The id an import's check and run report their progress under (spec section 7's progress `id`). */
export const importProgressId = (id: string) => `import-${id}`;

/** The column each field is filled from (by its place in the headings), or none. */
export const importMappingSchema = z.record(z.string(), z.number().int().min(0).max(499).nullable());

export const importOptionsSchema = z.strictObject({
  mode: z.enum(IMPORT_MODES, { error: 'Choose whether to create, update or both.' }).default('both'),
  numberFormat: z.enum(NUMBER_FORMAT_KEYS, { error: 'Choose how the file writes numbers.' }).default('dot-comma'),
  /** The vendor whose price list the file is (kinds of IMPORT_KINDS_OF_A_VENDOR). */
  vendor: z.uuid('Choose a vendor from the list.').nullable().default(null),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** PUT /imports/{id}/mapping: the mapping step (the import code of the kind). */
export const importMappingInputSchema = z.strictObject({
  version: z.number().int(),
  mapping: importMappingSchema,
  options: importOptionsSchema,
  /** A workbook's sheet to read (its first unless chosen); another sheet is mapped anew by its headings. */
  sheet: z.string().max(200).optional(),
  /** Keep this mapping as the kind's default for the next file. */
  remember: z.boolean().default(false),
});
export type ImportMappingInput = z.input<typeof importMappingInputSchema>;

/** PUT /imports/{id}: the document's own words (a finished one's need code 49). */
export const importInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the import a name.').max(200, 'Use at most 200 characters.'),
  notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
});
export type ImportInput = z.input<typeof importInputSchema>;

const countsSchema = z.strictObject({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportCounts = z.output<typeof countsSchema>;

/** An importer document (GET /imports/{id}): the file, its mapping, the dry run and the outcome. */
export const importSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  notes: z.string(),
  number: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file: z.strictObject({
    _id: z.uuid(),
    name: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    format: z.enum(['csv', 'xlsx']),
    url: z.string(),
  }),
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  headings: z.array(z.string()),
  /** The first rows, for the mapping step's sample values. */
  sample: z.array(z.array(z.string())),
  mapping: importMappingSchema,
  options: importOptionsSchema,
  /** The dry run's counts (what would be created and updated), once checked. */
  checked: countsSchema.nullable(),
  /** What the import did, once run. */
  outcome: countsSchema.nullable(),
  /** Why it failed, when it did. */
  message: z.string(),
  errorCount: z.number().int(),
  /** Its image URLs, fetched after the import: how many wait, were added, failed (null: none). */
  images: z.strictObject({ pending: z.number().int(), done: z.number().int(), failed: z.number().int() }).nullable(),
  createdBy: personRefSchema.nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportDocument = z.output<typeof importSchema>;

export const importRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  number: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  rows: z.number().int().nullable(),
  created: z.number().int().nullable(),
  updated: z.number().int().nullable(),
  errorCount: z.number().int(),
  createdBy: personRefSchema.nullable(),
});
export type ImportRow = z.output<typeof importRowSchema>;

/** One problem with one cell (or row) of the file, as the dry run found it. */
export const importErrorSchema = z.strictObject({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportError = z.output<typeof importErrorSchema>;
export const importErrorPageSchema = z.strictObject({
  items: z.array(importErrorSchema),
  total: z.number().int(),
  next: z.string().nullable(),
});

/** An image URL of an import that could not be added, and why. */
export const importImageFailureSchema = z.strictObject({
  row: z.number().int(),
  url: z.string(),
  message: z.string(),
});
export type ImportImageFailure = z.output<typeof importImageFailureSchema>;
export const importImageFailuresSchema = z.strictObject({ items: z.array(importImageFailureSchema) });

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = Object.fromEntries(
  IMPORT_KINDS.map((k) => [k, IMPORT_KIND_INFO[k].label]),
) as Record<ImportKind, string>;
