import { KINDS, P, SALES_INCOME_KEYS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { byPeriod, defineJournalSource, type JournalLine } from '../../platform/modules/journal';
import { invoiceLines, invoices } from './invoices.table';

type Row = {
  id: string;
  version: number;
  number: string;
  date: string;
  billing: string;
  customer_id: string;
  customer: string;
  notes: string;
  total_cents: string;
  retention_cents: string;
  deposit_recovered_cents: string;
  shipping_cents: string;
  lines: { key: keyof typeof SALES_INCOME_KEYS; net: number; tax: number }[] | null;
};

/**
 * An issued invoice in the books (decision 0047): its total is owed (Dr receivable); what it
 * holds back as retention is owed later (Dr retention receivable) and the deposit it recovers
 * comes off the deposit held (Dr customer deposits); its lines are income by what they sell, its
 * shipping shipping income and its tax sales tax payable. A deposit invoice credits customer
 * deposits, a retention release the retention receivable. Total = lines + shipping − retention −
 * deposit recovered (decision 0043), so every invoice balances.
 */
export const invoiceJournal = defineJournalSource({
  key: 'invoice',
  label: 'Invoices',
  noun: 'invoice',
  kind: KINDS.invoice,
  syncCode: P.SYNC_INVOICES,
  documents: async (db, firmId, which) => {
    const where = byPeriod(which)
      ? sql`i.issue_date BETWEEN ${which.from}::date AND ${which.to}::date`
      : sql`i.id = ANY(${sql.param(which.ids)}::uuid[])`;
    // A line billing an order line (progress) sells what the order line sells.
    const rows = await db.execute<Row>(sql`
      SELECT i.id, i.version, i.prefix || i.number AS number, i.issue_date::text AS date, i.billing,
             i.customer_id, c.name AS customer, i.notes, i.total_cents::text, i.retention_cents::text,
             i.deposit_recovered_cents::text, i.shipping_cents::text,
             (SELECT json_agg(json_build_object('key', g.key, 'net', g.net, 'tax', g.tax) ORDER BY g.key)
                FROM (SELECT CASE
                          WHEN COALESCE(ol.kind, l.kind) = 'special' THEN 'special_orders'
                          WHEN (CASE WHEN ol.id IS NULL THEN l.material_id ELSE ol.material_id END) IS NOT NULL THEN 'materials'
                          WHEN (CASE WHEN ol.id IS NULL THEN l.product_id ELSE ol.product_id END) IS NOT NULL THEN 'products'
                          ELSE 'services' END AS key,
                        sum(l.total_cents - l.tax_cents)::bigint AS net, sum(l.tax_cents)::bigint AS tax
                   FROM ${invoiceLines} l LEFT JOIN order_lines ol ON ol.id = l.order_line_id
                  WHERE l.invoice_id = i.id
                  GROUP BY 1) g) AS lines
        FROM ${invoices} i JOIN customers c ON c.id = i.customer_id
       WHERE i.firm_id = ${firmId} AND i.status IN ('sent', 'partially_paid', 'paid') AND ${where}
       ORDER BY i.issue_date, i.number`);
    return rows.rows.map((r) => {
      const groups = (r.lines ?? []).map((g) => ({ key: g.key, net: Number(g.net), tax: Number(g.tax) }));
      const tax = groups.reduce((s, g) => s + g.tax, 0);
      const net = groups.reduce((s, g) => s + g.net, 0);
      const lines: JournalLine[] = [
        { role: 'accounts_receivable', debitCents: Number(r.total_cents), creditCents: 0, memo: r.number },
      ];
      if (r.billing === 'deposit') {
        lines.push({ role: 'customer_deposits', debitCents: 0, creditCents: net, memo: 'Deposit invoiced' });
      } else if (r.billing === 'retention') {
        lines.push({ role: 'retention_receivable', debitCents: 0, creditCents: net, memo: 'Retention released' });
      } else {
        lines.push(
          {
            role: 'retention_receivable',
            debitCents: Number(r.retention_cents),
            creditCents: 0,
            memo: 'Retention held',
          },
          {
            role: 'customer_deposits',
            debitCents: Number(r.deposit_recovered_cents),
            creditCents: 0,
            memo: 'Deposit recovered',
          },
          ...groups.map(
            (g): JournalLine => ({
              role: 'sales_income',
              key: g.key,
              debitCents: 0,
              creditCents: g.net,
              memo: SALES_INCOME_KEYS[g.key] ?? g.key,
            }),
          ),
          { role: 'shipping_income', debitCents: 0, creditCents: Number(r.shipping_cents), memo: 'Shipping' },
        );
      }
      lines.push({ role: 'sales_tax_payable', debitCents: 0, creditCents: tax, memo: 'Sales tax' });
      return {
        id: r.id,
        version: r.version,
        number: r.number,
        date: r.date,
        party: { type: 'customer' as const, id: r.customer_id, name: r.customer },
        memo: `Invoice ${r.number}`,
        lines,
      };
    });
  },
  accountKeys: async () =>
    Object.entries(SALES_INCOME_KEYS).map(([key, label]) => ({ role: 'sales_income' as const, key, label })),
});
