import { LegalPage } from '../legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="21 November 2026"
      intro="This policy explains what personal data Atelier holds, why, and what you can do about it. Your firm decides what it stores about its customers and staff; we process that data on its behalf."
      sections={[
        {
          heading: 'What we hold',
          items: [
            'Account details of staff: name, email address, photo, roles, and a one-way hash of the password (never the password itself).',
            'What firms record about their customers, leads and partners, such as names, addresses, phone numbers, orders and notes.',
            'A record of changes: who changed which record, when, and what changed, so firms can see their history.',
            'Technical data needed to keep accounts safe: the times and network addresses of sign-ins and failed attempts.',
          ],
        },
        {
          heading: 'Why we hold it',
          paragraphs: [
            'To provide the service to your firm, to keep accounts secure (for example by slowing down repeated failed sign-ins), and to send the emails you ask for, such as password resets and invitations.',
          ],
        },
        {
          heading: 'Cookies',
          paragraphs: [
            'Atelier uses one cookie to keep you signed in and a second that only says a session exists. Neither is used for advertising or tracking. Your choice of light or dark mode is kept in your browser’s local storage.',
          ],
        },
        {
          heading: 'Who can see it',
          paragraphs: [
            'Only the people your firm gives access to, limited by their permissions. Each firm’s data is isolated from every other firm’s by the database itself. We do not sell personal data or share it with advertisers.',
          ],
        },
        {
          heading: 'How long we keep it',
          paragraphs: [
            'As long as your firm keeps its account. Ended sessions and used links are deleted regularly. When you delete your own account, your sign-in details and photo are removed; your name stays in the firm’s history of changes.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'You can see and correct your own details under your profile settings, and delete your account there. For data a firm holds about you as its customer, contact that firm; it can export, correct or delete it.',
          ],
        },
      ]}
    />
  );
}
