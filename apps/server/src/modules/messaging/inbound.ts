import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { notify } from '../../platform/notifications/notifications.service';
import { entityKind } from '../../platform/records/entities';
import { messages } from './messages.table';
import { firmReplyKey, readReplyAddress } from './reply-address';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl' | 'replyDomain'>;
type Log = { info: (m: string) => void; warn: (m: string) => void };

/** The largest reply we take: text and a few pictures. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The reply itself, without the quoted message mail apps put under it ("On … wrote:" and the
 * lines starting with ">"), so the thread reads as a conversation. All of it when nothing is left.
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const cut = lines.findIndex(
    (line, i) =>
      /^On .+wrote:\s*$/.test(line) ||
      (/^On .+/.test(line) && /wrote:\s*$/.test(lines[i + 1] ?? '')) ||
      /^-{2,}\s*Original Message\s*-{2,}/i.test(line),
  );
  const kept = (cut >= 0 ? lines.slice(0, cut) : lines).filter((line) => !line.startsWith('>'));
  const reply = kept.join('\n').trim();
  return reply || text.trim();
}

/**
 * One received email for a reply address: matched to its thread by the address the server made
 * (signed), in the thread's firm. A forged address, an unknown thread, or a firm key that is not
 * the thread's firm's (a reply to a thread of another firm) is dropped and logged. Returns
 * whether it was kept.
 */
export async function receiveReply(db: Db, config: Keyed, log: Log, rcpt: string, mail: ParsedMail): Promise<boolean> {
  const address = readReplyAddress(config, rcpt);
  const from = mail.from?.value[0]?.address ?? '';
  if (!address) {
    log.warn(`inbound mail to ${rcpt} from ${from} dropped: not a reply address this server made`);
    return false;
  }
  const found = await inScope(db, { firmId: null }, (tx) =>
    tx.execute<{ firm_id: string | null }>(sql`SELECT message_thread_firm(${address.threadId}::uuid) AS firm_id`),
  );
  const firmId = found.rows[0]?.firm_id ?? null;
  if (!firmId) {
    log.warn(`inbound mail to ${rcpt} from ${from} dropped: no such conversation`);
    return false;
  }
  if (firmReplyKey(config, firmId) !== address.firmKey) {
    log.warn(`inbound mail to ${rcpt} from ${from} dropped: a reply to a thread of another firm`);
    return false;
  }
  return inScope(db, { firmId }, async (tx) => {
    const [first] = await tx
      .select()
      .from(messages)
      .where(sql`${messages.threadId} = ${address.threadId}`)
      .orderBy(messages.createdAt)
      .limit(1);
    if (!first) return false;
    const [last] = await tx
      .select({ sentBy: messages.sentBy })
      .from(messages)
      .where(sql`${messages.threadId} = ${address.threadId} AND ${messages.direction} = 'out'`)
      .orderBy(sql`${messages.createdAt} DESC`)
      .limit(1);
    await tx.insert(messages).values({
      firmId,
      entityType: first.entityType,
      entityId: first.entityId,
      threadId: first.threadId,
      channel: 'email',
      direction: 'in',
      fromAddress: from,
      toAddress: rcpt,
      subject: (mail.subject ?? '').slice(0, 200),
      body: replyText(mail.text ?? '').slice(0, 20_000),
      messageId: mail.messageId ?? null,
      status: 'received',
    });
    const kind = entityKind(first.entityType);
    if (last?.sentBy && kind)
      await notify(
        tx,
        firmId,
        last.sentBy,
        `Reply from ${from}: ${(mail.subject ?? '').slice(0, 80)}`,
        `${kind.href(first.entityId)}/interactions`,
      );
    return true;
  });
}

/**
 * The server's own SMTP endpoint for replies (INBOUND_SMTP_PORT): takes mail only for reply
 * addresses at REPLY_DOMAIN (others are refused at RCPT), reads it with mailparser and files it
 * on its thread. Put it behind the domain's MX (or a relay that forwards to it).
 */
export async function startInboundSmtp(db: Db, config: Keyed & Pick<Config, 'inboundSmtp'>, log: Log) {
  const at = config.inboundSmtp;
  if (!at) return null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, done) {
      const domain = address.address.split('@')[1]?.toLowerCase();
      if (domain !== config.replyDomain)
        return done(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      done();
    },
    onData(stream, session, done) {
      // The recipients are the session's: copy them before answering, which resets the session.
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then(async (mail) => {
          if (stream.sizeExceeded) return done(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          for (const rcpt of recipients) await receiveReply(db, config, log, rcpt, mail);
          done();
        })
        .catch((error: Error) => {
          log.warn(`inbound mail could not be read: ${error.message}`);
          done(Object.assign(new Error('Message could not be read'), { responseCode: 451 }));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  log.info(`Replies received by SMTP on ${at.host}:${at.port} for @${config.replyDomain}`);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())), server };
}
