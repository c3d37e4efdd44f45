import type { ValueTransformer } from 'typeorm';

/** Dollars as the API shows them: a decimal string with two places ("40.00"). */
export const toMoney = (value: number | string) => Number(value).toFixed(2);

/** Whole cents, so sums and products of prices are exact. */
export const toCents = (value: number | string) => Math.round(Number(value) * 100);
export const centsToMoney = (cents: number) => (cents / 100).toFixed(2);

/** DECIMAL(10,2) column read as the API's string on every driver (MySQL gives "40.00", SQLite 40). */
export const moneyString: ValueTransformer = {
  to: (value: string | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : toMoney(value)),
};
