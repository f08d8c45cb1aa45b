// The quotations' money: exact decimals, the branches' currencies, rates and percentages, and a document's arithmetic.
export {
  currencyOfBranch,
  decimalsOf,
  formatAmount,
  type Minor,
  parseAmount,
  vatCountryOfBranch,
} from './currencies.js';
export { divideRoundingHalfUp, formatScaled, formatScaledShort, parseDecimal, pow10 } from './decimals.js';
export {
  documentTotals,
  type DocumentTotals,
  formatQuantity,
  type Hundredths,
  lineTotalOf,
  parseQuantity,
  priceLine,
  type PricedLine,
  vatOf,
} from './lines.js';
export {
  convertFromAed,
  type ExactRate,
  formatPercent,
  formatRate,
  normalRate,
  parsePercent,
  parseRate,
  UNIT_RATE,
} from './rates.js';
