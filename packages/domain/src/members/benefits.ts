/**
 * Benefit arithmetic (decision 0036): remaining per coverage and currency, the per-visit cap,
 * and deductible then co-pay applied to a claimed amount. Money travels as decimal strings
 * ('1250.50', read from numeric columns) and is counted here in integer cents (bigint), never
 * in floats. A limit that is null is unlimited.
 */
import { formatAmount } from '../format/format.ts';

/** An amount in integer minor units (cents). */
export type TCents = bigint;

const MONEY = /^-?\d{1,15}(\.\d{1,2})?$/;

/** Whether `value` is a decimal amount with at most 2 decimals ('1,250.50' with grouping is accepted). */
export function isMoney(value: string): boolean {
  return MONEY.test(value.replace(/,/g, '').trim());
}

/** Cents of a decimal amount ('1,250.50' → 125050n); throws on anything that is not an amount. */
export function toCents(value: string | number): TCents {
  const text = String(value).replace(/,/g, '').trim();
  if (!MONEY.test(text)) throw new Error(`Not an amount: ${value}`);
  const negative = text.startsWith('-');
  const [whole, decimals = ''] = text.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(decimals.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** The decimal string of cents (1874950n → '18749.50'), as the API and numeric columns carry it. */
export function fromCents(cents: TCents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const decimals = String(abs % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${decimals}`;
}

/** The display form of an amount: 2 decimals, ',' thousands, '-' when missing or not a number (spec section 5). */
export function formatMoney(value: string | TCents | null | undefined): string {
  if (typeof value === 'bigint') return formatAmount(fromCents(value));
  return formatAmount(value);
}

/** Sum of decimal amounts, exactly. */
export function sumMoney(values: readonly string[]): string {
  return fromCents(values.reduce((total, v) => total + toCents(v), 0n));
}

export interface TRemainingInput {
  /** The annual (policy-year) limit; null is unlimited. */
  annualLimit: string | null;
  /** Consumed by claims and imported history. */
  used: string;
  /** Reserved by approved pre-authorisations not yet claimed. */
  pending: string;
}

/**
 * Remaining of a coverage in one currency: annual limit − used − pending, never below zero;
 * null when the limit is unlimited.
 */
export function remainingBenefit({ annualLimit, used, pending }: TRemainingInput): string | null {
  if (annualLimit === null) return null;
  const left = toCents(annualLimit) - toCents(used) - toCents(pending);
  return fromCents(left > 0n ? left : 0n);
}

export interface TAdjudicateInput {
  /** What the provider claims for the visit. */
  claimed: string;
  /** What is left of the policy year's deductible (the member pays it first). */
  deductibleLeft: string;
  /** The member's share of what remains after the deductible, in percent with up to 2 decimals. */
  coPayPercent: string;
  /** The most the plan pays for one visit; null is unlimited. */
  perVisitLimit: string | null;
  /** What is left of the annual limit (remainingBenefit); null is unlimited. */
  remaining: string | null;
}

export interface TAdjudication {
  /** The part of the claim paid by the member as deductible. */
  deductible: string;
  /** The member's co-pay on the rest. */
  coPay: string;
  /** What the plan pays, after the per-visit cap and the remaining annual limit. */
  payable: string;
  /** What the member pays in all: claimed − payable. */
  memberShare: string;
}

/** Percent with up to 2 decimals as basis points ('10.00' → 1000n). */
function basisPoints(percent: string): bigint {
  const bp = toCents(percent);
  if (bp < 0n || bp > 10000n) throw new Error(`Not a percentage between 0 and 100: ${percent}`);
  return bp;
}

/** a × bp / 10000, rounded half up to the cent. */
function percentOf(cents: TCents, bp: bigint): TCents {
  return (cents * bp + 5000n) / 10000n;
}

const min = (a: TCents, b: TCents) => (a < b ? a : b);

/**
 * A claimed amount through the benefit rules, in order: the deductible left is taken first, the
 * co-pay percentage of the rest is the member's, the plan's part is capped by the per-visit
 * limit and by the remaining annual limit; what the plan does not pay is the member's share.
 */
export function adjudicate(input: TAdjudicateInput): TAdjudication {
  const claimed = toCents(input.claimed);
  if (claimed < 0n) throw new Error('A claimed amount cannot be negative');
  const deductible = min(claimed, maxZero(toCents(input.deductibleLeft)));
  const afterDeductible = claimed - deductible;
  const coPay = percentOf(afterDeductible, basisPoints(input.coPayPercent));
  let payable = afterDeductible - coPay;
  if (input.perVisitLimit !== null) payable = min(payable, maxZero(toCents(input.perVisitLimit)));
  if (input.remaining !== null) payable = min(payable, maxZero(toCents(input.remaining)));
  return {
    deductible: fromCents(deductible),
    coPay: fromCents(coPay),
    payable: fromCents(payable),
    memberShare: fromCents(claimed - payable),
  };
}

function maxZero(cents: TCents): TCents {
  return cents > 0n ? cents : 0n;
}

/** Whether `day` (YYYY-MM-DD) lies within a validity whose ends may be open (null). */
export function isWithin(day: string, from: string | null, to: string | null): boolean {
  return (from === null || from <= day) && (to === null || day <= to);
}

/** A policy year: its first and last day (YYYY-MM-DD). */
export interface TPolicyYear {
  from: string;
  to: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The anniversary of `validFrom` in `year`; 29 February falls on the 28th in common years. */
function anniversary(validFrom: string, year: number): string {
  const month = Number(validFrom.slice(5, 7));
  const day = Math.min(Number(validFrom.slice(8, 10)), daysIn(year, month));
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The policy year that holds `day`: limits, deductibles and usage count per policy year, which
 * starts on validFrom and on each anniversary of it, and ends the day before the next one (or
 * on validTo). A day outside the validity takes the nearest policy year (the first before the
 * start, the last after the end), so an expired policy shows its last year.
 */
export function policyYearOf(day: string, validFrom: string, validTo: string): TPolicyYear {
  const on = day < validFrom ? validFrom : day > validTo ? validTo : day;
  let year = Number(on.slice(0, 4));
  if (anniversary(validFrom, year) > on) year -= 1;
  const from = anniversary(validFrom, year);
  const next = dayBefore(anniversary(validFrom, year + 1));
  return { from: from < validFrom ? validFrom : from, to: next > validTo ? validTo : next };
}
