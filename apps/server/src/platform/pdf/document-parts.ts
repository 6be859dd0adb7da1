import type { Settings } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fileUrlId } from '../files/files.service';
import { files } from '../files/files.table';
import type { LocalFileStorage } from '../files/storage';
import type { PdfDocument } from './document-pdf';

/** What every printed document writes the same way: money, quantities, dates, addresses. */
export const pdfMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
export const pdfUnitMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 4 }).format(cents / 100);
export const pdfQuantity = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });
export const pdfDay = (iso: string | null) =>
  iso ? new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';
export const pdfAddressLines = (
  a: { line1: string; line2?: string; city: string; region: string; postalCode: string } | null,
) =>
  a ? [a.line1, a.line2, `${a.city}, ${a.region} ${a.postalCode}`.trim()].filter((l): l is string => Boolean(l)) : [];

/** The firm's logo as bytes, when it is one of its own files (an image the PDF can embed). */
async function logoOf(db: Executor, storage: LocalFileStorage, url: string | null): Promise<Buffer | null> {
  const id = url ? fileUrlId(url) : null;
  if (!id) return null;
  const [file] = await db.select({ key: files.storageKey }).from(files).where(eq(files.id, id));
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(file.key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The firm as every document's head shows it (document settings, /s/documents), and the paper. */
export async function documentFirm(
  db: Executor,
  storage: LocalFileStorage,
  settings: Settings,
): Promise<Pick<PdfDocument, 'firm' | 'paper'>> {
  const { documentSettings: look, firmSettings: firm } = settings;
  return {
    firm: {
      name: firm.name,
      addressLines: look.addressBlock.split('\n').filter((l) => l.trim()),
      logoPng: await logoOf(db, storage, firm.logo),
      accentColor: look.accentColor,
      footer: look.footer,
    },
    paper: look.paper,
  };
}
