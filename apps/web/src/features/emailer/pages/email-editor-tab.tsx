import type { Email } from '@atelier/contracts';
import { useRecord } from '../../../components/record/record-outlet';
import { EmailEditor } from '../components/email-editor';

/** /u/emailer/{id}/editor: the email's blocks, top to bottom. */
export default function EmailEditorTab() {
  const { record } = useRecord<Email>();
  return <EmailEditor record={record} />;
}
