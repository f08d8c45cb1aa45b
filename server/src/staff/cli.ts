// `npm run staff -- <command>` (server/scripts/staff.ts): the staff accounts, made and changed from the command line
// only (the app has no account screens, and there is no default account or password in the configuration). Works
// on the database the server is configured with: DATABASE_URL (PostgreSQL), else the embedded one in DATA_DIR.
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { RELEASED_REMOTES } from '@site/contracts/federation';
import { mustUseSecondFactor, STAFF_ROLES, type StaffBranch, type StaffRole } from '@site/contracts/staff-api';
import { describeError, runMigrations, type Database } from '../platform/db/index.js';
import { openCliDatabase, type CliIo } from '../platform/cli/cliDatabase.js';
import {
  endSessionsOf,
  findAccountByEmail,
  isEmailAddress,
  listAccounts,
  normaliseEmail,
  parseBranch,
} from './accounts.js';
import { setBranchDetails } from '../quotations/index.js';
import { recordStaffAction } from './audit.js';
import { generatePassword, hashPassword, passwordProblem } from './passwords.js';

export const STAFF_USAGE = `Usage: npm run staff -- <command>
  add EMAIL --role admin|branch|catalogue|release [--branch Dubai|Oman|Bahrain|Saudi] [--remotes catalogue,chat] [--generate-password]
      a new account; --branch is required for branch staff and refused for admins (they see every branch) and the catalogue role (it edits the catalogue, no inbox);
      --remotes is required for the release role (it releases only those remotes in the staff app's releases console, no inbox) and refused for the others
  disable EMAIL                      the account can no longer sign in; its sessions end at once
  enable EMAIL                       undoes disable
  reset-password EMAIL [--generate-password] [--reset-totp]
      a new password (its sessions end); --reset-totp also clears its second factor and recovery codes,
      to be set up again at the next sign-in (admins)
  profile EMAIL --name "Layla Haddad" [--phone "+971 4 347 1123"]
      how the quotations this account sends name their salesperson: its name and direct phone (its e-mail is the
      account's); --phone "" clears the phone
  branch-details BRANCH --legal-name "…" --tax-number … --commercial-registration …
      the seller a branch's quotations name (as admins set it on the Rates and VAT page): its legal name, TRN (UAE),
      VATIN (Oman, Bahrain) or VAT number (Saudi Arabia), and commercial registration number
  list                               every account
The password is typed twice (not shown) on a terminal, read from the first line of standard input when it is
piped in, or made up and printed once with --generate-password. At least 12 characters, not a common password.
Reads DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default <repo>/.data).`;

export interface StaffCliIo extends CliIo {
  /** The new password: typed (twice, hidden) on a terminal, or read from piped standard input. */
  readPassword: () => Promise<string>;
}

class UsageError extends Error {}
class CliError extends Error {}

interface Args {
  command: string;
  email: string | undefined;
  role: string | undefined;
  branch: string | undefined;
  remotes: string | undefined;
  generatePassword: boolean;
  resetTotp: boolean;
  name: string | undefined;
  phone: string | undefined;
  legalName: string | undefined;
  taxNumber: string | undefined;
  commercialRegistration: string | undefined;
}

function parseCommandLine(argv: string[]): Args | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      branch: { type: 'string' },
      remotes: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      'legal-name': { type: 'string' },
      'tax-number': { type: 'string' },
      'commercial-registration': { type: 'string' },
      'generate-password': { type: 'boolean', default: false },
      'reset-totp': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) return 'help';
  const [command, email, ...extra] = positionals;
  if (command === undefined)
    throw new UsageError('Name a command: add, disable, enable, reset-password, profile, branch-details or list.');
  if (!['add', 'disable', 'enable', 'reset-password', 'profile', 'branch-details', 'list'].includes(command))
    throw new UsageError(`Unknown command "${command}".`);
  if (command === 'list' ? email !== undefined : email === undefined) {
    throw new UsageError(
      command === 'list'
        ? 'list takes no e-mail address.'
        : command === 'branch-details'
          ? 'branch-details needs the branch: Dubai, Oman, Bahrain or Saudi.'
          : `${command} needs the account's e-mail address.`,
    );
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const allowed: Record<string, string[]> = {
    add: ['role', 'branch', 'remotes', 'generate-password'],
    'reset-password': ['generate-password', 'reset-totp'],
    profile: ['name', 'phone'],
    'branch-details': ['legal-name', 'tax-number', 'commercial-registration'],
  };
  for (const option of [
    'role',
    'branch',
    'remotes',
    'generate-password',
    'reset-totp',
    'name',
    'phone',
    'legal-name',
    'tax-number',
    'commercial-registration',
  ] as const) {
    const given = values[option] !== undefined && values[option] !== false;
    if (given && !(allowed[command] ?? []).includes(option))
      throw new UsageError(`${command} does not take --${option}.`);
  }
  return {
    command,
    email,
    role: values.role,
    branch: values.branch,
    remotes: values.remotes,
    generatePassword: values['generate-password'] === true,
    resetTotp: values['reset-totp'] === true,
    name: values.name,
    phone: values.phone,
    legalName: values['legal-name'],
    taxNumber: values['tax-number'],
    commercialRegistration: values['commercial-registration'],
  };
}

