import type { Static } from 'typebox';
import type { FraudSimulationRow } from '../../db/tables/owner-work.ts';
import { apiTime } from '../../primitives/time.ts';
import { SIMULATED_SETTINGS, type SimulatedSettings } from './fraud-simulation.ts';
import type { SimulationResult } from './fraud-simulations.service.ts';
import type { SimulationSchema, SimulationStates } from './fraud-simulations.schemas.ts';

export function presentSimulation(row: FraudSimulationRow): Static<typeof SimulationSchema> {
  const settings = JSON.parse(row.settings) as SimulatedSettings;
  const result = row.result === null ? null : (JSON.parse(row.result) as SimulationResult);
  return {
    id: row.id,
    beta_id: row.beta_id,
    status: row.status as (typeof SimulationStates)[number],
    progress: row.status === 'completed' ? 100 : row.testers_total === 0 ? 0 : Math.min(100, Math.floor((row.testers_read * 100) / row.testers_total)),
    testers_checked: row.testers_checked,
    settings: Object.fromEntries(SIMULATED_SETTINGS.map((key) => [key, settings[key]])) as Omit<SimulatedSettings, 'waitlist_order' | 'referral_points'>,
    rules: result?.rules ?? [],
    positions_changed: result?.positions_changed ?? null,
    requested_by: { member_id: row.requested_by_member_id, api_key_id: row.requested_by_key_id },
    failure: row.failure,
    created_at: apiTime(row.created_at),
    finished_at: apiTime(row.finished_at),
  };
}
