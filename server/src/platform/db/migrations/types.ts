export interface Migration {
  /** Three digits, strictly increasing: the order migrations run in. */
  version: string;
  name: string;
  /**
   * Literal text, built from nothing (no import, no helper, no interpolation): migrate.ts refuses to start a database
   * whose applied migration's checksum changed, so SQL made from live code would stop every existing database at an
   * innocent edit of that code. A change to the schema is a new migration (migrations.test.ts pins every checksum).
   */
  sql: string;
}
