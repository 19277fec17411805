// Companies (as the CLI shows them) and API keys (as the CLI and the API show them). A key's
// secret appears only in the answer that created it; its hash never does.
import { apiTime } from '../../primitives/time.ts';
import type { ApiKeyInfo, Company, CreatedApiKey } from './accounts.service.ts';

export function presentCompany(company: Company) {
  return {
    id: company.id,
    name: company.name,
    max_testers: company.max_testers,
    created_at: apiTime(company.created_at),
    updated_at: apiTime(company.updated_at),
  };
}

export function presentKeyInfo(key: ApiKeyInfo) {
  return {
    id: key.id,
    company_id: key.company_id,
    name: key.name,
    key_prefix: key.key_prefix,
    permissions: key.permissions,
    created_at: apiTime(key.created_at),
    expires_at: apiTime(key.expires_at),
    revoked_at: apiTime(key.revoked_at),
    last_used_at: apiTime(key.last_used_at),
  };
}

export function presentCreatedKey(key: CreatedApiKey) {
  return {
    id: key.id,
    company_id: key.company_id,
    name: key.name,
    key_prefix: key.key_prefix,
    key: key.key,
    permissions: key.permissions,
    created_at: apiTime(key.created_at),
    expires_at: apiTime(key.expires_at),
  };
}
