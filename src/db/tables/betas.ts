// A beta's own configuration: the beta, its images, questions and invitation codes.
// Conventions (timestamps, booleans) in ../types.ts.
import type { Generated, Selectable } from 'kysely';

export interface BetasTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  homepage_url: string;
  /** The public signup page's name (/b/{slug}); null = reached by id only. */
  slug: Generated<string | null>;
  settings: string; // JSON object, see modules/betas/beta-settings.ts
  /** JSON object, see modules/betas/beta-page.ts (migration 028). */
  page: Generated<string>;
  /** The beta this one is the sandbox of (migration 041); null for a beta of its own. */
  sandbox_of: Generated<number | null>;
  created_at: string;
  updated_at: string;
}
export type BetaRow = Selectable<BetasTable>;

/** A beta's logo and hero image (migration 028), served by the digest of their bytes. */
export interface BetaImagesTable {
  beta_id: number;
  kind: 'logo' | 'hero';
  /** SHA-256 of the bytes, hex. */
  digest: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  beta_id: number;
  kind: string;
  prompt: string;
  choices: string; // JSON array of strings
  required: number;
  created_at: string;
}
export type QuestionRow = Selectable<QuestionsTable>;

export interface InvitationCodesTable {
  id: Generated<number>;
  beta_id: number;
  code: string;
  code_normalized: string;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: string | null;
  created_at: string;
}
export type InvitationCodeRow = Selectable<InvitationCodesTable>;
