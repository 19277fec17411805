// What every command shares: where output goes, and the database, opened (and migrated) only when
// a command actually runs, so `--help` and usage errors never touch it.
import { EventEmitter, once } from 'node:events';
import { loadConfig, type Config } from '../process/config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createServices, type Services } from '../services.ts';
import { openGeoLocator } from '../modules/testers/geoip.ts';
import type { Company } from '../modules/accounts/accounts.service.ts';

export interface CliOutput {
  write(text: string): unknown;
}

export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
}

export interface Session {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  /** Migrations this run applied before the command (the `migrate` command reports them). */
  applied: string[];
}

export class CliContext {
  private database: DatabaseHandle | undefined;
  private session: Session | undefined;

  constructor(
    private readonly io: CliIo,
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** The configuration from the environment, for commands that open what they need themselves. */
  config(): Config {
    return loadConfig(this.env);
  }

  /** Opens the database named by DATABASE_URL and brings its schema up to date, once per run. */
  async open(): Promise<Session> {
    if (this.session) return this.session;
    const config = this.config();
    // `prelaunch worker` listens for jobs; the other commands only announce theirs, through the pool.
    this.database = openDatabase(config.databaseUrl, { listenUrl: config.databaseListenUrl, commitGroups: config.postgresCommitGroups });
    const applied = await migrateToLatest(this.database);
    // No command here locates an IP address, so the GeoIP database (tens of MB) is not loaded.
    const services = await createServices(this.database, config, { geo: await openGeoLocator('off') });
    this.session = { config, database: this.database, services, applied };
    return this.session;
  }

  /** The command's result: pretty JSON on stdout, written once, after the command succeeded. */
  print(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Text for people (a command's readable form), written once, after the command succeeded. */
  write(text: string): void {
    this.io.stdout.write(text);
  }

  /** Text written to stdout as it comes, each chunk once stdout has taken the last (a pipe to a slow reader fills). */
  async stream(chunks: AsyncIterable<string>): Promise<void> {
    const out = this.io.stdout;
    for await (const chunk of chunks) {
      if (out.write(chunk) === false && out instanceof EventEmitter) await once(out, 'drain');
    }
  }

  async close(): Promise<void> {
    const database = this.database;
    this.database = undefined;
    this.session = undefined;
    if (database) await database.close();
  }
}

/** The company, or an error naming the id: every company-scoped command checks this first. */
export async function requireCompany(services: Services, id: number): Promise<Company> {
  const company = await services.accounts.findCompany(id);
  if (!company) throw new Error(`Company ${id} not found`);
  return company;
}
