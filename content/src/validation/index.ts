// Validation rules shared by browser and server. Import as '@site/content/src/validation'
// (kept out of the package's main entry so that entry stays data only).
export * from './rules';
export * from './contactForm';
