// The README's tour through the typed client: a campaign, a signup, a referred friend, a standing
// and a filtered list. Run it against a server: PRELAUNCH_URL=http://localhost:3000
// PRELAUNCH_API_KEY=pl_… npx tsx client/example.ts
import { fileURLToPath } from 'node:url';
import { createPrelaunchClient, type PrelaunchClient } from './index.ts';

export async function tour(client: PrelaunchClient) {
  // A campaign (management extension). Every body and answer is typed from the OpenAPI document.
  const beta = await client.POST('/api/v2/betas', { body: { name: 'Rocket', homepage_url: 'https://rocket.example' } });
  if (!beta.data) throw new Error(`creating the beta failed: ${JSON.stringify(beta.error)}`);
  const beta_id = String(beta.data.id);

  // A tester signs up, then a friend through her referral code.
  const ann = await client.POST('/api/v2/betas/{beta_id}/testers', {
    params: { path: { beta_id } },
    body: { tester: { email: 'ann@example.com', profile: { first_name: 'Ann' } } },
  });
  if (!ann.data) throw new Error(`the signup failed: ${JSON.stringify(ann.error)}`);
  await client.POST('/api/v2/betas/{beta_id}/testers', {
    params: { path: { beta_id } },
    body: { tester: { email: 'bob@example.com', referrer_id: ann.data.referral_code } },
    // Writes accept an Idempotency-Key: a retried request changes nothing twice.
    headers: { 'idempotency-key': 'signup-bob-1' },
  });

  // Ann read back with her standing, and a list filtered by address.
  const shown = await client.GET('/api/v2/betas/{beta_id}/testers/{tester_id}', { params: { path: { beta_id, tester_id: String(ann.data.id) } } });
  const listed = await client.GET('/api/v2/betas/{beta_id}/testers', { params: { path: { beta_id }, query: { email_contains: 'example.com', per_page: 10 } } });
  return { beta: beta.data, ann: shown.data, listed: listed.data ?? [], pagination: listed.response.headers.get('x-pagination') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const client = createPrelaunchClient({ baseUrl: process.env.PRELAUNCH_URL ?? 'http://localhost:3000', apiKey: process.env.PRELAUNCH_API_KEY ?? '' });
  const { ann, listed } = await tour(client);
  console.log(`Ann is #${ann?.waitlist_position} of ${ann?.waitlist_length}, with ${ann?.share_signups_count} referral; ${listed.length} testers listed`);
}
