import { type SQL, sql } from 'drizzle-orm';
import { stockTransferLines, stockTransfers } from './stock.table';

/**
 * Where stock is coming from, as SQL yielding (item_id, warehouse_id, open_e4, due_e4,
 * expected_on): all that is still to arrive, what of it is due within its vendor's lead time
 * from today, and the day it is expected. Transfers
 * in transit are the stock module's own; purchasing registers its open purchase-order lines when
 * it loads (decision 0018's registries: the stock module does not import purchasing).
 */
const sources: SQL[] = [
  sql`SELECT tl.item_id, t.to_warehouse_id AS warehouse_id, tl.quantity_e4 AS open_e4, tl.quantity_e4 AS due_e4,
             current_date AS expected_on
        FROM ${stockTransferLines} tl JOIN ${stockTransfers} t ON t.id = tl.transfer_id
       WHERE t.status = 'in_transit'`,
];

/** A source's `open_e4` and `due_e4` are never below 0: low stock reads only levels at or below their point. */
export function registerIncoming(source: SQL): void {
  sources.push(source);
}

/** Everything incoming, summed per item and warehouse: (item_id, warehouse_id, open_e4, due_e4). */
export function incomingSql(): SQL {
  return sql`SELECT item_id, warehouse_id, sum(open_e4)::bigint AS open_e4, sum(due_e4)::bigint AS due_e4
               FROM (${incomingDatedSql()}) incoming
              GROUP BY item_id, warehouse_id`;
}

/** Every source's rows as they are: (item_id, warehouse_id, open_e4, due_e4, expected_on). */
export function incomingDatedSql(): SQL {
  return sql.join(sources, sql` UNION ALL `);
}
