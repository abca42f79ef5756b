import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCsvAmount, formatUsd, isCents, isWholeDollarCents, isWholeDollars } from './money';

describe('dollarsToCents / centsToDollars', () => {
  it('converts whole and fractional dollars', () => {
    expect(dollarsToCents(10)).toBe(1000);
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(12.34)).toBe(1234);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(-5)).toBe(-500);
    expect(centsToDollars(1234)).toBe(12.34);
  });

  it('round-trips every whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('round-trips every whole dollar amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (dollars) => {
        expect(centsToDollars(dollarsToCents(dollars))).toBe(dollars);
      }),
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Infinity)).toThrow(RangeError);
    expect(() => dollarsToCents(1e20)).toThrow(RangeError);
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });
});

describe('whole-dollar checks', () => {
  it('tells whole dollars', () => {
    expect(isWholeDollars(10)).toBe(true);
    expect(isWholeDollars(10.5)).toBe(false);
    expect(isWholeDollars('10')).toBe(false);
    expect(isWholeDollarCents(1000)).toBe(true);
    expect(isWholeDollarCents(1050)).toBe(false);
    expect(isWholeDollarCents(-200)).toBe(true);
  });

  it('tells integer cents', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(-250)).toBe(true);
    expect(isCents(2.5)).toBe(false);
    expect(isCents('250')).toBe(false);
    expect(isCents(2 ** 60)).toBe(false);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [50, '$0.50'],
    [1000, '$10.00'],
    [123450, '$1,234.50'],
    [100000000, '$1,000,000.00'],
    [99999, '$999.99'],
    [-500, '-$5.00'],
    [-123456, '-$1,234.56'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('refuses fractional cents', () => {
    expect(() => formatUsd(10.5)).toThrow(RangeError);
  });

  it('agrees with the en-US currency format for every amount', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatUsd(cents)).toBe(usd.format(cents / 100));
      }),
    );
  });
});

describe('formatCsvAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [2000, '20.00'],
    [123450, '1234.50'],
    [-500, '-5.00'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCsvAmount(cents)).toBe(text);
  });

  it('is formatUsd without the $ and the separators, for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(formatCsvAmount(cents)).toBe(formatUsd(cents).replace('$', '').replaceAll(',', ''));
      }),
    );
  });
});
