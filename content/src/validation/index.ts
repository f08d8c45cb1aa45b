// Validation rules shared by browser and server. Import as '@site/content/validation'
// (kept out of the package's main entry so that entry stays data only). Named re-exports,
// not `export *`: Node finds the names of this CommonJS-compiled module only when they are listed.
export {
  BRANCH_NAMES,
  cutText,
  DEFAULT_BRANCH_NAME,
  EMAIL_PATTERN,
  FIELD_MAX_LENGTH,
  HONEYPOT_FIELD,
  isValidEmail,
  textProblem,
  withoutDisallowedCharacters,
  type TextKind,
  type TextProblem,
} from './rules';
export {
  CONTACT_REQUIRED_FIELDS,
  HUMAN_CHECK,
  isHumanCheckAnswer,
  validateContactForm,
  withWesternDigits,
  type ContactFormCheck,
  type ContactFormProblem,
} from './contactForm';
export {
  checkQuantity,
  isQuoteUnit,
  normalizedProductCode,
  parseQuantity,
  QUOTE_LIMITS,
  QUOTE_REFERENCE_PATTERN,
  QUOTE_UNITS,
  QUOTE_UNIT_WORDS,
  quoteReference,
  readPastedList,
  unitAllowsDecimals,
  type PastedEntry,
  type PastedProblem,
  type QuantityCheck,
  type QuantityProblem,
  type QuoteUnit,
} from './quote';
