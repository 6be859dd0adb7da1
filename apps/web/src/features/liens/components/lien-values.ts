import type { Lien, LienValues } from '@atelier/contracts';

/** A lien's values as its form edits them and a save sends them: references by id; a new one's job from where it was started. */
export const lienValues = (record: Lien | undefined, given: { job?: string | null } = {}): LienValues => ({
  customerJob: record?.customerJob._id ?? given.job ?? '',
  state: record?.state ?? '',
  role: record?.role ?? 'prime',
  projectType: record?.projectType ?? 'residential',
  flags: record?.flags ?? [],
  firstFurnishingDate: record?.firstFurnishingDate ?? null,
  lastFurnishingDate: record?.lastFurnishingDate ?? null,
  completionDate: record?.completionDate ?? null,
  noticeOfCompletionDate: record?.noticeOfCompletionDate ?? null,
  recordingDate: record?.recordingDate ?? null,
  propertyAddress: record?.propertyAddress ?? '',
  propertyOwner: record?.propertyOwner ?? '',
  hiringParty: record?.hiringParty ?? '',
  amountOwedCents: record?.amountOwedCents ?? null,
  // An expired lien is saved as what it was before; the server keeps it expired while a deadline stays missed.
  status: record && record.status !== 'expired' ? record.status : 'notice_due',
  responsible: record?.responsible?._id ?? null,
  documents: (record?.documents ?? []).map((d) => ({
    kind: d.kind,
    title: d.title,
    sentOn: d.sentOn,
    proof: d.proof?._id ?? null,
  })),
  notes: record?.notes ?? '',
});
