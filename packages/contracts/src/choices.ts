/**
 * The few-valued fields of the record kinds and their labels, which the kinds' list columns and
 * filters and their schemas share. Nothing here needs zod: the web app's first load reads these
 * (through the kinds' declarations) and must not carry the schemas (decision 0024).
 */

export const COMPANY_TYPES = ['trade', 'retail', 'wholesale', 'contractor'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  trade: 'Trade',
  retail: 'Retail',
  wholesale: 'Wholesale',
  contractor: 'Contractor',
};

/** The pipeline, in board order. Won and lost are closed: a lost lead names a reason. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
};
export const OPEN_LEAD_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'qualified', 'proposal'];

export const AMBASSADOR_KINDS = ['person', 'business'] as const;
export type AmbassadorKind = (typeof AMBASSADOR_KINDS)[number];

export const AMBASSADOR_KIND_LABELS: Record<AmbassadorKind, string> = { person: 'Person', business: 'Business' };

/**
 * A product is for sale (active) or still being set up (draft): its availability, apart from
 * the active or archived status every record has.
 */
export const PRODUCT_STATUSES = ['active', 'draft'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { active: 'For sale', draft: 'Draft' };

/** What a product is sold by. Area and length units price dimensionally; the others may cover an area. */
export const SELL_UNITS = [
  'each',
  'box',
  'sq_ft',
  'linear_ft',
  'sheet',
  'slab',
  'pair',
  'set',
  'hour',
  'lb',
  'gallon',
] as const;
export type SellUnit = (typeof SELL_UNITS)[number];
export const SELL_UNIT_LABELS: Record<SellUnit, string> = {
  each: 'Each',
  box: 'Box',
  sq_ft: 'Sq ft',
  linear_ft: 'Linear ft',
  sheet: 'Sheet',
  slab: 'Slab',
  pair: 'Pair',
  set: 'Set',
  hour: 'Hour',
  lb: 'Pound',
  gallon: 'Gallon',
};

/** How a product's price applies: per unit, or per square foot or linear foot of what is measured. */
export const PRICING_MODES = ['unit', 'area', 'length'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];
export const PRICING_MODE_LABELS: Record<PricingMode, string> = {
  unit: 'Per unit',
  area: 'By area (sq ft)',
  length: 'By length (linear ft)',
};
/** The unit a dimensional price is per. */
export const PRICING_MODE_UNIT: Record<Exclude<PricingMode, 'unit'>, SellUnit> = { area: 'sq_ft', length: 'linear_ft' };

/** What a box, sheet or slab covers. */
export const COVERAGE_UNITS = ['sq_ft', 'linear_ft'] as const;
export type CoverageUnit = (typeof COVERAGE_UNITS)[number];

/** A collection is hand-picked, or made by rules its members meet. */
export const COLLECTION_KINDS = ['manual', 'rules'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];
export const COLLECTION_KIND_LABELS: Record<CollectionKind, string> = { manual: 'Hand-picked', rules: 'By rules' };
