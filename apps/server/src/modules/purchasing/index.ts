// The purchasing module's public entry: its tables (the low-stock report reads what is incoming).
export * from './purchase-orders.table';
export * from './shipments.table';
