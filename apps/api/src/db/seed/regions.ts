/**
 * The states of the demo countries, with the postcodes that belong to each (the address check
 * rejects a postcode of another state; modules/shipping/postcodes.ts). Migration 0022 upserts
 * the same rows into an existing shop (regions.test.ts holds the two together).
 *
 * India: the 28 states and 8 union territories by their current names, ISO 3166-2:IN codes
 * (Telangana keeps TG, its vehicle code, as shops have stored it). Their PIN codes are 6 digits;
 * each state lists the ranges of its first two or three digits, from India Post's postal
 * circles and sorting districts. Where a sorting district spans two (Goa in 403 inside
 * Maharashtra's 40–44, Chandigarh and Mohali sharing 160, Lakshadweep in 682 inside Kerala's
 * 67–69), both states list it.
 *
 * The United Arab Emirates: the seven emirates (ISO 3166-2:AE); there are no postcodes.
 */

import type { PrefixRange } from '../../modules/shipping/postcodes.ts';

/** [name, code, prefix ranges as 'from-to' or a single prefix]. */
type StateRow = readonly [name: string, code: string, prefixes: readonly string[]];

const INDIA_STATES: readonly StateRow[] = [
  // States
  ['Andhra Pradesh', 'AP', ['515-535']],
  ['Arunachal Pradesh', 'AR', ['790-792']],
  ['Assam', 'AS', ['781-788']],
  ['Bihar', 'BR', ['80-85']],
  ['Chhattisgarh', 'CG', ['490-497']],
  ['Goa', 'GA', ['403']],
  ['Gujarat', 'GJ', ['360-396']],
  ['Haryana', 'HR', ['12-13']],
  ['Himachal Pradesh', 'HP', ['17']],
  ['Jharkhand', 'JH', ['813-816', '822', '825-835']],
  ['Karnataka', 'KA', ['56-59']],
  ['Kerala', 'KL', ['67-69']],
  ['Madhya Pradesh', 'MP', ['45-48']],
  ['Maharashtra', 'MH', ['40-44']],
  ['Manipur', 'MN', ['795']],
  ['Meghalaya', 'ML', ['793-794']],
  ['Mizoram', 'MZ', ['796']],
  ['Nagaland', 'NL', ['797-798']],
  ['Odisha', 'OD', ['751-770']],
  ['Punjab', 'PB', ['14-16']],
  ['Rajasthan', 'RJ', ['30-34']],
  ['Sikkim', 'SK', ['737']],
  ['Tamil Nadu', 'TN', ['60-64']],
  ['Telangana', 'TG', ['500-509']],
  ['Tripura', 'TR', ['799']],
  ['Uttar Pradesh', 'UP', ['20-28']],
  ['Uttarakhand', 'UK', ['244', '246-249', '262-263']],
  ['West Bengal', 'WB', ['700-736', '738-743']],
  // Union territories
  ['Andaman and Nicobar Islands', 'AN', ['744']],
  ['Chandigarh', 'CH', ['160']],
  ['Dadra and Nagar Haveli and Daman and Diu', 'DH', ['362', '396']],
  ['Delhi', 'DL', ['110']],
  ['Jammu and Kashmir', 'JK', ['180-193']],
  ['Ladakh', 'LA', ['194']],
  ['Lakshadweep', 'LD', ['682']],
  ['Puducherry', 'PY', ['533', '605', '609', '673']],
];

const UAE_EMIRATES: readonly StateRow[] = [
  ['Abu Dhabi', 'AZ', []],
  ['Ajman', 'AJ', []],
  ['Dubai', 'DU', []],
  ['Fujairah', 'FU', []],
  ['Ras Al Khaimah', 'RK', []],
  ['Sharjah', 'SH', []],
  ['Umm Al Quwain', 'UQ', []],
];

export interface RegionState {
  name: string;
  code: string;
  postcodePrefixes: PrefixRange[];
}

const toState = ([name, code, prefixes]: StateRow): RegionState => ({
  name,
  code,
  postcodePrefixes: prefixes.map((p) => {
    const [from, to = from] = p.split('-') as [string, string?];
    return { from, to };
  }),
});

/** States by country (ISO 3166-1 alpha-2), in the order above. */
export const REGION_STATES: Record<'IN' | 'AE', RegionState[]> = {
  IN: INDIA_STATES.map(toState),
  AE: UAE_EMIRATES.map(toState),
};

/** Digits a postcode has, by country; a country not listed takes any postcode shape. */
export const POSTCODE_DIGITS: Partial<Record<string, number>> = { IN: 6 };
