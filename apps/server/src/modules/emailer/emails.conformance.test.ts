import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.email,
  table: 'emails',
  create: (n) => ({
    name: `Spring newsletter ${n}`,
    subject: 'New in the showroom, {{first_name}}',
    blocks: [
      { type: 'heading', text: 'Spring is here' },
      { type: 'text', html: '<p>Come and see the new tiles.</p>' },
    ],
  }),
  update: (record) => ({ name: record.name, subject: 'Changed subject', preheader: '', blocks: record.blocks }),
  changed: { field: 'subject', after: 'Changed subject' },
  invalid: {
    body: {
      name: '',
      subject: 'Hello {{customer.__proto__}}',
      blocks: [{ type: 'button', label: 'Open', url: 'javascript:alert(1)' }],
    },
    fields: ['name', 'subject', 'blocks.0.url'],
  },
  searchBy: (record) => String(record.name),
  // A sent email stays for its results' sake.
  refer: async (api, record) => {
    const address = await api('PUT', '/settings/messagingSettings', { postalAddress: '12 Harbor Road, Portland ME' });
    if (address.status !== 200) throw new Error(address.text);
    const customer = await api('POST', '/customers', {
      firstName: 'Subscribed',
      emails: [{ label: 'Home', email: `subscribed-${record._id}@example.com` }],
    });
    if (customer.status !== 201) throw new Error(customer.text);
    const { _id, version } = customer.body as { _id: string; version: number };
    const consent = await api('PUT', `/customers/${_id}/settings`, { marketingConsent: true, version });
    if (consent.status !== 200) throw new Error(consent.text);
    const sent = await api('POST', `/emails/${record._id}/sends`, { segment: {} });
    if (sent.status !== 201) throw new Error(sent.text);
  },
});
