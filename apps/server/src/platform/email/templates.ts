import { escapeHtml } from '../text/escape-html';
import type { Email } from './outbox.service';

function layout(paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:24px auto;padding:0 16px">${body}<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#868e96;font-size:13px">If the button does not work, open this address: ${escapeHtml(action.url)}</p></body></html>`;
}

export function passwordResetEmail(to: string, firstName: string, link: string, minutes: number): Email {
  const lines = [
    `Hello ${firstName},`,
    `Someone asked to reset the password of your Atelier account. The link below works once, for ${minutes} minutes.`,
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your Atelier password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: layout(lines, { label: 'Reset your password', url: link }),
  };
}

export function invitationEmail(
  to: string,
  firstName: string,
  inviter: string,
  firmName: string,
  link: string,
  days: number,
): Email {
  const lines = [
    `Hello ${firstName},`,
    `${inviter} invited you to join ${firmName} on Atelier, where the firm runs its orders, customers, products and jobs.`,
    `Choose your password with the link below to sign in. It works once, for ${days} days.`,
  ];
  return {
    to,
    subject: `${inviter} invited you to ${firmName} on Atelier`,
    text: `${lines.join('\n\n')}\n\nAccept the invitation: ${link}\n`,
    html: layout(lines, { label: 'Accept the invitation', url: link }),
  };
}

export function signUpEmail(to: string, firstName: string, link: string, hours: number): Email {
  const lines = [
    `Hello ${firstName},`,
    `Welcome to Atelier. Open the link below to create your firm's account and sign in. It works once, for ${hours} hours.`,
    'If you did not sign up, ignore this email: nothing is created without the link.',
  ];
  return {
    to,
    subject: 'Finish signing up for Atelier',
    text: `${lines.join('\n\n')}\n\nCreate your account: ${link}\n`,
    html: layout(lines, { label: 'Create your account', url: link }),
  };
}

/** Sent instead of a sign-up link when the address already has an account: nothing is created. */
export function existingAccountEmail(to: string, firstName: string, signInLink: string, resetLink: string): Email {
  const lines = [
    `Hello ${firstName},`,
    'Someone (perhaps you) tried to sign up for Atelier with this email address, which already has an account. Nothing was changed.',
    `Sign in at ${signInLink}. If you forgot your password, ask for a new one at ${resetLink}.`,
  ];
  return {
    to,
    subject: 'You already have an Atelier account',
    text: `${lines.join('\n\n')}\n`,
    html: layout(lines, { label: 'Sign in', url: signInLink }),
  };
}