/** Runs the command; resolves to the exit code (0 done, 1 failed, 2 wrong usage). */
export async function staffCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: StaffCliIo,
): Promise<number> {
  let args: Args | 'help';
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    io.err(`${describeError(error)}\n\n${STAFF_USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    io.out(`${STAFF_USAGE}\n`);
    return 0;
  }

  const db = await openCliDatabase(env, io, 'to manage accounts while it runs');
  if (db === undefined) return 1;
  try {
    await runMigrations(db);
    await run(db, args, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${STAFF_USAGE}\n`);
      return 2;
    }
    io.err(error instanceof CliError ? `${error.message}\n` : `Could not ${args.command}: ${describeError(error)}\n`);
    return 1;
  } finally {
    await db.close();
  }
}

/** Sets a branch's seller details as an admin does on the Rates and VAT page (the quotations feature checks them). */
async function branchDetails(db: Database, args: Args, io: StaffCliIo): Promise<void> {
  const branch = parseBranch(args.email ?? '');
  if (branch === undefined)
    throw new UsageError(`Unknown branch "${args.email ?? ''}": use Dubai, Oman, Bahrain or Saudi.`);
  const values = {
    legalName: args.legalName ?? '',
    taxNumber: args.taxNumber ?? '',
    commercialRegistration: args.commercialRegistration ?? '',
  };
  try {
    await setBranchDetails(db.kysely, branch, values, { id: 0, email: 'cli' }, (trx, _actor, ...rest) =>
      recordStaffAction(trx, null, ...rest),
    );
  } catch (error) {
    throw new CliError(describeError(error));
  }
  io.out(`Quotations of ${branch} name ${values.legalName.trim()} as the seller.\n`);
}

/** Why a salesperson's name or direct phone cannot be kept, in words; null when both can. */
export function salespersonProblem(name: string, phone: string): string | null {
  if ([...name].length > 100) return 'The name is at most 100 characters.';
  // no control, direction or line-breaking character: the name is printed on documents and in mail
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) return 'The name contains characters that are not allowed.';
  if (phone !== '' && !/^\+?[0-9][0-9 ()-]{5,28}[0-9]$/.test(phone))
    return `The phone "${phone.slice(0, 40)}" is not a phone number: digits, spaces, hyphens and brackets, with an optional + first, such as +971 4 347 1123.`;
  return null;
}

