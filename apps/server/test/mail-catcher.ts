import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable transfer encoding, which nodemailer uses for long lines. */
export function decodeQuotedPrintable(input: string): string {
  return input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export type CaughtAttachment = { filename: string; contentType: string; content: Buffer };

/** The attachments of a caught message, read from its MIME parts as a mail client would. */
export function attachmentsOf(mail: CaughtMail): CaughtAttachment[] {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  const parts = boundaries.length
    ? mail.raw.split(new RegExp(boundaries.map((b) => `\r?\n--${b.replace(/[^\w]/g, '\\$&')}(?:--)?`).join('|')))
    : [];
  return parts.flatMap((part) => {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (split < 0 || !/^Content-Disposition: attachment/im.test(head)) return [];
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
    const body = part.slice(split).trim();
    return [
      {
        filename: /filename="?([^";]+)"?/.exec(header('Content-Disposition'))?.[1] ?? '',
        contentType: header('Content-Type').split(';')[0]!.trim(),
        content: /base64/i.test(header('Content-Transfer-Encoding'))
          ? Buffer.from(body.replace(/\s/g, ''), 'base64')
          : Buffer.from(body, 'latin1'),
      },
    ];
  });
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startMailCatcher(options: { reject?: boolean; onMessage?: (mail: CaughtMail) => void } = {}) {
  const messages: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (options.reject) return done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        messages.push(mail);
        options.onMessage?.(mail);
        for (const wake of waiters.splice(0)) wake();
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to `address` (that `matches`, when given), waiting for it up to `ms`. */
    async waitFor(
      address: string,
      ms = 10_000,
      matches: (mail: CaughtMail) => boolean = () => true,
    ): Promise<CaughtMail> {
      const deadline = Date.now() + ms;
      while (true) {
        const found = messages.find((m) => m.to.includes(address) && matches(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${address} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a caught message, unfolded (long ones continue on indented lines); '' when absent. */
export function headerOf(mail: CaughtMail, name: string): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}
