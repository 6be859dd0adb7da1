import {
  fillWaiverTemplate,
  LIEN_WAIVER_DIRECTION_LABELS,
  LIEN_WAIVER_TYPE_LABELS,
  type LienWaiverMergeField,
  waiverTypeOf,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { documentFirm, pdfDay, pdfMoney } from '../../platform/pdf/document-parts';
import { renderDocumentPdf } from '../../platform/pdf/document-pdf';
import { getSettings } from '../../platform/settings/settings.service';
import { lienWaiverType, waiverTemplate } from './lien-waivers.service';
import { liens } from './liens.table';

/**
 * A waiver as a PDF: the firm's own template for its kind (its lawyer's words, from document
 * settings), its merge fields filled in as text. Without one there is no PDF: the product ships
 * no statutory form text (decision 0049).
 */
export async function lienWaiverPdf(db: Executor, actor: Actor, storage: LocalFileStorage, id: string) {
  const row = await lienWaiverType.findRow(db, id, false, actor);
  const label = LIEN_WAIVER_TYPE_LABELS[waiverTypeOf(row)];
  const template = await waiverTemplate(db, actor, row);
  if (!template)
    throw conflict(
      `Add your own text for the ${label.toLowerCase()} in Settings › Documents first: the product ships no statutory form text.`,
    );
  // constant SQL names: jobs, customers and payments are other modules' tables, read by name.
  const [facts] = (
    await db.execute<{
      job: string;
      customer: string | null;
      property: string;
      owner: string;
      hiring: string;
      state: string;
      payment: string | null;
    }>(sql`
      SELECT j.name AS job, c.name AS customer, l.property_address AS property, l.property_owner AS owner,
             l.hiring_party AS hiring, l.state,
             (SELECT concat_ws(', ', 'Payment ' || p.number, NULLIF(p.reference, ''), to_char(p.received_on, 'Mon FMDD, YYYY'))
                FROM payments p WHERE p.id = ${row.paymentId}) AS payment
        FROM ${liens} l JOIN customer_jobs j ON j.id = l.customer_job_id
        LEFT JOIN customers c ON c.id = j.customer_id
       WHERE l.id = ${row.lienId}`)
  ).rows;
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const amount = pdfMoney(row.amountCents, 'USD');
  const values: Record<LienWaiverMergeField, string> = {
    firm: settings.firmSettings.name,
    party: row.party,
    customer: facts?.customer ?? '',
    job: facts?.job ?? '',
    property: facts?.property ?? '',
    owner: facts?.owner ?? '',
    hiringParty: facts?.hiring ?? '',
    state: facts?.state ?? '',
    amount,
    throughDate: pdfDay(row.throughOn),
    payment: facts?.payment ?? '',
    date: pdfDay(await firmToday(db, actor.firmId)),
  };
  const pdf = await renderDocumentPdf({
    ...(await documentFirm(db, storage, settings)),
    title: label,
    number: '',
    meta: [
      { label: 'Job', value: facts?.job ?? '' },
      { label: 'Amount', value: amount },
      ...(row.throughOn ? [{ label: 'Through', value: pdfDay(row.throughOn) }] : []),
      { label: 'Waiver', value: LIEN_WAIVER_DIRECTION_LABELS[row.direction] },
    ],
    parties: [],
    columns: [],
    rows: [],
    totals: [],
    body: fillWaiverTemplate(template, values),
  });
  return {
    pdf,
    name: `${label.toLowerCase().replaceAll(' ', '-')}-${row.throughOn ?? row.createdAt.toISOString().slice(0, 10)}`,
  };
}
