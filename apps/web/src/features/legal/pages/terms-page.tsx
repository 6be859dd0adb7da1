import { LegalPage } from '../legal-page';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="21 November 2026"
      intro="These terms govern your firm's use of Atelier, the web application for running a design, remodelling, cabinetry or showroom business. By creating an account or signing in, you agree to them on behalf of your firm."
      sections={[
        {
          heading: 'Your account',
          paragraphs: [
            'The person who creates a firm’s account is its first administrator. Administrators decide who else may sign in and what each person may see and do, through roles and permissions.',
            'Keep passwords to yourself. Each person signs in with their own account; sessions end after a period without use. Tell us at once if you believe someone else has used your account.',
          ],
        },
        {
          heading: 'Modules and payment',
          paragraphs: [
            'Atelier is billed monthly per feature module your firm enables. The price of each module and your monthly total are shown under Billing in your profile, and change only when an administrator changes the enabled modules.',
            'Disabling a module hides it and stops access to it from the next request; the records it holds are kept, and come back if you enable it again.',
          ],
        },
        {
          heading: 'Your data',
          paragraphs: [
            'Everything your firm enters (customers, orders, products, files and the rest) belongs to your firm. We keep it separate from every other firm’s data and use it only to provide the service to you.',
            'You are responsible for having the right to store the personal data of your customers and staff in Atelier and for honouring their requests, such as marketing opt-outs, which Atelier records for you.',
          ],
        },
        {
          heading: 'Acceptable use',
          items: [
            'Do not try to reach another firm’s data, or to get around permissions, limits or security checks.',
            'Do not upload content you have no right to use, or files meant to harm others.',
            'Do not send marketing email to people who have not agreed to receive it.',
            'Do not use the service to break the law.',
          ],
        },
        {
          heading: 'Availability and changes',
          paragraphs: [
            'We work to keep Atelier available and your data safe, with regular backups. We may improve or change features; we will tell administrators in advance of changes that take something away.',
          ],
        },
        {
          heading: 'Ending the service',
          paragraphs: [
            'You may stop using Atelier at any time. Before you leave, export the data you want to keep. We may suspend an account that breaks these terms, after telling its administrators why, except where the law or the safety of others requires faster action.',
          ],
        },
        {
          heading: 'Liability',
          paragraphs: [
            'The service is provided as it is. To the extent the law allows, our liability for any claim is limited to the fees your firm paid in the twelve months before it.',
          ],
        },
      ]}
    />
  );
}
