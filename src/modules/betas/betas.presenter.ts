// A beta as the API and the CLI show it: its fields and counters, a whitelist built field by field.
import { apiTime } from '../../time.ts';
import type { CountedBeta } from './betas.service.ts';

export function presentBeta(beta: CountedBeta) {
  const { counters } = beta;
  return {
    id: beta.id,
    name: beta.name,
    homepage_url: beta.homepage_url,
    slug: beta.slug,
    testers_count: counters.testers_count,
    impressions_count: counters.impressions_count,
    share_clicks_count: counters.share_clicks_count,
    share_signups_count: counters.share_signups_count,
    imported_testers_count: counters.imported_testers_count,
    applied_testers_count: counters.applied_testers_count,
    invited_testers_count: counters.invited_testers_count,
    active_testers_count: counters.active_testers_count,
    rejected_testers_count: counters.rejected_testers_count,
    created_at: apiTime(beta.created_at),
    updated_at: apiTime(beta.updated_at),
    settings: beta.settings,
  };
}
