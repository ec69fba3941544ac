// The orders' kit piece on its own: each order is held to its own project company's cap, read once per company,
// with the strictest single amount among them; and an order's common fields go on the wire in the shape both
// stages' order schemas spread.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { type BindingCap, ListedOrderFields, capEachOrder, listedOrder } from './stage-orders';

const order = (orderNo: string, projectCompanyId: string | null) => ({ orderNo, projectCompanyId });

describe('the orders a business finances', () => {
  it('holds each order to its own company, reading each company once, and keeps the strictest single amount', async () => {
    const caps: Record<string, BindingCap> = {
      A: { ratio: '0.7000', singleMax: 5_000_00n },
      B: { ratio: null, singleMax: 3_000_00n },
      '': { ratio: '0.6000', singleMax: null },
    };
    const asked: (string | null)[] = [];
    const capOf = async (companyId: string | null) => {
      asked.push(companyId);
      return caps[companyId ?? ''] as BindingCap;
    };
    const orders = [order('FK1', 'A'), order('FK2', 'B'), order('FK3', 'A'), order('FK4', null)];
    const capped = await capEachOrder(orders, capOf);
    expect(capped.orders).toEqual([
      { orderNo: 'FK1', projectCompanyId: 'A', ratio: '0.7000' },
      { orderNo: 'FK2', projectCompanyId: 'B', ratio: null },
      { orderNo: 'FK3', projectCompanyId: 'A', ratio: '0.7000' },
      { orderNo: 'FK4', projectCompanyId: null, ratio: '0.6000' },
    ]);
    expect(asked).toEqual(['A', 'B', null]);
    expect(capped.singleMax).toBe(3_000_00n);
  });

  it('has no single amount where no company sets one, and none for no orders', async () => {
    const none = async (): Promise<BindingCap> => ({ ratio: null, singleMax: null });
    expect((await capEachOrder([order('FK1', 'A')], none)).singleMax).toBeNull();
    expect(await capEachOrder([], none)).toEqual({ orders: [], singleMax: null });
  });

  it('sends an order’s common fields in the shape the stages’ order schemas spread', () => {
    const wire = listedOrder({
      orderId: 'o1',
      orderNo: 'FK1',
      projectCompanyName: null,
      dueDate: '2027-03-31',
      receivableAmount: 100_000_00,
      confirmedAmount: null,
      confirmStatus: 'CONFIRMED',
      locked: false,
    });
    expect(wire.keyId).toBe('o1');
    expect(Value.Check(Type.Object(ListedOrderFields, { additionalProperties: false }), wire)).toBe(true);
  });
});
