export interface Migration {
  /** Three digits, strictly increasing: the order migrations run in. */
  version: string;
  name: string;
  sql: string;
}
