import { describe, expect, it } from 'vitest';
import { billLineCents, billLineFlags, vendorBillInputSchema } from './vendor-bills';

describe('vendor bill lines', () => {
  it('come to quantity × unit cost, half-up to the cent, exactly at any size', () => {
    expect(billLineCents(3, 1_250.5)).toBe(3_752); // 37.515 → 37.52
    expect(billLineCents(0.3333, 100)).toBe(33);
    expect(billLineCents(1_000_000_000, 100_000_000_000)).toBe(100_000_000_000_000_000_000);
  });

  it('flag a quantity beyond what arrived and was not billed, and a cost other than ordered', () => {
    const line = { received: 4, billed: 3, unitCost: 500 };
    expect(billLineFlags(line, 1)).toEqual({ overBilled: false, costDiffers: false });
    expect(billLineFlags(line, 1.0001)).toEqual({ overBilled: true, costDiffers: false });
    expect(billLineFlags(line, 1, 500)).toEqual({ overBilled: false, costDiffers: false });
    expect(billLineFlags(line, 1, 500.01)).toEqual({ overBilled: false, costDiffers: true });
  });

  it('refuse one purchase-order line twice on a bill, and a due date before the bill date', () => {
    const line = '019a0000-0000-7000-8000-000000000001';
    const parsed = vendorBillInputSchema.safeParse({
      vendor: '019a0000-0000-7000-8000-000000000002',
      billNumber: 'A-1',
      billDate: '2026-03-02',
      dueDate: '2026-03-01',
      lines: [{ purchaseOrderLine: line, quantity: 1 }, { purchaseOrderLine: line, quantity: 2 }, { quantity: 1 }],
    });
    const paths = (parsed.error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['dueDate', 'lines.1.purchaseOrderLine', 'lines.2.description', 'lines.2.unitCost']),
    );
  });
});
