// Composition root: every domain service built from the database, configuration and clock.
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { systemClock, type Clock } from './time.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { BetasService } from './modules/betas/betas.service.ts';

export interface Services {
  accounts: AccountsService;
  betas: BetasService;
}

export function createServices(database: DatabaseHandle, _config: Config, clock: Clock = systemClock): Services {
  const { db } = database;
  return {
    accounts: new AccountsService(db, clock),
    betas: new BetasService(db, clock),
  };
}
