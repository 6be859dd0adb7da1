import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, HARBOR_PINE_ID, startTestApp, startTestJobs, type TestApp } from '../../../test/helpers';
import { attachmentsOf, startMailCatcher } from '../../../test/mail-catcher';
import { inScope } from '../../db/tenancy';
import { renderDocumentPdf } from '../pdf/document-pdf';
import { sendEmailJob } from './email-job';
import { MAX_ATTACHMENT_BYTES, queueEmail } from './outbox.service';
import { emailAttachments, emailOutbox } from './outbox.table';

let t: TestApp;
let owner: pg.Client;
let pdf: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  pdf = await renderDocumentPdf({
    firm: { name: 'Harbor & Pine', addressLines: [], accentColor: '#2f6f4f', footer: 'Harbor & Pine' },
    paper: 'letter',
    title: 'Purchase order',
    number: 'PO-12',
    meta: [],
    parties: [],
    columns: [{ key: 'item', label: 'Item', align: 'left', width: 1 }],
    rows: [{ item: 'White oak board 8″' }],
    totals: [{ label: 'Total', value: '€8.40', strong: true }],
  });
});
afterAll(async () => {
  await owner?.end();
  await t.close();
});

const inFirm = <T>(firmId: string | null, fn: Parameters<typeof inScope<T>>[2]) =>
  inScope(t.database.db, { firmId }, fn);
const withPdf = (to: string) => ({
  to,
  subject: 'Purchase order PO-12',
  text: 'Our purchase order is attached.',
  attachments: [{ filename: 'PO-12.pdf', contentType: 'application/pdf', content: pdf }],
});
const outboxId = async (to: string) =>
  (await owner.query<{ id: string }>('SELECT id FROM email_outbox WHERE to_address = $1', [to])).rows[0]?.id;

describe('email attachments', () => {
  it('sends the queued files with the message', async () => {
    const mail = await startMailCatcher();
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: mail.url } });
    try {
      await inFirm(HARBOR_PINE_ID, (tx) => queueEmail(tx, HARBOR_PINE_ID, withPdf('vendor@attach.test')));
      const message = await mail.waitFor('vendor@attach.test');
      expect(message.raw).toContain('PO-12.pdf');
      expect(message.raw).toContain('application/pdf');
      expect(message.text).toContain('Our purchase order is attached.');
      const [attachment, ...others] = attachmentsOf(message);
      expect(others).toEqual([]);
      expect(attachment).toMatchObject({ filename: 'PO-12.pdf', contentType: 'application/pdf' });
      expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(attachment!.content.equals(pdf)).toBe(true);
    } finally {
      await runner.stop();
      await mail.close();
    }
  });

  it('shows a firm’s attachments to that firm only, and lets no firm attach as another', async () => {
    await inFirm(HARBOR_PINE_ID, (tx) => queueEmail(tx, HARBOR_PINE_ID, withPdf('private@attach.test')));
    const id = (await outboxId('private@attach.test'))!;
    const seenBy = (firmId: string | null) =>
      inFirm(firmId, (tx) =>
        tx
          .select({ filename: emailAttachments.filename })
          .from(emailAttachments)
          .where(eq(emailAttachments.outboxId, id)),
      );
    expect(await seenBy(HARBOR_PINE_ID)).toEqual([{ filename: 'PO-12.pdf' }]);
    expect(await seenBy(CEDAR_ROW_ID)).toEqual([]);
    expect(await seenBy(null)).toEqual([]);
    await expect(
      inFirm(CEDAR_ROW_ID, (tx) =>
        tx.insert(emailAttachments).values({
          firmId: HARBOR_PINE_ID,
          outboxId: id,
          filename: 'forged.pdf',
          contentType: 'application/pdf',
          content: pdf,
        }),
      ),
    ).rejects.toThrow();
    const { rows } = await owner.query('SELECT filename FROM email_attachments WHERE outbox_id = $1', [id]);
    expect(rows).toEqual([{ filename: 'PO-12.pdf' }]);
  });

  it('refuses more than 10 MB of attachments, queuing nothing', async () => {
    const big = {
      filename: 'big.bin',
      contentType: 'application/octet-stream',
      content: Buffer.alloc(6 * 1024 * 1024),
    };
    await expect(
      inFirm(HARBOR_PINE_ID, (tx) =>
        queueEmail(tx, HARBOR_PINE_ID, { ...withPdf('big@attach.test'), attachments: [big, big] }),
      ),
    ).rejects.toThrow(`more than ${MAX_ATTACHMENT_BYTES}`);
    expect(await outboxId('big@attach.test')).toBeUndefined();
  });

  it('removes the attachments with their message', async () => {
    await inFirm(HARBOR_PINE_ID, (tx) => queueEmail(tx, HARBOR_PINE_ID, withPdf('gone@attach.test')));
    const id = (await outboxId('gone@attach.test'))!;
    await inFirm(HARBOR_PINE_ID, (tx) => tx.delete(emailOutbox).where(eq(emailOutbox.id, id)));
    const { rows } = await owner.query('SELECT count(*)::int AS n FROM email_attachments WHERE outbox_id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });
});
