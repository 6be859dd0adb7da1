import { z } from 'zod';

export const addressSchema = z.strictObject({
  line1: z.string().trim().min(1, 'Enter the street address.').max(200, 'Use at most 200 characters.'),
  line2: z.string().trim().max(200, 'Use at most 200 characters.').optional(),
  city: z.string().trim().min(1, 'Enter the city.').max(100, 'Use at most 100 characters.'),
  region: z.string().trim().max(100, 'Use at most 100 characters.'),
  postalCode: z.string().trim().max(20, 'Use at most 20 characters.'),
  country: z.string().trim().min(2, 'Enter the country.').max(60, 'Use at most 60 characters.'),
});
export type Address = z.infer<typeof addressSchema>;

/** POST /api/v1/warehouses and PUT /api/v1/warehouses/{id}. */
export const warehouseInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the warehouse a name.').max(120, 'Use at most 120 characters.'),
  address: addressSchema.nullable(),
  isDefault: z.boolean(),
});
export type WarehouseInput = z.infer<typeof warehouseInputSchema>;

export const warehouseSchema = warehouseInputSchema.extend({
  _id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Warehouse = z.output<typeof warehouseSchema>;

/** The client-side texts of spec sections 5 and 8 (the spec's "view vendors" was a copy slip). */
export const WAREHOUSE_TEXTS = {
  permission: 'You do not have permission to manage warehouses.',
  fetchFailed: 'Unable to fetch warehouse.',
  createFailed: 'Warehouse failed to create.',
  created: 'Warehouse created successfully.',
  updated: 'Warehouse updated successfully.',
} as const;
