import {
  itemStockSchema,
  KINDS,
  materialAnalyticsSchema,
  P,
  reorderLevelsEditSchema,
  reorderLevelsSchema,
  STOCK_TRANSFER_STATUSES,
  type StockItemRef,
  stockAdjustmentSchema,
  stockCheckSchema,
  stockCountInputSchema,
  stockCountLinesSchema,
  stockCountRowSchema,
  stockCountSchema,
  stockItemChoiceSchema,
  stockItemSearchSchema,
  stockMovementPageSchema,
  stockMovementsQuerySchema,
  stockPolicyInputSchema,
  stockTransferInputSchema,
  stockTransferSchema,
  stockValueSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { isUuid } from '../../db/ids';
import { type Actor, assertAllowed, permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden, notFound } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { materialsAccess, mayUseMaterials, productsAccess } from './access';
import { checkStock, latestCheck } from './check.service';
import { cancelCount, createCount, getCount, listCounts, postCount, saveCountLines } from './counts.service';
import { searchItems } from './items';
import { listReorderLevels, setReorderLevels } from './reorder.service';
import {
  adjustStock,
  itemStock,
  listMovements,
  materialAnalytics,
  setStockPolicy,
  stockPlaces,
  stockValue,
} from './stock.service';
import { createTransfer, finishTransfer, getTransfer, listTransfers } from './transfers.service';

const products = productsAccess;
const materials = materialsAccess;
const policies = permission(P.INVENTORY_POLICIES);

/** Moving materials also needs what materials need: the route's own code covers products only. */
function assertMayMove(actor: Actor, items: StockItemRef[]) {
  if (items.some((i) => i.type === 'material')) assertAllowed(materials, actor);
}

const uuidOr404 = (id: string, what: string) => {
  if (!isUuid(id)) throw notFound(`No such ${what}.`);
  return id;
};

const ownerRoutes = (type: 'product' | 'material'): AnyRoute[] => {
  const access = type === 'product' ? products : materials;
  const base = `/stock/${type}s/:id`;
  return [
    defineRoute({
      method: 'GET',
      url: base,
      summary: `A ${type}’s stock per warehouse${type === 'product' ? ' (and variant)' : ''}, with its inventory policy`,
      access,
      params: idParams,
      response: itemStockSchema,
      handler: ({ db, actor, params }) => itemStock(db, actor, type, uuidOr404(params.id, type)),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/movements`,
      summary: `A ${type}’s stock movements, newest first`,
      access,
      params: idParams,
      query: stockMovementsQuerySchema.pick({ warehouse: true, reason: true, limit: true, offset: true }),
      response: stockMovementPageSchema,
      handler: ({ db, params, query }) => listMovements(db, { ...query, [type]: uuidOr404(params.id, type) }),
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/policy`,
      summary: `Whether this ${type} may go below zero, or as the firm’s inventory policy says (103)`,
      access: type === 'product' ? policies : permission(P.INVENTORY_POLICIES, KINDS.raw_material.feature),
      params: idParams,
      body: stockPolicyInputSchema,
      response: itemStockSchema,
      handler: ({ db, actor, params, body }) =>
        setStockPolicy(db, actor, type, uuidOr404(params.id, type), body.policy),
    }),
    defineRoute({
      method: 'GET',
      url: `/${type}s/:id/reorder-levels`,
      summary: `A ${type}’s reorder levels, by warehouse${type === 'product' ? ' (and variant)' : ''}`,
      access,
      params: idParams,
      response: reorderLevelsSchema,
      handler: ({ db, params }) => listReorderLevels(db, type, params.id),
    }),
    defineRoute({
      method: 'PUT',
      url: `/${type}s/:id/reorder-levels`,
      summary: 'Set or take off reorder levels (those not named stay as they are)',
      access,
      params: idParams,
      body: reorderLevelsEditSchema,
      response: reorderLevelsSchema,
      handler: ({ db, actor, params, body }) => setReorderLevels(db, actor, type, params.id, body),
    }),
  ];
};

export const stockRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/stock/materials/:id/analytics',
    summary: 'A material’s use and purchases per month, from its ledger',
    access: materials,
    params: idParams,
    response: materialAnalyticsSchema,
    handler: ({ db, params }) => materialAnalytics(db, uuidOr404(params.id, 'material')),
  }),
  // Readable by all staff: the warehouse pickers of stock, purchasing and selling choose from them.
  defineRoute({
    method: 'GET',
    url: '/stock/warehouses',
    summary: 'The warehouses stock may be kept in (not archived, the default first), by name',
    access: SIGNED_IN,
    response: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return stockPlaces(db);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/stock/items',
    summary: 'Items to stock, buy or move, by name or SKU (materials with their module and code)',
    access: products,
    query: stockItemSearchSchema,
    response: z.array(stockItemChoiceSchema),
    handler: ({ db, actor, query }) => {
      return searchItems(db, query.q, query.limit, mayUseMaterials(actor));
    },
  }),
  ...ownerRoutes('product'),
  ...ownerRoutes('material'),
  defineRoute({
    method: 'POST',
    url: '/stock/adjustments',
    summary: 'Change stock by hand, with the reason (a manual adjustment)',
    access: products,
    body: stockAdjustmentSchema,
    response: itemStockSchema,
    handler: ({ db, actor, body }) => {
      assertMayMove(actor, [body.item]);
      return adjustStock(db, actor, body);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/stock/transfers',
    summary: 'Transfers between warehouses, newest first',
    access: products,
    query: z.strictObject({ status: z.enum(STOCK_TRANSFER_STATUSES).optional() }),
    response: z.array(stockTransferSchema),
    handler: ({ db, query }) => listTransfers(db, query.status),
  }),
  defineRoute({
    method: 'POST',
    url: '/stock/transfers',
    summary: 'Send stock from one warehouse to another (in transit until received)',
    access: products,
    status: 201,
    body: stockTransferInputSchema,
    response: stockTransferSchema,
    handler: ({ db, actor, body }) => {
      assertMayMove(
        actor,
        body.lines.map((l) => l.item),
      );
      return createTransfer(db, actor, body);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/stock/transfers/:id',
    summary: 'A transfer',
    access: products,
    params: idParams,
    response: stockTransferSchema,
    handler: ({ db, params }) => getTransfer(db, uuidOr404(params.id, 'transfer')),
  }),
  ...(['receive', 'cancel'] as const).map((step) =>
    defineRoute({
      method: 'POST',
      url: `/stock/transfers/:id/${step}`,
      summary: step === 'receive' ? 'Receive a transfer at its destination' : 'Cancel a transfer: its stock goes back',
      access: products,
      params: idParams,
      response: stockTransferSchema,
      handler: async ({ db, actor, params }) => {
        const transfer = await getTransfer(db, uuidOr404(params.id, 'transfer'));
        assertMayMove(
          actor,
          transfer.lines.map((l) => ({ type: l.item.type, id: l.item._id })),
        );
        return finishTransfer(db, actor, transfer._id, step === 'receive' ? 'received' : 'cancelled');
      },
    }),
  ),
  defineRoute({
    method: 'GET',
    url: '/stock/counts',
    summary: 'Stock count sheets, newest first',
    access: products,
    response: z.array(stockCountRowSchema),
    handler: ({ db }) => listCounts(db),
  }),
  defineRoute({
    method: 'POST',
    url: '/stock/counts',
    summary: 'Start a count sheet for a warehouse: what it holds, to count',
    access: products,
    status: 201,
    body: stockCountInputSchema,
    response: stockCountSchema,
    handler: ({ db, actor, body }) => createCount(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/stock/counts/:id',
    summary: 'A count sheet, each line with on hand now and its difference',
    access: products,
    params: idParams,
    response: stockCountSchema,
    handler: ({ db, params }) => getCount(db, uuidOr404(params.id, 'stock count')),
  }),
  defineRoute({
    method: 'PUT',
    url: '/stock/counts/:id/lines',
    summary: 'Enter counted quantities (an item not on the sheet joins it)',
    access: products,
    params: idParams,
    body: stockCountLinesSchema,
    response: stockCountSchema,
    handler: ({ db, actor, params, body }) => {
      assertMayMove(
        actor,
        body.lines.map((l) => l.item),
      );
      return saveCountLines(db, actor, uuidOr404(params.id, 'stock count'), body);
    },
  }),
  ...(['post', 'cancel'] as const).map((step) =>
    defineRoute({
      method: 'POST',
      url: `/stock/counts/:id/${step}`,
      summary: step === 'post' ? 'Post the counted differences as count movements' : 'Abandon a count sheet',
      access: products,
      params: idParams,
      response: stockCountSchema,
      handler: async ({ db, actor, params }) => {
        const id = uuidOr404(params.id, 'stock count');
        if (step === 'cancel') return cancelCount(db, actor, id);
        const sheet = await getCount(db, id);
        assertMayMove(
          actor,
          sheet.lines.map((l) => ({ type: l.item.type, id: l.item._id })),
        );
        return postCount(db, actor, id);
      },
    }),
  ),
  defineRoute({
    method: 'GET',
    url: '/stock/value',
    summary: 'What the stock is worth per warehouse, at moving-average cost',
    access: products,
    response: stockValueSchema,
    handler: ({ db }) => stockValue(db),
  }),
  defineRoute({
    method: 'POST',
    url: '/stock/check',
    summary: 'Prove every stock summary equals the sum of its ledger, now',
    access: products,
    response: stockCheckSchema,
    handler: ({ db, actor }) => checkStock(db, actor.firmId),
  }),
  defineRoute({
    method: 'GET',
    url: '/stock/check',
    summary: 'The latest stock check (nightly or asked for)',
    access: products,
    response: z.strictObject({ checkedAt: z.string(), levels: z.number(), drift: z.number() }).nullable(),
    handler: ({ db }) => latestCheck(db),
  }),
];