async function run(db: Database, args: Args, io: StaffCliIo): Promise<void> {
  if (args.command === 'list') return list(db, io);
  if (args.command === 'branch-details') return branchDetails(db, args, io);
  const email = normaliseEmail(args.email ?? '');
  if (!isEmailAddress(email)) throw new UsageError(`"${args.email}" is not an e-mail address.`);

  if (args.command === 'add') {
    const role = args.role as StaffRole | undefined;
    if (role === undefined || !STAFF_ROLES.includes(role))
      throw new UsageError('add needs --role admin, --role branch, --role catalogue or --role release.');
    let branch: StaffBranch | null = null;
    if (role === 'branch') {
      if (args.branch === undefined) throw new UsageError('Branch staff need --branch Dubai, Oman, Bahrain or Saudi.');
      branch = parseBranch(args.branch) ?? null;
      if (branch === null) throw new UsageError(`Unknown branch "${args.branch}": use Dubai, Oman, Bahrain or Saudi.`);
    } else if (args.branch !== undefined) {
      throw new UsageError(
        role === 'admin'
          ? 'Admins see every branch: leave out --branch.'
          : `The ${role} role belongs to no branch: leave out --branch.`,
      );
    }
    const remotes = role === 'release' ? releaseRemotes(args.remotes) : null;
    if (role !== 'release' && args.remotes !== undefined)
      throw new UsageError('Only the release role has --remotes (admins release every remote).');
    if ((await findAccountByEmail(db.kysely, email)) !== undefined)
      throw new CliError(`An account for ${email} already exists.`);
    const password = await newPassword(args, email, io);
    const passwordHash = await hashPassword(password);
    const id = await db.kysely.transaction().execute(async (trx) => {
      const { id: accountId } = await trx
        .insertInto('staff_accounts')
        .values({ email, password_hash: passwordHash, role, branch, remotes: remotes?.join(',') ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordStaffAction(
        trx,
        null,
        'account added',
        `account:${accountId}`,
        `cli; ${email}, ${role}${branch === null ? '' : `, ${branch}`}${remotes === null ? '' : `, ${remotes.join(' ')}`}`,
      );
      return accountId;
    });
    const what =
      role === 'admin'
        ? 'admin'
        : role === 'catalogue'
          ? 'catalogue editor'
          : role === 'release'
            ? `release staff (${remotes?.join(', ')})`
            : `branch staff (${branch})`;
    io.out(`Added ${what} ${email} (account ${id}).\n`);
    if (mustUseSecondFactor({ role }))
      io.out('At their first sign-in they set up an authenticator app (TOTP) and get their recovery codes.\n');
    return;
  }

  const account = await findAccountByEmail(db.kysely, email);
  if (account === undefined) throw new CliError(`There is no account for ${email}.`);
  const target = `account:${account.id}`;

  if (args.command === 'profile') {
    const name = (args.name ?? '').trim();
    const phone = (args.phone ?? '').trim();
    if (name === '') throw new UsageError('profile needs --name: how quotations name the salesperson.');
    const problem = salespersonProblem(name, phone);
    if (problem !== null) throw new CliError(problem);
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_accounts')
        .set({ display_name: name, direct_phone: phone })
        .where('id', '=', account.id)
        .execute();
      await recordStaffAction(trx, null, 'account profile', target, `cli; ${name}${phone === '' ? '' : `, ${phone}`}`);
    });
    io.out(`Quotations ${email} sends name ${name}${phone === '' ? '' : ` (${phone})`} as their salesperson.\n`);
    return;
  }

  if (args.command === 'disable' || args.command === 'enable') {
    const disable = args.command === 'disable';
    const ended = await db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('staff_accounts').set({ disabled: disable }).where('id', '=', account.id).execute();
      const count = disable ? await endSessionsOf(trx, account.id) : 0;
      await recordStaffAction(
        trx,
        null,
        disable ? 'account disabled' : 'account enabled',
        target,
        disable ? `cli; ${count} sessions ended` : 'cli',
      );
      return count;
    });
    io.out(disable ? `Disabled ${email}; ${ended} session${ended === 1 ? '' : 's'} ended.\n` : `Enabled ${email}.\n`);
    return;
  }

  // reset-password
  const password = await newPassword(args, email, io);
  const passwordHash = await hashPassword(password);
  const ended = await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_accounts')
      .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
      .where('id', '=', account.id)
      .execute();
    if (args.resetTotp) {
      await trx
        .updateTable('staff_accounts')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', account.id)
        .execute();
      await trx.deleteFrom('staff_recovery_codes').where('account_id', '=', account.id).execute();
    }
    const count = await endSessionsOf(trx, account.id);
    await recordStaffAction(
      trx,
      null,
      'password reset',
      target,
      `cli; ${args.resetTotp ? 'second factor reset; ' : ''}${count} sessions ended`,
    );
    return count;
  });
  io.out(`New password set for ${email}; ${ended} session${ended === 1 ? '' : 's'} ended.\n`);
  if (args.resetTotp)
    io.out(
      'Their second factor and recovery codes are cleared: admins, catalogue and release staff set up a new one at their next sign-in.\n',
    );
}

/** The release role's remotes from --remotes: known federation names, each once, in the registry's order. */
function releaseRemotes(option: string | undefined): string[] {
  const known = RELEASED_REMOTES.join(', ');
  if (option === undefined)
    throw new UsageError(`The release role needs --remotes with one or more of ${known}, e.g. --remotes catalogue.`);
  const named = option
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = named.find((name) => !(RELEASED_REMOTES as readonly string[]).includes(name));
  if (unknown !== undefined) throw new UsageError(`Unknown remote "${unknown}": use ${known}.`);
  if (named.length === 0) throw new UsageError(`--remotes must name one or more of ${known}.`);
  return RELEASED_REMOTES.filter((name) => named.includes(name));
}

/** The new password: generated (printed once) or read, and checked against the policy. */
async function newPassword(args: Args, email: string, io: StaffCliIo): Promise<string> {
  if (args.generatePassword) {
    let password = generatePassword();
    while (passwordProblem(password, email) !== undefined) password = generatePassword();
    io.out(`Password (shown once; hand it over by a safe channel): ${password}\n`);
    return password;
  }
  let password: string;
  try {
    password = await io.readPassword();
  } catch (error) {
    throw new CliError(describeError(error)); // typed twice differently, or cancelled: said as it is
  }
  if (password === '') throw new CliError('No password given: type one, pipe it in, or use --generate-password.');
  const problem = passwordProblem(password, email);
  if (problem !== undefined) throw new CliError(problem);
  return password;
}

async function list(db: Database, io: StaffCliIo): Promise<void> {
  const accounts = await listAccounts(db.kysely);
  if (accounts.length === 0) {
    io.out('No staff accounts yet. Add one: npm run staff -- add EMAIL --role admin\n');
    return;
  }
  const day = (date: Date | null) => (date === null ? '-' : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  const rows = accounts.map((account) => [
    String(account.id),
    account.email,
    account.role === 'release' ? `release (${(account.remotes ?? '').split(',').join(', ')})` : account.role,
    account.role === 'catalogue' || account.role === 'release' ? '-' : (account.branch ?? 'all'), // these roles work for no branch
    account.disabled ? 'disabled' : 'enabled',
    account.totp_enabled_at === null ? 'no' : 'yes',
    day(account.last_sign_in_at),
  ]);
  const header = ['id', 'e-mail', 'role', 'branch', 'state', 'TOTP', 'last sign-in'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `${cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()}\n`;
  io.out(line(header) + rows.map(line).join(''));
}
