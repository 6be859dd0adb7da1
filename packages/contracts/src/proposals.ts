import { z } from 'zod';
import { discountSchema, documentLineInputSchema, documentLineSchema, MAX_DOCUMENT_LINES } from './orders';
import { centsSchema } from './products';
import { revisionChangeSchema } from './quotes';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { addressSchema } from './warehouses';

export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'partially_approved', 'approved', 'declined'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_approved: 'Partially approved',
  approved: 'Approved',
  declined: 'Declined',
};

export const SECTION_STATUSES = ['open', 'approved', 'declined'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

/** Sections a proposal may have, images a section may show. */
export const MAX_PROPOSAL_SECTIONS = 30;
export const MAX_SECTION_IMAGES = 12;
/** A drawn signature, as the PNG the signature pad makes: at most this many bytes. */
export const MAX_SIGNATURE_BYTES = 300 * 1024;

const words = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);

/** A section of a proposal: a scope in words, its pictures and its priced lines. */
export const proposalSectionInputSchema = z.strictObject({
  /** An existing section's id, when editing it. */
  id: z.uuid().optional(),
  title: words(200).min(1, 'Name the section.'),
  /** Rich text (HTML), cleaned on the server. */
  body: z.string().max(50_000, 'Use at most 50,000 characters.').default(''),
  /** Images uploaded through POST /files, in the order shown. */
  images: z
    .array(z.uuid('Upload the image again.'))
    .max(MAX_SECTION_IMAGES, `Use at most ${MAX_SECTION_IMAGES} images.`)
    .default([]),
  lines: z
    .array(documentLineInputSchema)
    .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} lines.`)
    .default([]),
});
export type ProposalSectionInput = z.input<typeof proposalSectionInputSchema>;
export type ProposalSectionValues = z.output<typeof proposalSectionInputSchema>;

/**
 * POST /proposals and PUT /proposals/{id}: a proposal's whole content. Editing a sent proposal
 * makes its next revision: the link sent before says it was replaced.
 */
export const proposalInputSchema = z.strictObject({
  customer: z.uuid('Choose a customer from the list.'),
  customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
  title: words(200).min(1, 'Give the proposal a title.'),
  /** The cover picture, uploaded through POST /files. */
  coverImage: z.uuid('Upload the image again.').nullable().default(null),
  /** The last day the client may approve it: the proposal settings' days from today unless said. */
  validUntil: calendarDateSchema.nullable().default(null),
  shipTo: addressSchema.nullable().default(null),
  discount: discountSchema.nullable().default(null),
  shippingCents: centsSchema.default(0),
  /** What the client pays up front, a percentage or an amount: the proposal settings' percentage unless said. */
  deposit: discountSchema.nullable().default(null),
  /** The proposal settings' terms unless said. */
  terms: words(8000).nullable().default(null),
  /** Whether the client may approve (or decline) each section on its own. */
  sectionApproval: z.boolean().default(false),
  sections: z
    .array(proposalSectionInputSchema)
    .max(MAX_PROPOSAL_SECTIONS, `Use at most ${MAX_PROPOSAL_SECTIONS} sections.`)
    .default([]),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalValues = z.output<typeof proposalInputSchema>;

/** A picture as the proposal shows it. */
export const proposalImageSchema = z.strictObject({ _id: z.uuid(), url: z.string() });

export const proposalSectionSchema = z.strictObject({
  _id: z.uuid(),
  title: z.string(),
  body: z.string(),
  images: z.array(proposalImageSchema),
  status: z.enum(SECTION_STATUSES),
  lines: z.array(documentLineSchema),
  /** What its counted lines come to, tax included. */
  totalCents: z.number(),
});
export type ProposalSection = z.output<typeof proposalSectionSchema>;

/** A link sent to the client: where it stands and how it was read. The token itself is in `url`. */
export const proposalLinkSchema = z.strictObject({
  _id: z.uuid(),
  revision: z.number().int(),
  url: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  firstViewedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  viewCount: z.number().int(),
});
export type ProposalLink = z.output<typeof proposalLinkSchema>;

/** A signed decision of the client: the whole proposal or some sections, kept as evidence. */
export const approvalRecordSchema = z.strictObject({
  _id: z.uuid(),
  decision: z.enum(['approved', 'declined']),
  name: z.string(),
  reason: z.string(),
  sections: z.array(personRefSchema),
  decidedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  revision: z.number().int(),
  /** SHA-256 (hex) of the canonical JSON of exactly what was shown and chosen. */
  snapshotSha256: z.string(),
  /** The signed PDF and the SHA-256 (hex) of its bytes (approvals only). */
  pdfUrl: z.string().nullable(),
  pdfSha256: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  order: personRefSchema.nullable(),
});
export type ApprovalRecord = z.output<typeof approvalRecordSchema>;

/** A proposal as its page reads it (GET /proposals/{id}). */
export const proposalSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  revision: z.number().int(),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  coverImage: proposalImageSchema.nullable(),
  validUntil: z.string(),
  shipTo: addressSchema.nullable(),
  discount: discountSchema.nullable(),
  shippingCents: z.number(),
  taxExempt: z.boolean(),
  deposit: discountSchema.nullable(),
  terms: z.string(),
  sectionApproval: z.boolean(),
  sections: z.array(proposalSectionSchema),
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  depositCents: z.number(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The link of the revision sent last (null before the first send). */
  link: proposalLinkSchema.nullable(),
  approvals: z.array(approvalRecordSchema),
  /** What changed since the last revision sent, while the next one is being edited. */
  unsent: z.array(revisionChangeSchema),
});
export type Proposal = z.output<typeof proposalSchema>;

/** A row of the proposals list (GET /proposals). */
export const proposalRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  revision: z.number().int(),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  validUntil: z.string(),
  totalCents: z.number(),
});
export type ProposalRow = z.output<typeof proposalRowSchema>;

/** POST /proposals/{id}/send: the link lasts until the proposal's date unless said. */
export const proposalSendSchema = z.strictObject({
  expiresOn: calendarDateSchema.nullable().default(null),
  message: words(4000).default(''),
});
export type ProposalSendInput = z.input<typeof proposalSendSchema>;

// ——— The public page (/proposals/approve/{token}) ———

/** A line as the client sees it: no cost, no catalog ids. */
export const publicLineSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  basis: z.array(z.string()),
  quantity: z.number(),
  unitPriceCents: z.number(),
  discount: discountSchema.nullable(),
  taxRateBps: z.number().int(),
  optional: z.boolean(),
  selected: z.boolean(),
  group: z.string().nullable(),
  chosen: z.boolean(),
});
export type PublicLine = z.output<typeof publicLineSchema>;

export const publicSectionSchema = z.strictObject({
  _id: z.uuid(),
  title: z.string(),
  body: z.string(),
  /** Served through the token's own route. */
  images: z.array(z.string()),
  status: z.enum(SECTION_STATUSES),
  lines: z.array(publicLineSchema),
});
export type PublicSection = z.output<typeof publicSectionSchema>;

/** The firm as the public page names it. */
export const publicFirmSchema = z.strictObject({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** What a client's decision left behind, as the public page shows it. */
export const publicApprovalSchema = z.strictObject({
  _id: z.uuid(),
  decision: z.enum(['approved', 'declined']),
  name: z.string(),
  sections: z.array(z.string()),
  decidedAt: z.string(),
  snapshotSha256: z.string(),
  pdfSha256: z.string().nullable(),
  /** The signed PDF, through the token's route. */
  pdfUrl: z.string().nullable(),
});
export type PublicApproval = z.output<typeof publicApprovalSchema>;

/**
 * GET /public/proposals/{token}: the document as the client sees it, or that it was replaced by a
 * newer revision (with the new link once it is sent). A change order reads as one section.
 */
export const publicProposalSchema = z.discriminatedUnion('state', [
  z.strictObject({
    state: z.literal('open'),
    document: z.enum(['proposal', 'change_order']),
    firm: publicFirmSchema,
    number: z.string(),
    title: z.string(),
    revision: z.number().int(),
    status: z.string(),
    customerName: z.string(),
    coverImage: z.string().nullable(),
    validUntil: z.string().nullable(),
    discount: discountSchema.nullable(),
    shippingCents: z.number(),
    taxExempt: z.boolean(),
    deposit: discountSchema.nullable(),
    terms: z.string(),
    sectionApproval: z.boolean(),
    sections: z.array(publicSectionSchema),
    /** For a change order: the order's total before it. */
    previousTotalCents: z.number().nullable(),
    approvals: z.array(publicApprovalSchema),
  }),
  z.strictObject({
    state: z.literal('replaced'),
    firm: publicFirmSchema,
    number: z.string(),
    /** The newer revision's link, once it is sent. */
    replacedBy: z.string().nullable(),
  }),
]);
export type PublicProposal = z.output<typeof publicProposalSchema>;

/** POST /public/proposals/{token}/approve. */
export const publicApproveSchema = z.strictObject({
  name: words(200).min(1, 'Type your full name.'),
  /** The drawn signature as a PNG data URL (data:image/png;base64,…). */
  signature: z
    .string()
    .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 64, 'The signature is too large: clear it and sign again.')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'Sign in the box: the signature must be a drawn image.'),
  acceptTerms: z.literal(true, { error: 'Accept the terms to approve.' }),
  /** The sections approved (where the firm allows approving them one by one): every open one unless said. */
  sections: z.array(z.uuid()).max(MAX_PROPOSAL_SECTIONS).nullable().default(null),
  /**
   * Optional lines ticked, and the line chosen of each alternative group: all of them, as the page
   * shows them (left out, the proposal's own choices stand).
   */
  selected: z.array(z.uuid()).max(MAX_DOCUMENT_LINES).optional(),
  chosen: z.array(z.uuid()).max(MAX_DOCUMENT_LINES).optional(),
});
export type PublicApproveInput = z.input<typeof publicApproveSchema>;

/** POST /public/proposals/{token}/decline. */
export const publicDeclineSchema = z.strictObject({
  name: words(200).default(''),
  reason: words(2000).min(1, 'Tell us why, so we can do better.'),
  sections: z.array(z.uuid()).max(MAX_PROPOSAL_SECTIONS).nullable().default(null),
});
export type PublicDeclineInput = z.input<typeof publicDeclineSchema>;

/** POST /public/proposals/verify: whether an uploaded PDF is a signed copy we keep. */
export const pdfVerificationSchema = z.discriminatedUnion('match', [
  z.strictObject({
    match: z.literal(true),
    sha256: z.string(),
    firm: z.string(),
    number: z.string(),
    signedBy: z.string(),
    signedAt: z.string(),
  }),
  z.strictObject({ match: z.literal(false), sha256: z.string() }),
]);
export type PdfVerification = z.output<typeof pdfVerificationSchema>;
