import type {
  LienDeadline,
  LienDeadlineKind,
  LienDeadlines,
  LienFacts,
  LienRecordDeadline,
  LienStatus,
} from '@atelier/contracts';
import { lienDeadlines } from './deadlines/engine';
import { activeLienRules } from './deadlines/rules-file';
import type { StoredLienDocument } from './liens.table';

/** What a lien's deadlines are computed from and checked against, as its row keeps it. */
export type LienState = {
  state: string;
  role: LienFacts['role'];
  projectType: LienFacts['projectType'];
  flags: LienFacts['flags'];
  firstFurnishingOn: string | null;
  lastFurnishingOn: string | null;
  completionOn: string | null;
  noticeOfCompletionOn: string | null;
  recordedOn: string | null;
  status: LienStatus;
  documents: StoredLienDocument[];
};

const factsOf = (lien: LienState): LienFacts => ({
  state: lien.state,
  role: lien.role,
  projectType: lien.projectType,
  flags: lien.flags,
  firstFurnishingDate: lien.firstFurnishingOn,
  lastFurnishingDate: lien.lastFurnishingOn,
  completionDate: lien.completionOn,
  noticeOfCompletionDate: lien.noticeOfCompletionOn,
  recordingDate: lien.recordedOn,
});

const sent = (lien: LienState, kind: StoredLienDocument['kind']) =>
  lien.documents.filter((d) => d.kind === kind && d.sentOn);

/**
 * Whether the lien shows what a deadline asks as done: a notice sent (for Texas, one sent from
 * the month furnished up to its day), the lien recorded, a suit filed; or a status past it.
 */
function done(lien: LienState, d: LienDeadline): boolean {
  const past = (statuses: LienStatus[]) => statuses.includes(lien.status);
  switch (d.kind) {
    case 'preliminary_notice':
      if (d.month) return sent(lien, 'notice').some((n) => n.sentOn! >= `${d.month}-01` && n.sentOn! <= d.date!);
      return past(['notice_sent', 'filed', 'released']) || sent(lien, 'notice').length > 0;
    case 'lien_recording':
      return Boolean(lien.recordedOn) || past(['filed', 'released']) || sent(lien, 'filing').length > 0;
    case 'enforcement':
      return past(['released']) || sent(lien, 'suit').length > 0;
  }
}

/** A deadline that reminds and can be missed: dated, the operative one of its pair, not for reference only. */
export const operative = (d: LienDeadline) => d.state === 'due' && !d.superseded && !d.reference;

/** The lien's deadlines as of `today`, each marked missed when its day passed with nothing done for it. */
export function deadlinesOfLien(lien: LienState, today: string): LienDeadlines {
  const result = lienDeadlines(activeLienRules(), factsOf(lien), today);
  const deadlines: LienRecordDeadline[] = result.deadlines.map((d) => ({
    ...d,
    missed: operative(d) && d.date! < today && !done(lien, d),
  }));
  return { ...result, deadlines };
}

/** The next deadline ahead (today included) with nothing done for it, or none. */
export function nextDeadline(lien: LienState, deadlines: LienRecordDeadline[], today: string) {
  const ahead = deadlines
    .filter((d) => operative(d) && d.date! >= today && !done(lien, d))
    .sort((a, b) => a.date!.localeCompare(b.date!));
  return ahead[0] ? { kind: ahead[0].kind as LienDeadlineKind, date: ahead[0].date! } : null;
}

/**
 * A missed recording or suit deadline ends the lien: its status is then expired (a missed
 * notice does not: some states accept late notice for later work). A released lien stays released.
 */
export function statusAfter(status: LienStatus, deadlines: LienRecordDeadline[]): LienStatus {
  if (status === 'released') return status;
  const ended = deadlines.some((d) => d.missed && (d.kind === 'lien_recording' || d.kind === 'enforcement'));
  return ended ? 'expired' : status;
}
