// The quotations' money: exact decimals, the branches' currencies, rates and percentages, and a document's arithmetic,
// the same for the server (which stores the figures) and the staff app's editor (which shows them as staff type).
export {
  currencyOfBranch,
  decimalsOf,
  formatAmount,
  type Minor,
  parseAmount,
  vatCountryOfBranch,
} from './currencies';
export { divideRoundingHalfUp, formatScaled, formatScaledShort, parseDecimal, pow10 } from './decimals';
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
} from './lines';
export {
  convertFromAed,
  type ExactRate,
  formatPercent,
  formatRate,
  normalRate,
  parsePercent,
  parseRate,
  UNIT_RATE,
} from './rates';
export {
  draftFigures,
  type DraftFigures,
  type LineFigures,
  type LineProblem,
  type LineText,
  type ReadAmounts,
  readLineAmounts,
} from './draft';
