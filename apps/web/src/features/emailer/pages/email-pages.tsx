import type { Email, EmailInput, EmailRow } from '@atelier/contracts';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDateTime } from '../../../lib/format';
import { emails } from '../api';
import { SendsCard } from '../components/sends-card';

const EmailForm = lazyNamed(() => import('../components/email-form'), 'EmailForm');

const sentWords = (e: Email) =>
  e.sends === 0 || !e.lastSentAt
    ? 'Not sent yet'
    : `Sent ${e.sends === 1 ? 'once' : `${e.sends} times`}, last ${formatDateTime(e.lastSentAt)}`;

/** The emailer: marketing emails built from blocks, sent to the customers who agreed to get them. */
export default recordPages<Email, EmailInput, EmailRow>({
  resource: emails,
  form: (props) => <EmailForm {...props} />,
  description:
    'Marketing emails built from blocks (headings, text, images, buttons, product cards), sent to the customers who agreed to get them.',
  newDescription: 'Name it and write its subject; then build it from blocks on its Editor tab.',
  created: (e) => `${e.name} created: build it on the Editor tab.`,
  subtitle: (e) => `${e.subject} · ${sentWords(e)}`,
  details: { below: (e) => <SendsCard email={e} /> },
  deleteText: 'Deleting removes the email for good. An email that was sent keeps its sends: archive it instead.',
  deletable: (e) => e.sends === 0,
  tabs: {
    editor: () => import('./email-editor-tab'),
    preview: () => import('./email-preview-tab'),
    help: () => import('./email-help-tab'),
  },
});
