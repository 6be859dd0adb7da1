/**
 * Where a text message goes. No SMS provider is reachable from here, so the product ships the
 * interface and this log adapter; a provider's adapter (Twilio, Vonage…) implements `send` with
 * the outbound HTTP client and answers its message id.
 */
export type SmsAdapter = {
  name: string;
  /** Whether a text really reaches the phone (the log adapter's does not). */
  delivers: boolean;
  send: (message: { to: string; from: string; body: string }) => Promise<{ id: string }>;
};

/** Writes each text to the server's log instead of sending it. */
export function logSmsAdapter(log: (line: string) => void): SmsAdapter {
  let n = 0;
  return {
    name: 'log',
    delivers: false,
    send: async ({ to, body }) => {
      n += 1;
      log(`Text message to ${to} (not sent: no SMS provider is connected)\n${body}`);
      return { id: `log-${Date.now()}-${n}` };
    },
  };
}
