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
